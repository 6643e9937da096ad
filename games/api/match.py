"""Match records API: upload (202 + the record's URL and check status) and reads."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import mixins, permissions, renderers, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.renderers import BrowsableAPIRenderer
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from accounts.throttling import UploadThrottle
from clubs.permissions import NotAMember, club_for_member, club_players
from games.models import MatchGame, MatchRecord, Violation
from games.selectors.match import match_list_visible, records_version
from games.services.match_export import match_export, match_export_sgf
from games.services.match_import import RuleOptions, match_import
from ops.pagecache import CachedListMixin
from results.api import RatedListSerializer, RatedMixin


class MatchUploadInput(serializers.Serializer):
    file = serializers.FileField(help_text="A .mat/.txt text match file or an .sgf file "
                                           "(GNU Backgammon's format), told apart by content.")
    player_left = serializers.IntegerField(required=False,
                                           help_text="Player id (a member of the club).")
    player_right = serializers.IntegerField(required=False,
                                            help_text="Player id (a member of the club).")
    jacoby = serializers.BooleanField(default=False)
    beavers = serializers.BooleanField(default=False)
    crawford = serializers.BooleanField(default=True)


class ViolationOutput(serializers.ModelSerializer):
    class Meta:
        model = Violation
        fields = ["game_number", "line", "rule", "severity", "message", "position_id", "dice",
                  "play_text", "legal_plays"]


class GameOutput(serializers.ModelSerializer):
    class Meta:
        model = MatchGame
        fields = ["number", "score_left", "score_right", "crawford", "winner", "points",
                  "result_kind", "ended_by", "cube_value", "is_void"]


class MatchOutput(RatedMixin, serializers.ModelSerializer):
    rated_source = "match_record"
    url = serializers.HyperlinkedIdentityField(view_name="match-record-detail")
    check_status = serializers.CharField(source="rules_check.status", read_only=True)
    player_left = serializers.CharField(source="player_left.name")
    player_right = serializers.CharField(source="player_right.name")
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = MatchRecord
        fields = ["id", "url", "club", "player_left", "player_right", "match_length",
                  "crawford", "jacoby", "beavers", "score_left", "score_right", "winner",
                  "check_status", "uploaded_at", "rated"]
        list_serializer_class = RatedListSerializer


class MatchDetailOutput(MatchOutput):
    games = GameOutput(many=True, read_only=True)
    violations = serializers.SerializerMethodField()
    export_mat = serializers.HyperlinkedIdentityField(view_name="match-record-export-mat")
    export_sgf = serializers.HyperlinkedIdentityField(view_name="match-record-export-sgf")

    class Meta(MatchOutput.Meta):
        fields = [*MatchOutput.Meta.fields, "games", "violations", "export_mat", "export_sgf"]

    @extend_schema(exclude=True)
    def get_violations(self, record) -> list[dict]:
        check = getattr(record, "rules_check", None)
        rows = check.violations.all() if check else []
        return ViolationOutput(rows, many=True).data


class MatRenderer(renderers.BaseRenderer):
    media_type, format, charset = "text/plain", "mat", "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data.encode("utf-8") if isinstance(data, str) else b""


class SgfRenderer(MatRenderer):
    media_type, format = "application/x-go-sgf", "sgf"


class MatchRecordViewSet(CachedListMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin,
                         viewsets.GenericViewSet):
    """Match records you may see: those of your clubs, and of clubs whose results are public."""

    def list_version(self) -> str:
        # Which clubs the viewer sees moves with their memberships and the clubs' settings
        # (the site's stamp, in the key); the records with the version of all of them.
        return f"{self.request.user.pk}:{records_version(club=None)}"

    permission_classes = [permissions.AllowAny]
    filterset_fields = ["club__slug", "rules_check__status"]

    def get_serializer_class(self):
        return MatchDetailOutput if self.action == "retrieve" else MatchOutput

    queryset = MatchRecord.objects.none()  # for the schema; get_queryset scopes it

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return MatchRecord.objects.none()
        return match_list_visible(user=self.request.user)

    @extend_schema(responses={(200, "text/plain"): OpenApiResponse(OpenApiTypes.STR)})
    @action(detail=True, methods=["get"], url_path="export.mat", url_name="export-mat",
            renderer_classes=[MatRenderer, BrowsableAPIRenderer])
    def export_mat(self, request, pk=None):
        """The record as a text match file (gnubg's layout)."""
        return _export(self.get_object(), "mat", match_export)

    @extend_schema(responses={(200, "application/x-go-sgf"): OpenApiResponse(OpenApiTypes.STR)})
    @action(detail=True, methods=["get"], url_path="export.sgf", url_name="export-sgf",
            renderer_classes=[SgfRenderer, BrowsableAPIRenderer])
    def export_sgf(self, request, pk=None):
        """The record as SGF (GM[6]), as GNU Backgammon writes it."""
        return _export(self.get_object(), "sgf", match_export_sgf)


def _export(record: MatchRecord, fmt: str, export) -> Response:
    name = f"match-{record.pk}.{fmt}"
    return Response(export(record=record),
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


class MatchUploadApi(APIView):
    """Upload a match file to a club: 202 with the record's URL and its check status."""

    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [MultiPartParser, FormParser]
    throttle_classes = [*api_settings.DEFAULT_THROTTLE_CLASSES, UploadThrottle]

    @extend_schema(request={"multipart/form-data": MatchUploadInput},
                   responses={202: MatchOutput})
    def post(self, request, slug: str):
        club = club_for_member(user=request.user, slug=slug)
        data = MatchUploadInput(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        record = match_import(
            club=club, data=values["file"].read(), filename=values["file"].name,
            uploaded_by=request.user,
            player_left=self._member(club, values.get("player_left")),
            player_right=self._member(club, values.get("player_right")),
            options=RuleOptions(jacoby=values["jacoby"], beavers=values["beavers"],
                                crawford=values["crawford"]),
        )
        record = MatchRecord.objects.select_related("rules_check", "club").get(pk=record.pk)
        body = MatchOutput(record, context={"request": request}).data
        location = str(body["url"])  # a plain str: WSGI servers reject str subclasses
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": location})

    @staticmethod
    def _member(club, player_id):
        if player_id is None:
            return None
        try:
            return club_players(club=club, players=[player_id])[0]
        except NotAMember as exc:
            raise serializers.ValidationError({"player": str(exc)}) from exc
