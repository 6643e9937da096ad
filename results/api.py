"""What the API shows of a finished match wherever it appears (a tournament match, a match
record, a ladder challenge, a league fixture): ``rated``, one verdict per list it could
enter. A serializer takes ``RatedMixin`` and names its source; its lists read the verdicts
of a whole page at once (``RatedListSerializer``: a constant number of queries)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from .selectors_rated import rated_for_sources


class RatedOutput(serializers.Serializer):
    list = serializers.CharField(help_text="The list: club:<slug> or federation:<slug>.")
    name = serializers.CharField(help_text="The list's owner, by name.")
    rated = serializers.BooleanField()
    reason = serializers.CharField(help_text=(
        "Why, naming whose policy decided, in the caller's language "
        "(\"1-point match: Riverside's policy\")."))


class RatedListSerializer(serializers.ListSerializer):
    """A list of source matches whose verdicts are read at once."""

    def to_representation(self, data):
        items = list(data.all() if hasattr(data, "all") else data)
        if all(isinstance(item, dict) and "rated" in item for item in items):
            return super().to_representation(items)  # read by the view, for the whole page
        self.rated_map = rated_for_sources(source=self.child.rated_source,
                                           source_ids=[_key(item) for item in items])
        return super().to_representation(items)


class RatedMixin(serializers.Serializer):
    """Adds ``rated`` to a source match's output (``rated_source``: its
    ``FinishedMatch.Source``). Set ``list_serializer_class = RatedListSerializer`` in the
    serializer's Meta so that a list reads its verdicts in bulk."""

    rated_source = ""
    rated = serializers.SerializerMethodField(help_text=(
        "For each rating list the finished match could enter, whether it is rated and why "
        "(empty until the match is finished)."))

    @extend_schema_field(RatedOutput(many=True))
    def get_rated(self, obj) -> list[dict]:
        if isinstance(obj, dict) and "rated" in obj:
            return obj["rated"]
        found = getattr(self.parent, "rated_map", None)
        if found is None:
            found = rated_for_sources(source=self.rated_source, source_ids=[_key(obj)])
        return found.get(_key(obj), [])


def _key(item) -> int:
    """A source match's id (a model row, or the dict a format's view builds)."""
    return item["id"] if isinstance(item, dict) else item.pk
