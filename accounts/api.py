"""Account API: who am I, and a club's invitations (its admins only).

Refusals are 403 (the gate's PermissionDenied), bad input 400 with the reason, and a bad
request queues no mail (the service raises before anything is written). The services'
refusals are answered by ``ops.api``'s handler, the one mapping every API shares.
"""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import selectors
from accounts.models import Invitation
from accounts.services import invitations
from clubs.permissions import NotAMember, club_for_admin, club_players


class MeOutput(serializers.Serializer):
    class PlayerOut(serializers.Serializer):
        id = serializers.IntegerField()
        name = serializers.CharField()

    class ClubOut(serializers.Serializer):
        slug = serializers.CharField()
        name = serializers.CharField()
        role = serializers.CharField()

    username = serializers.CharField()
    email = serializers.CharField()
    player = PlayerOut(allow_null=True)
    clubs = ClubOut(many=True)


class MeApi(APIView):
    """The signed-in user: login, player (or null) and clubs with the role held in each (a
    read that refuses nothing but a missing sign-in: no service errors to map)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=MeOutput)
    def get(self, request):
        return Response(selectors.me(user=request.user))


class InvitationOutput(serializers.ModelSerializer):
    name = serializers.CharField(source="invitee_name")
    player = serializers.IntegerField(source="player_id", allow_null=True)
    status = serializers.CharField()

    class Meta:
        model = Invitation
        fields = ["id", "email", "role", "player", "name", "status", "expires_at",
                  "created_at", "accepted_at", "revoked_at", "sent_count"]


class InvitationInput(serializers.Serializer):
    email = serializers.CharField(max_length=254)
    role = serializers.CharField(max_length=16, default=Invitation.Role.PLAYER)
    player = serializers.IntegerField(required=False, allow_null=True, min_value=1,
                                      max_value=2**63 - 1)  # a database id
    name = serializers.CharField(max_length=120, required=False, allow_blank=True)

    def validate_player(self, player_id):
        """The player (by id), if an active member of the club (``club_players``)."""
        if player_id is None:
            return None
        try:
            return club_players(club=self.context["club"], players=[player_id])[0]
        except NotAMember:
            raise serializers.ValidationError(
                gettext("Not an active member of this club.")) from None


def _site_url(request) -> str:
    return request.build_absolute_uri("/")


class ClubInvitationsApi(APIView):
    """GET: the club's invitations (newest first). POST: invite ``email`` with ``role``,
    for an existing member (``player``: their id) or someone new (``name``) → 201. The
    address is stored as the mail server is given it (its domain in IDNA form, lower case);
    one it cannot be given (a non-ASCII part before the @) is refused with 400, as is an
    invitation past the club's INVITATIONS_PER_CLUB_PER_DAY (new and resent mails)."""

    refuses_reads = True  # its reads may be refused too: 400 in the schema

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=InvitationOutput(many=True))
    def get(self, request, slug: str):
        club = club_for_admin(user=request.user, slug=slug)
        return Response(InvitationOutput(selectors.invitation_list(club=club), many=True).data)

    @extend_schema(request=InvitationInput, responses={201: InvitationOutput})
    def post(self, request, slug: str):
        club = club_for_admin(user=request.user, slug=slug)
        data = InvitationInput(data=request.data, context={"club": club})
        data.is_valid(raise_exception=True)
        values = data.validated_data
        sent = invitations.invitation_create(
            club=club, email=values["email"], role=values["role"], player=values.get("player"),
            name=values.get("name", ""), invited_by=request.user, site_url=_site_url(request))
        return Response(InvitationOutput(sent.invitation).data, status=status.HTTP_201_CREATED)


class ClubInvitationActionApi(APIView):
    """POST …/resend/ (a new link, mailed again; 400 past the club's invitations of the
    day) or …/revoke/ (the link stops working)."""

    permission_classes = [permissions.IsAuthenticated]
    action = ""

    @extend_schema(request=None, responses=InvitationOutput)
    def post(self, request, slug: str, invitation_id: int):
        club = club_for_admin(user=request.user, slug=slug)
        invitation = get_object_or_404(Invitation, pk=invitation_id, club=club)
        if self.action == "resend":
            invitation = invitations.invitation_resend(
                invitation=invitation, site_url=_site_url(request)).invitation
        else:
            invitation = invitations.invitation_revoke(invitation=invitation)
        return Response(InvitationOutput(invitation).data)


class InvitationAcceptOutput(serializers.Serializer):
    club = MeOutput.ClubOut()
    player = MeOutput.PlayerOut()


class InvitationAcceptApi(APIView):
    """POST: the signed-in login accepts the invitation of the link's token. Only a login
    that holds the invited address (verified, compared exactly) may: any other gets 403 and
    nothing changes (the link stays open). Signed out: 403 (401 with a wrong API token)
    and nothing changes: the link's token is no credential, it signs nobody in. A link that
    no longer works: 400."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses=InvitationAcceptOutput)
    def post(self, request, token: str):
        membership = invitations.invitation_accept(token=token, user=request.user)
        club, player = membership.club, membership.player
        return Response(InvitationAcceptOutput({
            "club": {"slug": club.slug, "name": club.name, "role": membership.role},
            "player": {"id": player.pk, "name": player.name}}).data)
