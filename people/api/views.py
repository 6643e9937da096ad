"""People API (issue 32): a club's admins see the pairs of player rows that may be one
person and merge two rows into one. The gate (``clubs.permissions``) decides who; the merge
goes through ``people.services``."""

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.permissions import club_for_admin, players_for_merge
from people import selectors, services

# --------------------------------------------------------------------------- shapes


class PlayerShownOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    login = serializers.BooleanField(help_text="The player signs in (a login)")
    clubs = serializers.ListField(child=serializers.CharField(),
                                  help_text="The slugs of their clubs, past or present")


class DuplicatePairOutput(serializers.Serializer):
    player = PlayerShownOutput(help_text="A member (past or present) of this club")
    other = PlayerShownOutput()
    reasons = serializers.ListField(
        child=serializers.ChoiceField(choices=["address", "name"]),
        help_text="address: the same verified address; name: the same name ignoring case "
                  "and accents, at two clubs")


class MergeInput(serializers.Serializer):
    into = serializers.IntegerField(min_value=1, max_value=2**63 - 1,
                                    help_text="The player row that stays")


# --------------------------------------------------------------------------- views


class PlayerDuplicatesApi(APIView):
    """Pairs of player rows that may be one person (the club's admins)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=DuplicatePairOutput(many=True))
    def get(self, request, slug: str):
        club = club_for_admin(user=request.user, slug=slug)
        return Response(DuplicatePairOutput(selectors.duplicate_pairs(club=club),
                                            many=True).data)


class PlayerMergeApi(APIView):
    """Merge this player into ``into``: their history moves to the row that stays and this
    one goes. An admin of every club where the two are members; refused (400) where they
    hold two logins, played each other, entered one tournament, or one is at a live
    board."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=MergeInput, responses=PlayerShownOutput)
    def post(self, request, slug: str, player_id: int):
        club = club_for_admin(user=request.user, slug=slug)
        data = MergeInput(data=request.data)
        data.is_valid(raise_exception=True)
        dropped, kept = players_for_merge(user=request.user, club=club, player_id=player_id,
                                          into_id=data.validated_data["into"])
        kept = services.player_merge(club=club, dropped=dropped, kept=kept, by=request.user)
        return Response(PlayerShownOutput(services.player_shown(kept)).data)
