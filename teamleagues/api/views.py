"""The team leagues' API (issue 35, point 8): a federation's admins create a season, its
divisions, draw and close it; a club's admins enter teams; a team's captain its line-up;
the home captain enters the card, the away captain confirms or disputes it, a league admin
or referee decides. Anyone reads the fixtures and the tables. Every write goes through a
service; the gates of ``teamleagues.permissions`` decide who."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Club, Player
from config.refusals import Refusal

from .. import permissions as gates
from .. import selectors, services
from ..core import PLAYOFF_DECIDERS, TIEBREAKS
from ..models import Division, Fixture, Team, TeamLeague

# --------------------------------------------------------------------------- outputs


class TeamLeagueOutput(serializers.ModelSerializer):
    status = serializers.CharField(help_text="setup, drawn or closed.")
    federation = serializers.SlugRelatedField(slug_field="slug", read_only=True,
                                              allow_null=True)
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    lengths = serializers.ListField(child=serializers.IntegerField())
    match_points = serializers.ListField(child=serializers.IntegerField())
    tiebreaks = serializers.ListField(child=serializers.CharField())

    class Meta:
        model = TeamLeague
        fields = ["id", "federation", "club", "name", "season", "boards", "lengths", "meetings",
                  "match_points", "tiebreaks", "board_order_tolerance", "no_drop",
                  "lineup_hours", "status"]


class TLDivisionOutput(serializers.ModelSerializer):
    class Meta:
        model = Division
        fields = ["id", "name", "level", "region", "promote", "relegate", "one_team_per_club",
                  "playoff_place", "playoff_against", "playoff_against_place"]


class TLTeamOutput(serializers.ModelSerializer):
    squad = serializers.PrimaryKeyRelatedField(many=True, read_only=True)

    class Meta:
        model = Team
        fields = ["id", "name", "club", "division", "rank", "captain", "squad"]


class TLFixtureOutput(serializers.ModelSerializer):
    status = serializers.CharField(help_text="scheduled, entered, disputed, confirmed or "
                                             "decided.")

    class Meta:
        model = Fixture
        fields = ["id", "division", "round", "home", "away", "date", "status", "is_playoff",
                  "points_home", "points_away"]


class TLBoardOutput(serializers.Serializer):
    board = serializers.IntegerField()
    length = serializers.IntegerField()
    home_player = serializers.IntegerField(source="home_player_id", allow_null=True)
    away_player = serializers.IntegerField(source="away_player_id", allow_null=True)
    winner = serializers.CharField(help_text="home or away.")
    score_home = serializers.IntegerField(allow_null=True)
    score_away = serializers.IntegerField(allow_null=True)
    walkover = serializers.BooleanField()
    live_match = serializers.IntegerField(
        source="live_match_id", allow_null=True,
        help_text="The live match this board was played on (its result came from the site), "
                  "else null.")


class TLLiveBoardOutput(serializers.Serializer):
    board = serializers.IntegerField()
    live_match = serializers.IntegerField(source="match_id",
                                          help_text="GET /api/live-matches/<id>/ follows it.")
    url = serializers.CharField(help_text="The live board's page.")
    playing = serializers.BooleanField(help_text="Still being played (else it has ended and "
                                                 "its result is on the card).")
    score_home = serializers.IntegerField(help_text="The match score so far, home player's.")
    score_away = serializers.IntegerField()


class TLLineupsOutput(serializers.Serializer):
    home = serializers.ListField(child=serializers.IntegerField(), allow_null=True,
                                 help_text="Player ids, board 1 first; null while hidden "
                                           "from you (until both are in or the deadline).")
    away = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    submitted = serializers.ListField(child=serializers.CharField(),
                                      help_text="The sides (home, away) whose line-up is in.")


class TLCardOutput(TLFixtureOutput):
    boards = serializers.SerializerMethodField()
    dispute_reason = serializers.CharField()

    class Meta(TLFixtureOutput.Meta):
        fields = [*TLFixtureOutput.Meta.fields, "dispute_reason", "boards"]

    @extend_schema_field(TLBoardOutput(many=True))
    def get_boards(self, fixture) -> list[dict]:
        return TLBoardOutput(selectors.card_boards(fixture=fixture), many=True).data


class TLCardDetailOutput(TLCardOutput):
    lineups = TLLineupsOutput(source="lineups_seen")
    live_boards = TLLiveBoardOutput(
        many=True, help_text="The boards played on the site's live board (being played or "
        "ended), board 1 first; a board is started there with POST "
        "/api/team-fixtures/<id>/boards/<n>/live/.")

    class Meta(TLCardOutput.Meta):
        fields = [*TLCardOutput.Meta.fields, "lineups", "live_boards"]


class TLLineupOutput(serializers.Serializer):
    fixture = serializers.IntegerField()
    team = serializers.IntegerField()
    players = serializers.ListField(child=serializers.IntegerField())
    both_in = serializers.BooleanField()


class TLStandingRowOutput(serializers.Serializer):
    team = serializers.IntegerField(source="team.pk")
    name = serializers.CharField(source="team.name")
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    match_points = serializers.IntegerField()
    board_points = serializers.IntegerField()
    board_point_difference = serializers.IntegerField(source="board_diff")
    rank = serializers.IntegerField()
    tiebreak_values = serializers.ListField(child=serializers.IntegerField(allow_null=True),
                                            help_text="Each tie-break's value, in the "
                                                      "league's order.")
    needs_playoff = serializers.BooleanField()


class TLStandingsOutput(serializers.Serializer):
    division = serializers.IntegerField(source="division.pk")
    name = serializers.CharField(source="division.name")
    level = serializers.IntegerField(source="division.level")
    region = serializers.CharField(source="division.region")
    tiebreaks = serializers.ListField(child=serializers.CharField())
    rows = TLStandingRowOutput(many=True, help_text="In rank order.")


class TLMoveOutput(serializers.Serializer):
    team = serializers.IntegerField()
    name = serializers.CharField()
    from_division = serializers.IntegerField()
    to_division = serializers.IntegerField()


class TLPlayoffOutput(serializers.Serializer):
    fixture = serializers.IntegerField()
    team_a = serializers.IntegerField(help_text="The higher division's team.")
    team_b = serializers.IntegerField()
    for_division = serializers.IntegerField()
    from_division = serializers.IntegerField()
    winner = serializers.IntegerField(allow_null=True)
    decided_by = serializers.ChoiceField(
        choices=PLAYOFF_DECIDERS, allow_null=True,
        help_text="How the winner was found: board_points (more boards won), else top_board "
                  "(a level card: the winner of board 1 wins the playoff); null until played.")


class TLCloseOutput(serializers.Serializer):
    promoted = TLMoveOutput(many=True)
    relegated = TLMoveOutput(many=True)
    playoffs = TLPlayoffOutput(many=True)
    proposal = serializers.DictField(child=serializers.ListField(
        child=serializers.IntegerField()), help_text="Next season: division id -> team ids.")
    problems = serializers.ListField(child=serializers.CharField())


class TLDrawOutput(serializers.Serializer):
    fixtures = TLFixtureOutput(many=True)
    problems = serializers.ListField(child=serializers.CharField(),
                                     help_text="Avoid-dates the draw could not honour.")


# --------------------------------------------------------------------------- inputs


class TeamLeagueInput(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    season = serializers.CharField(max_length=20)
    boards = serializers.IntegerField(min_value=3, max_value=8)
    lengths = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=99),
                                    min_length=3, max_length=8,
                                    help_text="Each board's match length, board 1 first.")
    meetings = serializers.IntegerField(min_value=1, max_value=3, default=2)
    match_points = serializers.ListField(child=serializers.IntegerField(min_value=0,
                                                                        max_value=99),
                                         min_length=3, max_length=3, default=[2, 1, 0],
                                         help_text="Win, draw, loss.")
    tiebreaks = serializers.ListField(child=serializers.ChoiceField(choices=TIEBREAKS),
                                      max_length=len(TIEBREAKS), required=False)
    board_order_tolerance = serializers.IntegerField(min_value=0, max_value=3000, default=0)
    no_drop = serializers.BooleanField(default=False)
    lineup_hours = serializers.IntegerField(min_value=0, max_value=720, default=24)


class TLPlayoffInput(serializers.Serializer):
    place = serializers.IntegerField(min_value=1, max_value=99)
    against = serializers.IntegerField(min_value=1, help_text="A division one level below.")
    against_place = serializers.IntegerField(min_value=1, max_value=99)


class TLDivisionInput(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    level = serializers.IntegerField(min_value=1, max_value=20, default=1)
    region = serializers.CharField(max_length=80, required=False, allow_blank=True,
                                   default="")
    promote = serializers.IntegerField(min_value=0, max_value=50, default=0)
    relegate = serializers.IntegerField(min_value=0, max_value=50, default=0)
    one_team_per_club = serializers.BooleanField(default=False)
    playoff = TLPlayoffInput(required=False, allow_null=True)


class TLTeamInput(serializers.Serializer):
    club = serializers.IntegerField(min_value=1, max_value=2**63 - 1)
    name = serializers.CharField(max_length=80)
    division = serializers.IntegerField(min_value=1, max_value=2**63 - 1)
    captain = serializers.IntegerField(min_value=1, max_value=2**63 - 1)
    squad = serializers.ListField(child=serializers.IntegerField(min_value=1,
                                                                 max_value=2**63 - 1),
                                  max_length=60, default=list)


class TLDrawInput(serializers.Serializer):
    dates = serializers.ListField(child=serializers.DateField(), required=False,
                                  max_length=200, help_text="One per round at least.")
    start = serializers.DateField(required=False, help_text="Else a round a week from here.")
    every_days = serializers.IntegerField(min_value=1, max_value=60, default=7)


class TLLineupInput(serializers.Serializer):
    team = serializers.IntegerField(min_value=1, max_value=2**63 - 1)
    players = serializers.ListField(child=serializers.IntegerField(min_value=1,
                                                                   max_value=2**63 - 1),
                                    min_length=1, max_length=8,
                                    help_text="Player ids, board 1 first.")


class TLBoardInput(serializers.Serializer):
    board = serializers.IntegerField(min_value=1, max_value=8)
    winner = serializers.CharField(max_length=4, help_text="home or away.")
    score_home = serializers.IntegerField(min_value=0, max_value=99, required=False,
                                          allow_null=True)
    score_away = serializers.IntegerField(min_value=0, max_value=99, required=False,
                                          allow_null=True)
    walkover = serializers.BooleanField(default=False)


    def validate_winner(self, value: str) -> str:
        if value not in ("home", "away"):
            raise serializers.ValidationError(gettext("The winner is home or away."))
        return value


class TLCardInput(serializers.Serializer):
    boards = TLBoardInput(many=True)


class TLNextInput(serializers.Serializer):
    season = serializers.CharField(max_length=20, help_text="The new season's name.")
    divisions = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField(min_value=1,
                                                                   max_value=2**63 - 1),
                                    max_length=200),
        required=False,
        help_text="Division id (this season's) -> team ids: the close's proposal, edited. "
                  "Every team of a member club once; left out: the proposal as made.")


class TLDisputeInput(serializers.Serializer):
    reason = serializers.CharField(max_length=2000)


class TLDecideInput(serializers.Serializer):
    reason = serializers.CharField(max_length=2000)
    boards = TLBoardInput(many=True, required=False,
                        help_text="The card as decided; left out: as entered.")


# --------------------------------------------------------------------------- views


class _Write(APIView):
    permission_classes = [permissions.IsAuthenticated]
    input_class: type[serializers.Serializer] = serializers.Serializer

    def _data(self, request) -> dict:
        data = self.input_class(data=request.data)
        data.is_valid(raise_exception=True)
        return data.validated_data


def _league(pk: int) -> TeamLeague:
    return get_object_or_404(TeamLeague.objects.select_related("federation", "club"), pk=pk)


def _fixture(pk: int) -> Fixture:
    return get_object_or_404(Fixture.objects.select_related(
        "league", "home__captain", "away__captain"), pk=pk)


class TeamLeagueCreateApi(_Write):
    """Create a season of the federation's team league (the federation's admins)."""

    input_class = TeamLeagueInput

    @extend_schema(request=TeamLeagueInput, responses={201: TeamLeagueOutput})
    def post(self, request, slug: str):
        federation = gates.federation_for_admin(user=request.user, slug=slug)
        data = self._data(request)
        league = services.team_league_create(federation=federation, by=request.user, **data)
        return Response(TeamLeagueOutput(league).data, status=status.HTTP_201_CREATED)


class DivisionCreateApi(_Write):
    """Add a division (the league's admins; before the draw)."""

    input_class = TLDivisionInput

    @extend_schema(request=TLDivisionInput, responses={201: TLDivisionOutput})
    def post(self, request, pk: int):
        league = gates.league_for_admin(user=request.user, league_id=pk)
        data = dict(self._data(request))
        playoff = data.pop("playoff", None)
        if playoff:
            against = league.divisions.filter(pk=playoff["against"]).first()
            if against is None:
                raise Refusal(gettext("The playoff's other division is not one of this "
                                      "league's."))
            data.update(playoff_place=playoff["place"], playoff_against=against,
                        playoff_against_place=playoff["against_place"])
        division = services.division_create(league=league, **data)
        return Response(TLDivisionOutput(division).data, status=status.HTTP_201_CREATED)


class TeamCreateApi(_Write):
    """Enter a club's team (the club's admins; before the draw)."""

    input_class = TLTeamInput

    @extend_schema(request=TLTeamInput, responses={201: TLTeamOutput})
    def post(self, request, pk: int):
        league = _league(pk)
        data = self._data(request)
        club = Club.objects.filter(pk=data["club"]).first()
        if club is None:
            raise Refusal(gettext("No such club."))
        gates.club_admin_for_team(user=request.user, club=club)
        division = league.divisions.filter(pk=data["division"]).first()
        if division is None:
            raise Refusal(gettext("That division is not one of %(league)s's.")
                          % {"league": league})
        captain = Player.objects.filter(pk=data["captain"]).first()
        if captain is None:
            raise Refusal(gettext("No such player for captain."))
        team = services.team_create(league=league, club=club, name=data["name"],
                                    division=division, captain=captain, squad=data["squad"])
        return Response(TLTeamOutput(team).data, status=status.HTTP_201_CREATED)


class DrawApi(_Write):
    """Draw every division (the league's admins; once)."""

    input_class = TLDrawInput

    @extend_schema(request=TLDrawInput, responses={201: TLDrawOutput})
    def post(self, request, pk: int):
        league = gates.league_for_admin(user=request.user, league_id=pk)
        data = self._data(request)
        fixtures, problems = services.team_league_draw(league=league, **data)
        return Response(TLDrawOutput({"fixtures": fixtures, "problems": problems}).data,
                        status=status.HTTP_201_CREATED)


class FixturesApi(APIView):
    """The season's fixtures, by division and round (anyone)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=TLFixtureOutput(many=True))
    def get(self, request, pk: int):
        league = _league(pk)
        return Response(TLFixtureOutput(selectors.fixture_list(league=league), many=True).data)


class StandingsApi(APIView):
    """Each division's table in rank order, with the league's tie-breaks (anyone)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=TLStandingsOutput(many=True))
    def get(self, request, pk: int):
        league = _league(pk)
        return Response(TLStandingsOutput(selectors.division_tables(league=league),
                                        many=True).data)


class CloseApi(_Write):
    """Close the season (the league's admins): promotion, relegation, the playoffs
    scheduled, next season's proposal. Again once the playoffs are played: their winners."""

    @extend_schema(request=None, responses={200: TLCloseOutput})
    def post(self, request, pk: int):
        league = gates.league_for_admin(user=request.user, league_id=pk)
        return Response(TLCloseOutput(services.team_league_close(league=league)).data)


class NextSeasonApi(_Write):
    """Confirm next season (the league's admins; once, after the close): the same settings
    and divisions, the teams where the edited proposal puts them."""

    input_class = TLNextInput

    @extend_schema(request=TLNextInput, responses={201: TeamLeagueOutput})
    def post(self, request, pk: int):
        league = gates.league_for_admin(user=request.user, league_id=pk)
        data = self._data(request)
        new = services.team_league_next_create(league=league, season=data["season"],
                                               proposal=data.get("divisions"), by=request.user)
        return Response(TeamLeagueOutput(new).data, status=status.HTTP_201_CREATED)


class CardApi(APIView):
    """A fixture's card: its boards, and the line-ups as the reader may see them (the other
    captain's hidden until both are in or the deadline passed)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: TLCardDetailOutput})
    def get(self, request, pk: int):
        fixture = gates.fixture_for_reader(user=request.user, pk=pk)
        seen = selectors.lineups_for(fixture=fixture, user=request.user)
        fixture.lineups_seen = {
            side: (None if seen[side] is None else [p.pk for p in seen[side]])
            for side in ("home", "away")} | {"submitted": seen["in"]}
        live = selectors.live_boards_of(fixture=fixture)
        fixture.live_boards = [live[n] for n in sorted(live)]
        return Response(TLCardDetailOutput(fixture).data)


class LineupApi(_Write):
    """A team's line-up, board 1 first (that team's captain)."""

    input_class = TLLineupInput

    @extend_schema(request=TLLineupInput, responses={201: TLLineupOutput})
    def post(self, request, pk: int):
        fixture = _fixture(pk)
        data = self._data(request)
        lineup = services.lineup_submit(fixture=fixture, team=data["team"],
                                        players=data["players"], by=request.user)
        return Response({"fixture": fixture.pk, "team": lineup.team_id,
                         "players": data["players"],
                         "both_in": fixture.lineups.count() == 2},
                        status=status.HTTP_201_CREATED)


class CardEnterApi(_Write):
    """The home captain enters the card's boards: every board not played on the site's live
    board (one played there is refused from paper). While a live board is still being
    played the card stays scheduled and goes to the away captain when it ends."""

    input_class = TLCardInput

    @extend_schema(request=TLCardInput, responses={200: TLCardOutput})
    def post(self, request, pk: int):
        data = self._data(request)
        fixture = services.card_enter(fixture=_fixture(pk), boards=data["boards"],
                                      by=request.user)
        return Response(TLCardOutput(fixture).data)


class CardConfirmApi(_Write):
    """The away captain confirms the entered card: final, its boards are results."""

    @extend_schema(request=None, responses={200: TLCardOutput})
    def post(self, request, pk: int):
        fixture = services.card_confirm(fixture=_fixture(pk), by=request.user)
        return Response(TLCardOutput(fixture).data)


class CardDisputeApi(_Write):
    """The away captain disputes the entered card, saying why."""

    input_class = TLDisputeInput

    @extend_schema(request=TLDisputeInput, responses={200: TLCardOutput})
    def post(self, request, pk: int):
        data = self._data(request)
        fixture = services.card_dispute(fixture=_fixture(pk), by=request.user,
                                        reason=data["reason"])
        return Response(TLCardOutput(fixture).data)


class CardDecideApi(_Write):
    """A league admin or referee decides a card (or corrects a final one), with a reason."""

    input_class = TLDecideInput

    @extend_schema(request=TLDecideInput, responses={200: TLCardOutput})
    def post(self, request, pk: int):
        data = self._data(request)
        fixture = services.card_decide(fixture=_fixture(pk), by=request.user,
                                       reason=data["reason"], boards=data.get("boards"))
        return Response(TLCardOutput(fixture).data)
