"""API of the round-based formats, ladders and leagues: standings and rounds, ladders and
league tables (anyone reads); the director previews and publishes a Swiss round; players
challenge, accept, report and confirm; admins enter results, referees correct them. Every
write goes through a service; the gates of ``clubs.permissions`` decide who."""

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.permissions import club_for_admin, club_for_referee, is_club_admin
from ops.api import ApiErrorsMixin
from tournaments import selectors_league
from tournaments.models import Challenge, Fixture, Ladder, LeagueSeason, Tournament
from tournaments.services import handler_for, rounds
from tournaments.services import ladder as ladders
from tournaments.services import league as leagues


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


class FormatResultInput(serializers.Serializer):
    winner = serializers.IntegerField(min_value=1)
    score_a = serializers.IntegerField(min_value=0, max_value=99, required=False)
    score_b = serializers.IntegerField(min_value=0, max_value=99, required=False)
    walkover = serializers.BooleanField(default=False)
    reason = serializers.CharField(required=False, allow_blank=True, default="")


def _round_tournament(pk: int) -> Tournament:
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if not tournament.kind.is_round_based:
        raise Http404("A knockout has no standings or pairing: see its bracket.")
    return tournament


class TournamentStandingsApi(ApiErrorsMixin, APIView):
    """Standings of a Swiss, MoreSwiss or round robin (per group for groups), with the
    tie-break columns in the event's order."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=FormatStandingsOutput(many=True))
    def get(self, request, pk: int):
        tournament = _round_tournament(pk)
        tables = handler_for(tournament).standings(tournament=tournament)
        return Response([{"group": t["flight"], **FormatStandingsOutput(t["standings"]).data}
                         for t in tables])


class SwissPairingApi(ApiErrorsMixin, APIView):
    """GET: the next round's proposed pairs (player ids) and the rematches among them.
    POST: publish pairs (the proposal, or a director's change of it). Club admins only."""

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


class ChallengeOutput(serializers.ModelSerializer):
    status = serializers.CharField(read_only=True)

    class Meta:
        model = Challenge
        fields = ["id", "challenger", "challenged", "status", "issued_at", "deadline",
                  "winner", "score_challenger", "score_challenged"]


class LadderApi(ApiErrorsMixin, APIView):
    """A ladder: its players in order and its open challenges."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=None)
    def get(self, request, pk: int):
        ladder = get_object_or_404(Ladder, pk=pk)
        view = selectors_league.ladder_view(ladder=ladder)
        return Response({
            "id": ladder.pk, "name": ladder.name, "reach": ladder.reach, "days": ladder.days,
            "rungs": [{"position": r.position, "player_id": r.player_id,
                       "player": r.player.name} for r in view["rungs"]],
            "open_challenges": ChallengeOutput(view["open"], many=True).data})


class ChallengeInput(serializers.Serializer):
    challenged = serializers.IntegerField(min_value=1)


class LadderChallengeApi(ApiErrorsMixin, APIView):
    """A player on the ladder challenges someone above them."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ChallengeInput, responses={201: ChallengeOutput})
    def post(self, request, pk: int):
        ladder = get_object_or_404(Ladder, pk=pk)
        data = ChallengeInput(data=request.data)
        data.is_valid(raise_exception=True)
        challenge = ladders.challenge_issue(ladder=ladder, by=request.user,
                                            challenged=data.validated_data["challenged"])
        return Response(ChallengeOutput(challenge).data, status=status.HTTP_201_CREATED)


class ChallengeActionApi(ApiErrorsMixin, APIView):
    """accept, report, confirm (the two players); cancel (the challenger before it is
    accepted; a club admin any time before it is played, with a reason for the audit log);
    enter (club admins); correct (referees and admins, with a reason)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=FormatResultInput, responses=ChallengeOutput)
    def post(self, request, pk: int, action: str):
        challenge = get_object_or_404(Challenge.objects.select_related("ladder"), pk=pk)
        if action == "enter":
            club_for_admin(user=request.user, club_id=challenge.ladder.club_id)
        elif action == "correct":
            club_for_referee(user=request.user, club_id=challenge.ladder.club_id)
        elif action not in ("accept", "report", "confirm", "cancel"):
            return Response({"detail": "Unknown action."}, status=status.HTTP_404_NOT_FOUND)
        if action == "cancel":
            club = challenge.ladder.club
            return Response(ChallengeOutput(ladders.challenge_cancel(
                challenge=challenge, by=request.user, reason=request.data.get("reason", ""),
                as_admin=is_club_admin(user=request.user, club=club))).data)
        if action in ("accept", "confirm"):
            call = ladders.challenge_accept if action == "accept" else \
                ladders.challenge_confirm
            return Response(ChallengeOutput(call(challenge=challenge,
                                                 by=request.user)).data)
        data = FormatResultInput(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        kwargs = {"challenge": challenge, "by": request.user, "winner": v["winner"],
                  "score_challenger": v.get("score_a"),
                  "score_challenged": v.get("score_b")}
        if None in (kwargs["score_challenger"], kwargs["score_challenged"]):
            return Response({"detail": "Give both scores."}, status=400)
        if action == "correct":
            kwargs["reason"] = v["reason"]
        call = {"report": ladders.challenge_report, "enter": ladders.challenge_enter,
                "correct": ladders.challenge_correct}[action]
        return Response(ChallengeOutput(call(**kwargs)).data)


class LadderLeaveInput(serializers.Serializer):
    player = serializers.IntegerField(min_value=1, required=False)
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class LadderLeaveApi(ApiErrorsMixin, APIView):
    """A player leaves the ladder (the players below move up one); a club admin removes
    someone (``player``), kept in the audit log."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=LadderLeaveInput, responses=None)
    def post(self, request, pk: int):
        ladder = get_object_or_404(Ladder.objects.select_related("club"), pk=pk)
        data = LadderLeaveInput(data=request.data)
        data.is_valid(raise_exception=True)
        player = data.validated_data.get("player")
        mine = ladder.rungs.filter(player_id=player, player__user=request.user).exists()
        if player and not mine:
            club_for_admin(user=request.user, club_id=ladder.club_id)
        departure = ladders.ladder_leave(ladder=ladder, by=request.user, player=player,
                                         reason=data.validated_data["reason"])
        return Response({"player_id": departure.player_id, "left_at": departure.left_at,
                         "rungs": list(ladder.rungs.order_by("position").values(
                             "position", "player_id"))})


class LeagueApi(ApiErrorsMixin, APIView):
    """A league season: each division's table and fixtures, and the next season's draft."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=None)
    def get(self, request, pk: int):
        season = get_object_or_404(LeagueSeason, pk=pk)
        divisions = selectors_league.season_tables(season=season)
        return Response({
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
                              "score_a": f.score_a, "score_b": f.score_b}
                             for f in d["fixtures"]]} for d in divisions]})


class RulingInput(serializers.Serializer):
    outcome = serializers.ChoiceField(choices=leagues.RULINGS)
    winner = serializers.IntegerField(min_value=1, required=False, allow_null=True,
                                      default=None)
    score_a = serializers.IntegerField(min_value=0, max_value=99, required=False,
                                       allow_null=True, default=None)
    score_b = serializers.IntegerField(min_value=0, max_value=99, required=False,
                                       allow_null=True, default=None)
    reason = serializers.CharField()


class FixtureActionApi(ApiErrorsMixin, APIView):
    """report, confirm (the two players); enter or walkover (club admins); correct
    (referees and admins, with a reason); rule on a fixture past its deadline (referees:
    ``outcome`` void, walkover or result, with a reason)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=FormatResultInput, responses=None)
    def post(self, request, pk: int, action: str):
        fixture = get_object_or_404(Fixture.objects.select_related("division__season"), pk=pk)
        club_id = fixture.division.season.club_id
        if action in ("enter", "walkover"):
            club_for_admin(user=request.user, club_id=club_id)
        elif action in ("correct", "rule"):
            club_for_referee(user=request.user, club_id=club_id)
        elif action not in ("report", "confirm"):
            return Response({"detail": "Unknown action."}, status=status.HTTP_404_NOT_FOUND)
        if action == "confirm":
            row = leagues.fixture_confirm(fixture=fixture, by=request.user)
        elif action == "rule":
            data = RulingInput(data=request.data)
            data.is_valid(raise_exception=True)
            row = leagues.fixture_rule(fixture=fixture, by=request.user, **data.validated_data)
        else:
            data = FormatResultInput(data=request.data)
            data.is_valid(raise_exception=True)
            v = data.validated_data
            if action == "walkover":
                row = leagues.fixture_enter(fixture=fixture, by=request.user,
                                            winner=v["winner"], walkover=True)
            else:
                if v.get("score_a") is None or v.get("score_b") is None:
                    return Response({"detail": "Give both scores."}, status=400)
                scores = {"winner": v["winner"], "score_a": v["score_a"],
                          "score_b": v["score_b"]}
                if action == "report":
                    row = leagues.fixture_report(fixture=fixture, by=request.user, **scores)
                elif action == "enter":
                    row = leagues.fixture_enter(fixture=fixture, by=request.user, **scores)
                else:
                    row = leagues.fixture_correct(fixture=fixture, by=request.user,
                                                  reason=v["reason"], **scores)
        return Response({"id": row.pk, "status": row.status, "winner": row.winner_id,
                         "score_a": row.score_a, "score_b": row.score_b})
