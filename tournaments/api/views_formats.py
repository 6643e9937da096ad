"""API of the round-based formats, ladders and leagues: standings and rounds, ladders and
league tables (anyone reads); the director previews and publishes a Swiss round; players
challenge, accept, report and confirm; admins enter results, referees correct them. Every
write goes through a service; the gates of ``clubs.permissions`` decide who."""

from django import forms as django_forms
from django.http import Http404
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.permissions import club_for_admin
from ops.pagecache import cached_answer
from results.api import RatedListSerializer, RatedMixin
from results.selectors_rated import rated_for_sources
from tournaments import actions, forms, selectors_league
from tournaments.models import Challenge, Fixture, Ladder, LeagueSeason, Tournament
from tournaments.services import handler_for, rounds


class FormatStandingsRowOutput(serializers.Serializer):
    label = serializers.CharField()
    player_id = serializers.IntegerField()
    player = serializers.CharField(source="player.name")
    values = serializers.ListField(child=serializers.IntegerField(allow_null=True))
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    walkovers = serializers.IntegerField()
    withdrawn = serializers.BooleanField()


class FormatStandingsOutput(serializers.Serializer):
    columns = serializers.ListField(child=serializers.CharField())
    rows = FormatStandingsRowOutput(many=True)


class PairingOutput(serializers.Serializer):
    round = serializers.IntegerField()
    pairs = serializers.ListField(child=serializers.ListField(
        child=serializers.IntegerField(allow_null=True)))
    rematches = serializers.ListField(child=serializers.ListField(
        child=serializers.IntegerField()))


class PairingInput(serializers.Serializer):
    pairs = serializers.ListField(child=serializers.ListField(
        child=serializers.IntegerField(allow_null=True), min_length=2, max_length=2))


def _round_tournament(pk: int) -> Tournament:
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if not tournament.kind.is_round_based:
        raise Http404(gettext("A knockout has no standings or pairing: see its bracket."))
    return tournament


class TournamentStandingsApi(APIView):
    """Standings of a Swiss, MoreSwiss or round robin (per group for groups), with the
    tie-break columns in the event's order."""

    refuses_reads = True  # its reads may be refused too: 400 in the schema

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=FormatStandingsOutput(many=True))
    def get(self, request, pk: int):
        tournament = _round_tournament(pk)

        def make():
            tables = handler_for(tournament).standings(tournament=tournament)
            return [{"group": t["flight"], **FormatStandingsOutput(t["standings"]).data}
                    for t in tables]

        # Kept per version of the event (every result, pairing, correction bumps it).
        return cached_answer(request, f"standings:{pk}:{tournament.version}", make,
                             club=tournament.club)


class SwissPairingApi(APIView):
    """GET: the next round's proposed pairs (player ids) and the rematches among them.
    POST: publish pairs (the proposal, or a director's change of it). Club admins only."""

    refuses_reads = True  # its reads may be refused too: 400 in the schema

    permission_classes = [permissions.IsAuthenticated]

    def _tournament(self, request, pk):
        tournament = _round_tournament(pk)
        club_for_admin(user=request.user, club_id=tournament.club_id)
        return tournament

    @extend_schema(responses=PairingOutput)
    def get(self, request, pk: int):
        tournament = self._tournament(request, pk)
        return Response(PairingOutput(rounds.swiss_round_preview(
            tournament=tournament)).data)

    @extend_schema(request=PairingInput, responses={201: PairingOutput})
    def post(self, request, pk: int):
        tournament = self._tournament(request, pk)
        data = PairingInput(data=request.data)
        data.is_valid(raise_exception=True)
        round_ = rounds.swiss_round_publish(tournament=tournament,
                                            pairs=data.validated_data["pairs"],
                                            by=request.user)
        pairs = [[m.player_a_id, m.player_b_id] for m in round_.matches.order_by("index")]
        return Response({"round": round_.number, "pairs": pairs,
                         "rematches": [list(p) for p in round_.rematches]},
                        status=status.HTTP_201_CREATED)


class ChallengeOutput(RatedMixin, serializers.ModelSerializer):
    rated_source = "ladder"
    status = serializers.CharField(read_only=True)

    class Meta:
        model = Challenge
        fields = ["id", "challenger", "challenged", "status", "issued_at", "deadline",
                  "winner", "score_challenger", "score_challenged", "rated"]
        list_serializer_class = RatedListSerializer


class RungOutput(serializers.Serializer):
    position = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player = serializers.CharField()


class LadderOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    reach = serializers.IntegerField(help_text="How many places up a player may challenge.")
    days = serializers.IntegerField(help_text="Days to play a challenge.")
    rungs = RungOutput(many=True, help_text="Top first.")
    open_challenges = ChallengeOutput(many=True)


class PlaceOutput(serializers.Serializer):
    position = serializers.IntegerField()
    player_id = serializers.IntegerField()


class LadderLeaveOutput(serializers.Serializer):
    player_id = serializers.IntegerField(help_text="Who left.")
    left_at = serializers.DateTimeField()
    rungs = PlaceOutput(many=True, help_text="The ladder now, top first.")


class LeagueRowOutput(serializers.Serializer):
    label = serializers.CharField(help_text='The place as shown: "1st", "3rd=" when shared.')
    player_id = serializers.IntegerField()
    player = serializers.CharField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    walkovers = serializers.IntegerField()


class FixtureResultOutput(RatedMixin, serializers.Serializer):
    rated_source = "league"
    id = serializers.IntegerField()
    status = serializers.CharField()
    winner = serializers.IntegerField(allow_null=True, help_text="The winner's player id.")
    score_a = serializers.IntegerField(allow_null=True)
    score_b = serializers.IntegerField(allow_null=True)

    class Meta:
        list_serializer_class = RatedListSerializer


class FixtureOutput(FixtureResultOutput):
    round = serializers.IntegerField()
    player_a = serializers.IntegerField(help_text="A player id.")
    player_b = serializers.IntegerField(help_text="A player id.")
    deadline = serializers.DateField()


class DivisionOutput(serializers.Serializer):
    name = serializers.CharField()
    table = LeagueRowOutput(many=True, help_text="Best first.")
    fixtures = FixtureOutput(many=True, help_text="By round.")


class LeagueOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()
    draft = serializers.JSONField(help_text="Next season's divisions, once drafted.")
    divisions = DivisionOutput(many=True, help_text="Top first.")


# --------------------------------------------------------------------------- the actions

_FIELDS = {django_forms.IntegerField: serializers.IntegerField,
           django_forms.DateField: serializers.DateField,
           django_forms.ChoiceField: serializers.ChoiceField,
           django_forms.CharField: serializers.CharField}


def _documented(form_class, *, leave_out=()) -> type[serializers.Serializer]:
    """The form's fields as a serializer, for the API's documentation only: the form of
    ``tournaments.forms`` validates, for the pages and the API alike."""
    fields = {}
    for name, field in form_class.base_fields.items():
        if name in leave_out:
            continue
        kind = next(k for k in _FIELDS if isinstance(field, k))
        options = {"required": field.required}
        if kind is django_forms.ChoiceField:
            options["choices"] = field.choices
        for bound in ("min_value", "max_value"):
            if getattr(field, bound, None) is not None:
                options[bound] = getattr(field, bound)
        fields[name] = _FIELDS[kind](**options)
    return type(f"{form_class.__name__}Input", (serializers.Serializer,), fields)


def _action_parameter(tables: dict, row: str) -> OpenApiParameter:
    """The endpoint's ``action``: the actions of the table that name its row."""
    return OpenApiParameter("action", str, OpenApiParameter.PATH, enum=[
        name for table in tables.values() for name, action in table.items()
        if row in action.form.base_fields])


def _input(request, extra: dict) -> dict:
    data = request.data
    if hasattr(data, "dict"):
        data = data.dict()
    elif not isinstance(data, dict):  # a JSON list, number or string
        raise serializers.ValidationError({"non_field_errors": [gettext("Send a JSON object.")]})
    return {**data, **extra}


def _run(request, *, tables: dict, name: str, event, needs: str | None = None,
         extra: dict | None = None):
    """One action of the shared table (``tournaments.actions``): the audience's gate, the
    form (a 400 with its errors), the service (its refusals mapped by ``ops.api``).
    ``needs``: the row the endpoint names (an action without it is not one of its)."""
    audience, action = actions.find(tables, name)
    if needs is not None and needs not in action.form.base_fields:
        raise Http404(gettext("Unknown action."))
    actions.gate(audience, user=request.user, club_id=event.club_id)
    form = action.form(_input(request, extra or {}))
    if not form.is_valid():
        raise serializers.ValidationError({
            "non_field_errors" if field == "__all__" else field: errors
            for field, errors in form.errors.items()})
    row, _ = action.run(request.user, event, form.cleaned_data)
    return row


class LadderApi(APIView):
    """A ladder: its players in order and its open challenges."""

    refuses_reads = True  # its reads may be refused too: 400 in the schema

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=LadderOutput)
    def get(self, request, pk: int):
        ladder = get_object_or_404(Ladder.objects.select_related("club"), pk=pk)

        def make():
            view = selectors_league.ladder_view(ladder=ladder)
            return {
                "id": ladder.pk, "name": ladder.name, "reach": ladder.reach,
                "days": ladder.days,
                "rungs": [{"position": r.position, "player_id": r.player_id,
                           "player": r.player.name} for r in view["rungs"]],
                "open_challenges": ChallengeOutput(view["open"], many=True).data}

        # Kept per version of the ladder (every challenge, result, join, leave bumps it).
        return cached_answer(request, f"ladder:{pk}:{ladder.version}", make,
                             club=ladder.club)


class LadderChallengeApi(APIView):
    """A player on the ladder challenges someone above them."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=_documented(forms.ChallengeIssueForm),
                   responses={201: ChallengeOutput})
    def post(self, request, pk: int):
        ladder = get_object_or_404(Ladder.objects.select_related("club"), pk=pk)
        challenge = _run(request, tables=actions.LADDER_ACTIONS, name="challenge",
                         event=ladder)
        return Response(ChallengeOutput(challenge).data, status=status.HTTP_201_CREATED)


class ChallengeActionApi(APIView):
    """accept, report, confirm (the two players); cancel (the challenger before it is
    accepted; a club admin any time before it is played, with a reason for the audit log);
    enter (club admins); correct (referees and admins, with a reason). The actions of the
    ladder's page, from the same table (``tournaments.actions``)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=_documented(forms.ChallengeCorrectForm, leave_out=("challenge",)),
                   responses=ChallengeOutput,
                   parameters=[_action_parameter(actions.LADDER_ACTIONS, "challenge")])
    def post(self, request, pk: int, action: str):
        challenge = get_object_or_404(Challenge.objects.select_related("ladder__club"), pk=pk)
        row = _run(request, tables=actions.LADDER_ACTIONS, name=action,
                   event=challenge.ladder, needs="challenge", extra={"challenge": pk})
        return Response(ChallengeOutput(row).data)


class LadderLeaveApi(APIView):
    """A player leaves the ladder (the players below move up one); a club admin removes
    someone (``player``), kept in the audit log."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=_documented(forms.LadderRemoveForm), responses=LadderLeaveOutput)
    def post(self, request, pk: int):
        ladder = get_object_or_404(Ladder.objects.select_related("club"), pk=pk)
        player = forms.id_field(required=False).clean(_input(request, {}).get("player"))
        mine = ladder.rungs.filter(player_id=player, player__user=request.user).exists()
        departure = _run(request, tables=actions.LADDER_ACTIONS, event=ladder,
                         name="remove" if player and not mine else "leave")
        return Response({"player_id": departure.player_id, "left_at": departure.left_at,
                         "rungs": list(ladder.rungs.order_by("position").values(
                             "position", "player_id"))})


class LeagueApi(APIView):
    """A league season: each division's table and fixtures, and the next season's draft."""

    refuses_reads = True  # its reads may be refused too: 400 in the schema

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=LeagueOutput)
    def get(self, request, pk: int):
        season = get_object_or_404(LeagueSeason.objects.select_related("club"), pk=pk)

        def make():
            divisions = selectors_league.season_tables(season=season)
            rated = rated_for_sources(source="league", source_ids=[
                f.pk for d in divisions for f in d["fixtures"]])
            return {
                "id": season.pk, "name": season.name, "status": season.status,
                "draft": season.draft, "divisions": [{
                    "name": d["division"].name,
                    "table": [{"label": r["label"], "player_id": r["player_id"],
                               "player": r["player"].name, "wins": r["wins"],
                               "losses": r["losses"], "walkovers": r["walkovers"]}
                              for r in d["rows"]],
                    "fixtures": [{"id": f.pk, "round": f.round, "player_a": f.player_a_id,
                                  "player_b": f.player_b_id, "deadline": f.deadline,
                                  "status": f.status, "winner": f.winner_id,
                                  "score_a": f.score_a, "score_b": f.score_b,
                                  "rated": rated.get(f.pk, [])}
                                 for f in d["fixtures"]]} for d in divisions]}

        # Kept per version of the season (every result, ruling, expiry bumps it).
        return cached_answer(request, f"league:{pk}:{season.version}", make,
                             club=season.club)


class FixtureActionApi(APIView):
    """report, confirm (the two players); enter or walkover (club admins); correct
    (referees and admins, with a reason); rule on a fixture past its deadline (referees:
    ``outcome`` void, walkover or result, with a reason). The actions of the league's page,
    from the same table (``tournaments.actions``)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=_documented(forms.FixtureCorrectForm, leave_out=("fixture",)),
                   responses=FixtureResultOutput,
                   parameters=[_action_parameter(actions.LEAGUE_ACTIONS, "fixture")])
    def post(self, request, pk: int, action: str):
        fixture = get_object_or_404(Fixture.objects.select_related("division__season__club"),
                                    pk=pk)
        row = _run(request, tables=actions.LEAGUE_ACTIONS, name=action,
                   event=fixture.division.season, needs="fixture", extra={"fixture": pk})
        return Response({"id": row.pk, "status": row.status, "winner": row.winner_id,
                         "score_a": row.score_a, "score_b": row.score_b,
                         "rated": rated_for_sources(source="league", source_ids=[row.pk])
                         .get(row.pk, [])})
