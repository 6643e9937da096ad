"""Live match API: start a match in a club, send an action, read the state, export the
match file. Thin views: the input serializer checks the shape, the service decides; a
refusal is a 400 with its reason (and, for an illegal play, the legal plays), an action
decided on an older version of the match a 409, someone who may not act gets a 403
(the API's one handler, ``ops.api``)."""

from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Player
from clubs.permissions import club_for_member
from games.api.match import MatRenderer
from live import selectors, services
from live.core import KINDS
from live.models import LiveMatch
from ops.api_schema import refusal
from teamleagues.permissions import fixture_for_reader
from tournaments.models import Challenge, TournamentMatch


class LiveMatchCreateInput(serializers.Serializer):
    player_a = serializers.IntegerField()
    player_b = serializers.IntegerField(allow_null=True)
    length = serializers.IntegerField(min_value=0, max_value=services.MAX_LENGTH)
    dice = serializers.ChoiceField(choices=LiveMatch.Dice.values, default="digital")
    level = serializers.ChoiceField(choices=LiveMatch.Level.values, required=False,
                                    allow_blank=True, default="")
    tournament_match = serializers.IntegerField(required=False, allow_null=True)
    challenge = serializers.IntegerField(required=False, allow_null=True,
                                         help_text="A ladder challenge to play here.")
    crawford = serializers.BooleanField(default=True)
    jacoby = serializers.BooleanField(default=False)
    beavers = serializers.BooleanField(default=False)
    one_device = serializers.BooleanField(
        default=False, help_text="One tablet passed across the table: whoever starts the "
        "match (one of its two players) acts for both sides.")


class LiveActionInput(serializers.Serializer):
    action = serializers.ChoiceField(choices=KINDS)
    dice = serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2,
                                 required=False)
    play = serializers.CharField(required=False, allow_blank=True, max_length=120)
    value = serializers.IntegerField(required=False, min_value=1, max_value=3)
    player = serializers.IntegerField(required=False, help_text="Whose action (a player id): "
                                      "for a club admin at a tournament match.")
    version = serializers.IntegerField(
        required=False, min_value=0, help_text="The match's version the action was decided "
        "on (the state's ``version``): refused with 409, changing nothing, when the match "
        "has moved since (a late duplicate). Without it the action applies to the match as "
        "it is.")


def _player(pk: int | None) -> Player | None:
    if pk is None:
        return None
    player = Player.objects.filter(pk=pk).first()
    if player is None:
        raise services.LiveError(gettext("No player %(id)s.") % {"id": pk})
    return player


class LiveMatchCreateApi(APIView):
    """Start a live match in the club (a player of it, or a club admin)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=LiveMatchCreateInput, responses={201: OpenApiTypes.OBJECT})
    def post(self, request, slug: str):
        club = club_for_member(user=request.user, slug=slug)
        data = LiveMatchCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        row = None
        if given.get("tournament_match"):
            row = TournamentMatch.objects.filter(pk=given["tournament_match"]).first()
            if row is None:
                raise services.LiveError(gettext("No such tournament match."))
        challenge = None
        if given.get("challenge"):
            challenge = Challenge.objects.filter(pk=given["challenge"]).first()
            if challenge is None:
                raise services.LiveError(gettext("No such challenge."))
        match = services.live_match_create(
            club=club, by=request.user, player_a=_player(given["player_a"]),
            player_b=_player(given["player_b"]), length=given["length"],
            dice=given["dice"], level=given["level"], tournament_match=row,
            crawford=given["crawford"], jacoby=given["jacoby"], beavers=given["beavers"],
            one_device=given["one_device"], challenge=challenge)
        return Response(selectors.live_state(match=match), status=status.HTTP_201_CREATED)


class TeamBoardLiveInput(serializers.Serializer):
    dice = serializers.ChoiceField(choices=LiveMatch.Dice.values, default="digital")
    one_device = serializers.BooleanField(
        default=False, help_text="One tablet passed across the table: whoever starts the "
        "match (one of the board's two players) acts for both sides.")


class TeamBoardLiveApi(APIView):
    """Play board n of a team league's fixture live, once both line-ups are in: started by
    one of the board's two players, a captain of either team or a league admin; played by
    its two players (the home team's as player A), its length the league's. Its end puts
    the board's result on the card (``GET /api/team-fixtures/<id>/`` lists the live
    boards). A board already live: 400 naming its match."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=TeamBoardLiveInput, responses={201: OpenApiTypes.OBJECT})
    def post(self, request, pk: int, board: int):
        fixture = fixture_for_reader(user=request.user, pk=pk)
        data = TeamBoardLiveInput(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.team_board_live_start(fixture_id=fixture.pk, board=board,
                                               by=request.user, **data.validated_data)
        return Response(selectors.live_state(match=match), status=status.HTTP_201_CREATED)


def _match(request, pk: int) -> LiveMatch:
    return selectors.live_match_get(user=request.user, pk=pk)


class LiveMatchApi(APIView):
    """The state of a live match (its club's members)."""

    refuses_reads = True  # its reads may be refused too: 400 in the schema

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, pk: int):
        return Response(selectors.live_state(match=_match(request, pk)))


class LiveActionApi(APIView):
    """One action: roll (the two dice with real dice), move, double, take, drop, beaver,
    resign (value 1-3), accept, reject."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=LiveActionInput,  # 409: decided on an older version of the match
                   responses={200: OpenApiTypes.OBJECT, 409: refusal(409)})
    def post(self, request, pk: int):
        _match(request, pk)
        data = LiveActionInput(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        match = services.live_action_apply(
            match_id=pk, by=request.user, action=given["action"], dice=given.get("dice"),
            play=given.get("play", ""), value=given.get("value"), player=given.get("player"),
            version=given.get("version"))
        return Response(selectors.live_state(match=match, played=match.played))


class LiveExportApi(APIView):
    """The match file so far, in the standard text format."""

    refuses_reads = True  # its reads may be refused too: 400 in the schema

    permission_classes = [permissions.AllowAny]
    renderer_classes = [MatRenderer, BrowsableAPIRenderer, JSONRenderer]

    @extend_schema(responses={200: OpenApiTypes.STR})  # text/plain, or JSON (?format=json)
    def get(self, request, pk: int):
        match = _match(request, pk)
        return Response(selectors.live_export(match=match), headers={
            "Content-Disposition": f'attachment; filename="live-{match.pk}.mat"'})
