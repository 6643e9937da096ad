"""Ratings API: the rating list, a player's history, head-to-head, season standings and
the what-if calculator. Read-only; every view passes the results gate (members, or everyone
when the club's results are public)."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Player
from clubs.permissions import club_for_results
from ops.pagecache import cached_answer
from ratings import selectors

# --------------------------------------------------------------------------- output


class RatingRowOutput(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True, help_text="Empty for provisional players")
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    rating = serializers.FloatField(help_text="Unrounded")
    experience = serializers.IntegerField()
    matches = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()


class RatingListOutput(serializers.Serializer):
    pending = serializers.BooleanField(help_text="A recompute is pending")
    established = RatingRowOutput(many=True)
    provisional = RatingRowOutput(many=True, help_text="Under 100 experience")


class RatingChangeOutput(serializers.Serializer):
    match = serializers.IntegerField(source="match_id")
    finished_at = serializers.DateTimeField()
    opponent_id = serializers.IntegerField()
    opponent = serializers.CharField(source="opponent.name")
    length = serializers.IntegerField()
    won = serializers.BooleanField()
    rating_before = serializers.FloatField()
    rating_after = serializers.FloatField()
    change = serializers.FloatField()
    experience_before = serializers.IntegerField()
    experience_after = serializers.IntegerField()
    k = serializers.FloatField()
    p = serializers.FloatField(help_text="The FIBS P of the result")


class HeadToHeadRowOutput(serializers.Serializer):
    opponent_id = serializers.IntegerField()
    name = serializers.CharField()
    matches = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    points_for = serializers.IntegerField()
    points_against = serializers.IntegerField()


class HeadToHeadOutput(serializers.Serializer):
    nemesis = HeadToHeadRowOutput(allow_null=True)
    rows = HeadToHeadRowOutput(many=True)


class StandingRowOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    rating = serializers.CharField(help_text="Two decimals; empty without a rating")
    rated_matches = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    attendances = serializers.IntegerField()
    points = serializers.FloatField()
    tournament_wins = serializers.IntegerField()
    places = serializers.IntegerField()


class StandingsOutput(serializers.Serializer):
    season = serializers.CharField(allow_null=True, source="season.name", default=None)
    columns = serializers.ListField(child=serializers.CharField(),
                                    help_text="The columns the club's admin chose")
    rows = StandingRowOutput(many=True)


class WhatIfInput(serializers.Serializer):
    player_a = serializers.IntegerField(required=False)
    player_b = serializers.IntegerField(required=False)
    rating_a = serializers.FloatField(required=False, min_value=0, max_value=5000)
    experience_a = serializers.IntegerField(required=False, min_value=0, default=0)
    rating_b = serializers.FloatField(required=False, min_value=0, max_value=5000)
    experience_b = serializers.IntegerField(required=False, min_value=0, default=0)
    length = serializers.IntegerField(min_value=1, max_value=64)

    def validate(self, data):
        for side in ("a", "b"):
            if f"player_{side}" not in data and f"rating_{side}" not in data:
                raise serializers.ValidationError(
                    gettext("Give player_%(side)s or rating_%(side)s.") % {"side": side})
        return data


class WhatIfOutput(serializers.Serializer):
    a = serializers.ListField(child=serializers.FloatField(), help_text="[rating, experience]")
    b = serializers.ListField(child=serializers.FloatField(), help_text="[rating, experience]")
    length = serializers.IntegerField()
    chance_a = serializers.FloatField()
    chance_b = serializers.FloatField()
    a_if_a = serializers.FloatField(help_text="A's change if A wins")
    b_if_a = serializers.FloatField(help_text="B's change if A wins")
    a_if_b = serializers.FloatField(help_text="A's change if B wins")
    b_if_b = serializers.FloatField(help_text="B's change if B wins")


# --------------------------------------------------------------------------- views


def _player(club, player_id: int) -> Player:
    return get_object_or_404(Player.objects.members_of(club, past_too=True), pk=player_id)


def _kept(request, club, part: str, make):
    """The answer, kept per version of the club's ratings (``selectors.cache_key``: every
    recompute, settings change, new season, rename) like the pages' tables; made every
    time while the ratings were never computed."""
    settings = selectors.settings_for(club=club)
    key = selectors.cache_key(settings, part, settings.recompute_pending)
    if key is None:
        return Response(make())
    return cached_answer(request, key, make, club=club)


class ClubReadApi(APIView):
    permission_classes = [permissions.AllowAny]  # the results gate decides


class RatingListApi(ClubReadApi):
    @extend_schema(responses=RatingListOutput)
    def get(self, request, slug: str):
        club = club_for_results(user=request.user, slug=slug)
        return _kept(request, club, "api-list",
                     lambda: RatingListOutput(selectors.rating_list(club=club)).data)


class RatingHistoryApi(ClubReadApi):
    @extend_schema(responses=RatingChangeOutput(many=True))
    def get(self, request, slug: str, player_id: int):
        club = club_for_results(user=request.user, slug=slug)
        player = _player(club, player_id)
        return _kept(request, club, f"api-history:{player.pk}", lambda: RatingChangeOutput(
            selectors.rating_history(club=club, player=player), many=True).data)


class HeadToHeadApi(ClubReadApi):
    @extend_schema(responses=HeadToHeadOutput)
    def get(self, request, slug: str, player_id: int):
        club = club_for_results(user=request.user, slug=slug)
        player = _player(club, player_id)
        return _kept(request, club, f"api-h2h:{player.pk}", lambda: HeadToHeadOutput(
            selectors.head_to_head_table(club=club, player=player)).data)


class StandingsApi(ClubReadApi):
    @extend_schema(responses=StandingsOutput, parameters=[
        OpenApiParameter("season", int, description="A season's id (default: the current")])
    def get(self, request, slug: str):
        club = club_for_results(user=request.user, slug=slug)
        settings = selectors.settings_for(club=club)
        season = selectors.season_pick(
            seasons=selectors.season_list(club=club, settings=settings),
            season_id=request.query_params.get("season"))

        def make():
            data = selectors.leaderboard(club=club, season=season)
            data["columns"] = [key for key, _ in data["columns"]]
            return StandingsOutput(data).data

        # Attendance moves without a recompute: its version is in the key, as on the page.
        return _kept(request, club, f"api-standings:{season.pk if season else ''}:"
                     f"{selectors.attendance_version(club=club)}", make)


class WhatIfApi(ClubReadApi):
    @extend_schema(responses=WhatIfOutput, parameters=[WhatIfInput])
    def get(self, request, slug: str):
        club = club_for_results(user=request.user, slug=slug)
        given = WhatIfInput(data=request.query_params)
        given.is_valid(raise_exception=True)
        data, sides = given.validated_data, []
        for side in ("a", "b"):
            if f"player_{side}" in data:
                player = _player(club, data[f"player_{side}"])
                sides.append(selectors.standing_of(club=club, player=player))
            else:
                sides.append((data[f"rating_{side}"], data[f"experience_{side}"]))
        answer = selectors.what_if_for(club=club, a=sides[0], b=sides[1],
                                       length=data["length"])
        return Response(WhatIfOutput(answer).data)
