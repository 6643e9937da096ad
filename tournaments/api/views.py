"""Tournaments API: tournaments with their entries and bracket (anyone reads); the club's
admins (directors) create, enter, seed, start and enter results; referees and admins settle
disputes and correct results; players report, confirm and dispute their own matches and
withdraw their own entries (the services check who: anyone else gets a 403). Every write
goes through ``tournaments.services``; the gates of ``clubs.permissions`` decide who may
call it."""

from django.db.models import Prefetch, prefetch_related_objects
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.generics import get_object_or_404
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.permissions import club_for_admin, club_for_referee, is_club_admin
from ops.pagecache import CachedListMixin, cached_answer
from results.api import RatedListSerializer, RatedMixin
from tournaments import selectors, services
from tournaments.models import Entry, Placing, ResultReport, Tournament, TournamentMatch

# --------------------------------------------------------------------------- output


class TournamentMatchOutput(RatedMixin, serializers.ModelSerializer):
    rated_source = "tournament"

    # Empty until the slot is filled (a bye, a winner still to come).
    player_a = serializers.CharField(source="player_a.name", default=None, allow_null=True)
    player_b = serializers.CharField(source="player_b.name", default=None, allow_null=True)
    status = serializers.CharField(read_only=True)
    flight = serializers.CharField(read_only=True)
    flag = serializers.CharField(source="shown_flag", read_only=True, help_text=(
        "Why a referee must look (empty: nothing), in the caller's language."))

    class Meta:
        model = TournamentMatch
        fields = ["id", "key", "flight", "round_number", "length", "slot_a", "slot_b",
                  "player_a_id", "player_a", "player_b_id", "player_b", "status", "score_a",
                  "score_b", "winner_id", "flag", "rated"]
        list_serializer_class = RatedListSerializer


class EntryOutput(serializers.ModelSerializer):
    player = serializers.CharField(source="player.name", read_only=True)
    status = serializers.CharField(read_only=True, help_text="active, withdrawn or "
                                                             "disqualified")

    class Meta:
        model = Entry
        fields = ["id", "player_id", "player", "seed", "status"]


class TournamentOutput(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    status = serializers.CharField(read_only=True, help_text="draft, registration, running "
                                                             "or finished")
    format = serializers.CharField(read_only=True)

    class Meta:
        model = Tournament
        fields = ["id", "club", "name", "starts_on", "format", "status", "options", "version"]


class PlacingOutput(serializers.ModelSerializer):
    competition = serializers.CharField(read_only=True,
                                        help_text="main, consolation or last_chance")
    player = serializers.CharField(source="player.name", read_only=True)
    label = serializers.CharField(read_only=True, help_text='The place as shown: "1st", '
                                  '"3rd=" when shared')
    shared = serializers.IntegerField(read_only=True,
                                      help_text="How many players share the place")
    field_size = serializers.IntegerField(read_only=True,
                                          help_text="How many players the competition had")

    class Meta:
        model = Placing
        fields = ["competition", "place", "label", "shared", "field_size", "player_id",
                  "player"]


class TournamentDetailOutput(TournamentOutput):
    entries = EntryOutput(many=True, read_only=True)
    matches = TournamentMatchOutput(many=True, read_only=True)
    placings = PlacingOutput(many=True, read_only=True, help_text=(
        "The final placings of each competition, stored when the tournament finishes "
        "(empty before); master points and the player pages read them."))

    class Meta(TournamentOutput.Meta):
        fields = [*TournamentOutput.Meta.fields, "draw_seed", "entries", "matches",
                  "placings"]


class TournamentReportOutput(serializers.ModelSerializer):
    note = serializers.CharField(source="shown_note", read_only=True, help_text=(
        "Why the report was disputed or flagged, or waits for a person, in the caller's "
        "language (a player's own words as written)."))

    class Meta:
        model = ResultReport
        extra_kwargs = {"status": {"read_only": True}}
        fields = ["id", "match", "winner", "score_a", "score_b", "status", "note",
                  "match_record", "created_at"]


def _bracket_prefetches() -> list[Prefetch]:
    """Entries, matches and placings with their players: three queries, whatever the
    size."""
    return [
        Prefetch("matches", queryset=TournamentMatch.objects.select_related(
            "player_a", "player_b").order_by("pk")),
        Prefetch("entries", queryset=Entry.objects.select_related("player")
                 .order_by("seed", "pk")),
        Prefetch("placings", queryset=Placing.objects.select_related("player")
                 .order_by("competition", "place", "player__name"))]


def _with_bracket(queryset):
    """The tournaments with their bracket (``_bracket_prefetches``)."""
    return queryset.prefetch_related(*_bracket_prefetches())


class TournamentViewSet(CachedListMixin, viewsets.ReadOnlyModelViewSet):
    """Club tournaments; the detail carries the entries and the bracket (every match with
    its slots, players and result). The list is kept until an event moves; the detail is
    kept per version of its event (every write to it bumps the version) and the club's
    stamp (a player renamed)."""

    def list_version(self) -> str:
        return selectors.events_version(club=None, model=Tournament)

    permission_classes = [permissions.AllowAny]
    filterset_fields = ["club__slug", "status"]

    def get_queryset(self):
        queryset = Tournament.objects.select_related("club").order_by("-starts_on", "-pk")
        return _with_bracket(queryset) if self.action == "retrieve" else queryset

    def get_serializer_class(self):
        return TournamentDetailOutput if self.action == "retrieve" else TournamentOutput

    def retrieve(self, request, *args, **kwargs):
        # The detail of a 64-player double elimination is ~130 matches and 64 entries:
        # reading and serializing them cost ten times a minimal request. A warm answer reads
        # the tournament's row (its version) only; the bracket is read when it moved.
        queryset = self.filter_queryset(
            Tournament.objects.select_related("club").order_by("-starts_on", "-pk"))
        tournament = get_object_or_404(queryset, pk=kwargs[self.lookup_field])
        self.check_object_permissions(request, tournament)

        def make():
            prefetch_related_objects([tournament], *_bracket_prefetches())
            return self.get_serializer(tournament).data

        return cached_answer(request, f"tournament:{tournament.pk}:{tournament.version}",
                             make, club=tournament.club)


# --------------------------------------------------------------------------- input


class TournamentCreateInput(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    starts_on = serializers.DateField()
    format = serializers.ChoiceField(choices=Tournament.Format.choices,
                                     default=Tournament.Format.SINGLE)
    options = serializers.DictField(required=False, help_text="Lengths per flight and round, "
                                    "crawford, reset, minutes_per_point (see the docs).")


class EntryAddInput(serializers.Serializer):
    player = serializers.IntegerField(min_value=1, required=False,
                                      help_text="A member's player id.")
    guest = serializers.CharField(max_length=120, required=False,
                                  help_text="A guest's name (no login needed).")

    def validate(self, attrs):
        if bool(attrs.get("player")) == bool(attrs.get("guest", "").strip()):
            raise serializers.ValidationError(gettext("Give either a member's player id or a "
                                                      "guest's name."))
        return attrs


class WithdrawInput(serializers.Serializer):
    pass


class SeedInput(serializers.Serializer):
    order = serializers.ListField(child=serializers.IntegerField(min_value=1), required=False,
                                  allow_null=True, help_text="Entry ids, best first; leave "
                                  "out for a recorded random draw.")


class ResultInput(serializers.Serializer):
    winner = serializers.IntegerField(min_value=1, help_text="The winner's player id.")
    score_a = serializers.IntegerField(min_value=0, max_value=99)
    score_b = serializers.IntegerField(min_value=0, max_value=99)


class ReportInput(ResultInput):
    match_file = serializers.FileField(required=False, help_text="Optional evidence: a match "
                                       "file; when its rules check agrees, it confirms.")


class ReasonInput(serializers.Serializer):
    reason = serializers.CharField(max_length=500)


class RulingInput(ResultInput):
    reason = serializers.CharField(max_length=500, help_text="Kept in the audit log.")


# --------------------------------------------------------------------------- writes


class _Write(APIView):
    """Validate the input, call the service; a refusal is a 400 with the reason."""

    permission_classes = [permissions.IsAuthenticated]
    input_class: type[serializers.Serializer] = serializers.Serializer

    def _data(self, request) -> dict:
        data = self.input_class(data=request.data)
        data.is_valid(raise_exception=True)
        return data.validated_data


def _tournament_for_admin(request, pk: int) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=pk)
    club_for_admin(user=request.user, club_id=tournament.club_id)
    return tournament


def _match_for(request, pk: int, gate) -> TournamentMatch:
    match = get_object_or_404(TournamentMatch.objects.select_related("tournament"), pk=pk)
    gate(user=request.user, club_id=match.tournament.club_id)
    return match


class TournamentCreateApi(_Write):
    """Create a tournament of the club (its admins)."""

    input_class = TournamentCreateInput

    @extend_schema(request=TournamentCreateInput, responses={201: TournamentOutput})
    def post(self, request, slug: str):
        club = club_for_admin(user=request.user, slug=slug)
        data = self._data(request)
        tournament = services.tournament_create(club=club, created_by=request.user, **data)
        return Response(TournamentOutput(tournament).data, status=status.HTTP_201_CREATED)


class EntryAddApi(_Write):
    """Enter a member or a guest (the club's admins; until the start)."""

    input_class = EntryAddInput

    @extend_schema(request=EntryAddInput, responses={201: EntryOutput})
    def post(self, request, pk: int):
        tournament = _tournament_for_admin(request, pk)
        data = self._data(request)
        if data.get("player"):
            entry = services.entry_add(tournament=tournament, player=data["player"])
        else:
            entry = services.entry_add_guest(tournament=tournament, name=data["guest"])
        return Response(EntryOutput(entry).data, status=status.HTTP_201_CREATED)


class EntryWithdrawApi(_Write):
    """Withdraw an entry: the club's admins any entry, a player their own (anyone else gets
    a 403). Before the start the entry goes; after it the next opponent gets a walkover."""

    input_class = WithdrawInput

    @extend_schema(request=None, responses={200: EntryOutput})
    def post(self, request, pk: int):
        entry = get_object_or_404(Entry.objects.select_related("tournament__club", "player"),
                                  pk=pk)
        if is_club_admin(user=request.user, club=entry.tournament.club):
            entry = services.entry_withdraw(entry=entry, by=request.user)
        else:  # their own entry only: the service refuses anyone else's (NotAllowed, 403)
            entry = services.entry_withdraw_own(entry=entry, by=request.user)
        return Response(EntryOutput(entry).data)


class TournamentSeedApi(_Write):
    """Seed the entries in the director's order, or by a recorded random draw."""

    input_class = SeedInput

    @extend_schema(request=SeedInput, responses={200: EntryOutput(many=True)})
    def post(self, request, pk: int):
        tournament = _tournament_for_admin(request, pk)
        data = self._data(request)
        ranked = services.entries_seed(tournament=tournament, order=data.get("order"))
        return Response(EntryOutput(ranked, many=True).data)


class TournamentStartApi(_Write):
    """Close entries and draw the bracket (the club's admins)."""

    @extend_schema(request=None, responses={200: TournamentDetailOutput})
    def post(self, request, pk: int):
        tournament = _tournament_for_admin(request, pk)
        services.tournament_start(tournament=tournament, by=request.user)
        return Response(TournamentDetailOutput(
            _with_bracket(Tournament.objects.select_related("club")).get(pk=pk)).data)


class MatchResultEnterApi(_Write):
    """The director enters a match's result: final at once, the bracket advances."""

    input_class = ResultInput

    @extend_schema(request=ResultInput, responses={200: TournamentMatchOutput})
    def post(self, request, pk: int):
        match = _match_for(request, pk, club_for_admin)
        data = self._data(request)
        match = services.match_result_enter(match=match, by=request.user, **data)
        return Response(TournamentMatchOutput(match).data)


class MatchReportApi(_Write):
    """Report your own match's result (the opponent confirms it, or the attached match
    file's rules check does)."""

    input_class = ReportInput
    parser_classes = [JSONParser, MultiPartParser, FormParser]

    @extend_schema(request=ReportInput, responses={201: TournamentReportOutput})
    def post(self, request, pk: int):
        match = get_object_or_404(TournamentMatch, pk=pk)
        data = self._data(request)
        upload = data.pop("match_file", None)
        report = services.match_result_report(
            match=match, by=request.user, match_file=upload.read() if upload else None,
            filename=upload.name if upload else "", **data)
        report.refresh_from_db()  # a match file may have confirmed it already
        return Response(TournamentReportOutput(report).data, status=status.HTTP_201_CREATED)


class ReportConfirmApi(_Write):
    """Confirm a result your opponent reported."""

    @extend_schema(request=None, responses={200: TournamentReportOutput})
    def post(self, request, pk: int):
        report = get_object_or_404(ResultReport, pk=pk)
        report = services.match_result_confirm(report=report, by=request.user)
        return Response(TournamentReportOutput(report).data)


class ReportDisputeApi(_Write):
    """Dispute a result your opponent reported: the club's referees decide."""

    input_class = ReasonInput

    @extend_schema(request=ReasonInput, responses={200: TournamentReportOutput})
    def post(self, request, pk: int):
        report = get_object_or_404(ResultReport, pk=pk)
        data = self._data(request)
        report = services.match_result_dispute(report=report, by=request.user, **data)
        return Response(TournamentReportOutput(report).data)


class MatchResolveApi(_Write):
    """A referee (or admin) settles a disputed or flagged match, with a reason."""

    input_class = RulingInput

    @extend_schema(request=RulingInput, responses={200: TournamentMatchOutput})
    def post(self, request, pk: int):
        match = _match_for(request, pk, club_for_referee)
        data = self._data(request)
        match = services.match_result_resolve(match=match, by=request.user, **data)
        return Response(TournamentMatchOutput(match).data)


class MatchCorrectApi(_Write):
    """A referee (or admin) corrects a decided result, with a reason: later matches follow,
    those already played are flagged."""

    input_class = RulingInput

    @extend_schema(request=RulingInput, responses={200: TournamentMatchOutput})
    def post(self, request, pk: int):
        match = _match_for(request, pk, club_for_referee)
        data = self._data(request)
        match = services.match_result_correct(match=match, by=request.user, **data)
        return Response(TournamentMatchOutput(match).data)
