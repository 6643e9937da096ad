"""Federations API: anyone reads a federation (its clubs, officers and policy); a superuser
creates one; a club's admins apply, leave and set their club's narrowing of the policy; a
federation's admins accept and refuse clubs, grant and revoke its roles and change its
policy. Every write goes through ``federations.services``; the gates of
``federations.permissions`` and ``clubs.permissions`` decide who may call it."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Club, Player
from clubs.permissions import club_for_admin
from federations import selectors, services
from federations.core.policy import EVENT_KINDS
from federations.models import FORMULAS, Federation, FederationClub, FederationRole
from federations.permissions import (
    federation_creator,
    federation_for_admin,
    federation_for_viewer,
)
from games.engine.scoring import MAX_MATCH_LENGTH

# --------------------------------------------------------------------------- output


class PolicyIO(serializers.Serializer):
    """A rated-match policy: a federation's, or a club's narrowing of its federations'."""

    min_length = serializers.IntegerField(min_value=1, max_value=MAX_MATCH_LENGTH, help_text=(
        "The shortest match rated, in points."))
    event_kinds = serializers.ListField(
        child=serializers.ChoiceField(choices=EVENT_KINDS), help_text=(
            "The kinds of event rated: the tournament formats' names, ladder, league, "
            "team_league."))
    friendly_if_agreed = serializers.BooleanField(help_text=(
        "A friendly is rated when both players agreed before it started."))
    live = serializers.BooleanField(help_text="Matches played live over the board.")
    online = serializers.BooleanField(help_text="Matches played on this site's live board.")


class MemberClubOutput(serializers.ModelSerializer):
    federation = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    club_name = serializers.CharField(source="club.name", read_only=True)

    class Meta:
        model = FederationClub
        fields = ["federation", "club", "club_name", "status", "applied_at", "joined_on",
                  "left_on"]


class OfficerOutput(serializers.ModelSerializer):
    name = serializers.CharField(source="player.name", read_only=True)

    class Meta:
        model = FederationRole
        fields = ["player", "name", "role"]


class FederationOutput(serializers.ModelSerializer):
    clubs = MemberClubOutput(source="club_links", many=True, read_only=True)
    officers = OfficerOutput(source="roles", many=True, read_only=True)
    policy = serializers.SerializerMethodField()

    class Meta:
        model = Federation
        fields = ["name", "slug", "country", "level", "language", "formula", "start_rating",
                  "provisional_below", "inactive_after_months", "clubs", "officers", "policy"]

    @extend_schema_field(PolicyIO)
    def get_policy(self, federation) -> dict:
        return PolicyIO(selectors.federation_policy(federation)).data


# --------------------------------------------------------------------------- input


class FederationCreateInput(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    slug = serializers.SlugField(max_length=60)
    country = serializers.RegexField(r"^[A-Za-z]{2}$", help_text=(
        "ISO 3166-1 alpha-2 code (DK, GB, JP)."))
    formula = serializers.CharField(max_length=16, default="fibs", help_text=(
        f"The national list's formula: one of {', '.join(FORMULAS)}."))
    start_rating = serializers.FloatField(default=1500.0, min_value=0, max_value=10000)
    provisional_below = serializers.IntegerField(default=100, min_value=0, max_value=100000)
    level = serializers.ChoiceField(choices=Federation.Level.choices,
                                    default=Federation.Level.NATIONAL)

    def validate_formula(self, value: str) -> str:
        if value not in FORMULAS:
            raise serializers.ValidationError(
                gettext("Unknown formula %(formula)s: use one of %(known)s.")
                % {"formula": value, "known": ", ".join(FORMULAS)})
        return value


class ApplyInput(serializers.Serializer):
    club = serializers.SlugField(help_text="The applying club's slug.")


class RoleInput(serializers.Serializer):
    player = serializers.IntegerField(min_value=1, max_value=2**63 - 1)
    role = serializers.ChoiceField(choices=FederationRole.Role.choices)


# --------------------------------------------------------------------------- views


def _federation_answer(slug: str, code: int = status.HTTP_200_OK) -> Response:
    federation_for_viewer(slug=slug)  # a 404 for a federation that is not there
    return Response(FederationOutput(selectors.federation_get(slug=slug)).data, status=code)


class _Write(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @staticmethod
    def _data(serializer_class, request) -> dict:
        data = serializer_class(data=request.data)
        data.is_valid(raise_exception=True)
        return data.validated_data


class FederationCreateApi(_Write):
    """Create a federation (a superuser)."""

    @extend_schema(request=FederationCreateInput, responses={201: FederationOutput})
    def post(self, request):
        federation_creator(user=request.user)
        federation = services.federation_create(**self._data(FederationCreateInput, request))
        return _federation_answer(federation.slug, status.HTTP_201_CREATED)


class FederationDetailApi(APIView):
    """A federation: its clubs (applied, members, refused, left), officers and policy."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: FederationOutput})
    def get(self, request, slug: str):
        return _federation_answer(slug)


class ClubApplyApi(_Write):
    """A club's application (that club's admins)."""

    @extend_schema(request=ApplyInput, responses={201: MemberClubOutput})
    def post(self, request, slug: str):
        federation = federation_for_viewer(slug=slug)
        club = club_for_admin(user=request.user, slug=self._data(ApplyInput, request)["club"])
        link = services.federation_club_apply(federation=federation, club=club,
                                              actor=request.user)
        return Response(MemberClubOutput(link).data, status=status.HTTP_201_CREATED)


class _ClubDecisionApi(_Write):
    """An answer to a club's application (the federation's admins)."""

    decide = None

    @extend_schema(request=None, responses={200: MemberClubOutput})
    def post(self, request, slug: str, club: str):
        federation = federation_for_admin(user=request.user, slug=slug)
        member = get_object_or_404(Club, slug=club)
        link = type(self).decide(federation=federation, club=member, actor=request.user)
        return Response(MemberClubOutput(link).data)


class ClubAcceptApi(_ClubDecisionApi):
    """Accept a club's application: it is a member from today."""

    decide = staticmethod(services.federation_club_accept)


class ClubRefuseApi(_ClubDecisionApi):
    """Refuse a club's application."""

    decide = staticmethod(services.federation_club_refuse)


class ClubLeaveApi(_Write):
    """The club leaves the federation today (that club's admins); its past matches stay."""

    @extend_schema(request=None, responses={200: MemberClubOutput})
    def post(self, request, slug: str, club: str):
        federation = federation_for_viewer(slug=slug)
        member = club_for_admin(user=request.user, slug=club)
        link = services.federation_club_leave(federation=federation, club=member,
                                              actor=request.user)
        return Response(MemberClubOutput(link).data)


class RoleGrantApi(_Write):
    """Grant a federation role to a player (the federation's admins)."""

    @extend_schema(request=RoleInput, responses={201: OfficerOutput})
    def post(self, request, slug: str):
        federation = federation_for_admin(user=request.user, slug=slug)
        data = self._data(RoleInput, request)
        player = get_object_or_404(Player, pk=data["player"])
        granted = services.federation_role_grant(federation=federation, player=player,
                                                 role=data["role"], actor=request.user)
        return Response(OfficerOutput(granted).data, status=status.HTTP_201_CREATED)


class RoleRevokeApi(_Write):
    """Revoke a federation role (the federation's admins; the last admin stays)."""

    @extend_schema(request=RoleInput, responses={204: None})
    def post(self, request, slug: str):
        federation = federation_for_admin(user=request.user, slug=slug)
        data = self._data(RoleInput, request)
        player = get_object_or_404(Player, pk=data["player"])
        services.federation_role_revoke(federation=federation, player=player,
                                        role=data["role"], actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class FederationPolicyApi(APIView):
    """The federation's rated-match policy: anyone reads it, its admins replace it."""

    def get_permissions(self):
        if self.request.method == "GET":
            return [permissions.AllowAny()]
        return [permissions.IsAuthenticated()]

    @extend_schema(responses={200: PolicyIO})
    def get(self, request, slug: str):
        federation = Federation.objects.select_related("policy").filter(slug=slug).first()
        federation = federation or federation_for_viewer(slug=slug)
        return Response(PolicyIO(selectors.federation_policy(federation)).data)

    @extend_schema(request=PolicyIO, responses={200: PolicyIO})
    def put(self, request, slug: str):
        federation = federation_for_admin(user=request.user, slug=slug)
        values = _Write._data(PolicyIO, request)
        return Response(PolicyIO(services.federation_policy_update(
            federation=federation, values=values, actor=request.user)).data)


class ClubPolicyOutput(PolicyIO):
    federations = serializers.SerializerMethodField(help_text=(
        "The federations whose policies this one narrows (their slugs)."))

    def get_federations(self, row) -> list[str]:
        return [link.federation.slug for link in selectors.club_federations(row.club)]


class ClubPolicyApi(APIView):
    """A club's narrowing of its federations' policies: anyone reads it; its admins
    replace it, refused (400, with each reason) where it would widen a federation's."""

    def get_permissions(self):
        if self.request.method == "GET":
            return [permissions.AllowAny()]
        return [permissions.IsAuthenticated()]

    @extend_schema(responses={200: ClubPolicyOutput})
    def get(self, request, slug: str):
        club = get_object_or_404(Club, slug=slug)
        return Response(ClubPolicyOutput(selectors.club_policy(club)).data)

    @extend_schema(request=PolicyIO, responses={200: ClubPolicyOutput})
    def put(self, request, slug: str):
        club = club_for_admin(user=request.user, slug=slug)
        values = _Write._data(PolicyIO, request)
        row = services.club_policy_update(club=club, values=values, actor=request.user)
        return Response(ClubPolicyOutput(row).data)

