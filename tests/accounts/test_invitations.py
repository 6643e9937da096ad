"""Invitations: a club admin invites an existing member or someone new; the link works once,
expires, and ties the login to the right player (never a second one)."""

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from accounts.models import Invitation, OutboundMail
from accounts.services.invitations import (
    InvitationError,
    invitation_accept,
    invitation_create,
    invitation_resend,
    invitation_revoke,
    invitations_create_many,
)
from clubs.models import Membership, Player
from tests.factories import MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def erin(club):
    """A member without a login (added by name, with years of history)."""
    player = PlayerFactory(name="Erin", email="erin@example.org")
    MembershipFactory(club=club, player=player, role="player")
    return player


def _link_token(mail: OutboundMail) -> str:
    return re.search(r"/accounts/invitations/([^/\s]+)/", mail.body).group(1)


def _accept_page(token: str) -> str:
    return reverse("accounts:invitation-accept", args=[token])


def _new_login(client, token, username="erin", password="a-long-Passphrase-42"):
    return client.post(_accept_page(token), {"username": username, "password1": password,
                                             "password2": password})


def test_an_existing_member_accepts_and_is_signed_in_as_that_player(client, club, alice, erin):
    invitation_create(club=club, email="Erin@Example.org", player=erin, invited_by=alice)
    mail = OutboundMail.objects.get(kind="invitation")
    assert mail.to == "erin@example.org" and "Erin" in mail.body
    response = _new_login(client, _link_token(mail))
    assert response.status_code == 302 and response["Location"] == club.get_absolute_url()
    erin.refresh_from_db()
    assert erin.user.username == "erin" and erin.user.email == "erin@example.org"
    assert Player.objects.filter(name="Erin").count() == 1  # never a second player
    me = client.get(reverse("me-api")).json()
    assert me["player"] == {"id": erin.pk, "name": "Erin"}
    assert me["clubs"] == [{"slug": "riverside", "name": club.name, "role": "player"}]


def test_someone_new_accepts_and_becomes_a_member_with_the_role(client, club, alice):
    sent = invitation_create(club=club, email="fay@example.org", name="Fay", role="referee",
                             invited_by=alice)
    _new_login(client, sent.token, username="fay")
    player = Player.objects.get(user__username="fay")
    assert player.name == "Fay"
    assert Membership.objects.get(club=club, player=player).role == "referee"


def test_a_link_works_once(client, club, alice, erin):
    sent = invitation_create(club=club, email="erin@example.org", player=erin)
    _new_login(client, sent.token)
    client.logout()
    response = _new_login(client, sent.token, username="mallory")
    assert response.status_code == 410 and "used already" in response.content.decode()
    assert not get_user_model().objects.filter(username="mallory").exists()


def test_an_expired_link_is_refused(client, club, erin):
    sent = invitation_create(club=club, email="erin@example.org", player=erin)
    Invitation.objects.filter(pk=sent.invitation.pk).update(
        expires_at=timezone.now() - datetime.timedelta(seconds=1))
    response = _new_login(client, sent.token)
    assert response.status_code == 410 and "expired" in response.content.decode()
    erin.refresh_from_db()
    assert erin.user is None


def test_a_revoked_or_resent_link_stops_working(client, club, erin):
    sent = invitation_create(club=club, email="erin@example.org", player=erin)
    renewed = invitation_resend(invitation=sent.invitation)
    assert client.get(_accept_page(sent.token)).status_code == 410
    assert client.get(_accept_page(renewed.token)).status_code == 200
    assert OutboundMail.objects.filter(kind="invitation").count() == 2
    invitation_revoke(invitation=sent.invitation)
    assert client.get(_accept_page(renewed.token)).status_code == 410


def test_only_the_hash_of_the_token_is_stored(club, erin):
    sent = invitation_create(club=club, email="erin@example.org", player=erin)
    stored = Invitation.objects.get(pk=sent.invitation.pk)
    assert sent.token not in stored.token_hash and len(stored.token_hash) == 64


def test_a_signed_in_user_with_a_player_joins_a_second_club_as_the_same_player(
        client, club, other_club, dave):
    sent = invitation_create(club=club, email="dave@example.org", name="Dave again")
    client.force_login(dave)
    response = client.post(_accept_page(sent.token))
    assert response.status_code == 302
    assert Membership.objects.get(club=club, player=dave.player).role == "player"
    assert Player.objects.filter(user=dave).count() == 1
    assert not Player.objects.filter(name="Dave again").exists()


def test_a_login_that_already_plays_cannot_take_another_members_row(client, club, erin, dave):
    sent = invitation_create(club=club, email="erin@example.org", player=erin)
    client.force_login(dave)
    client.post(_accept_page(sent.token))
    erin.refresh_from_db()
    assert erin.user is None
    assert Invitation.objects.get(pk=sent.invitation.pk).accepted_at is None


@pytest.mark.parametrize("kwargs, message", [
    ({"email": "not-an-address", "name": "X"}, "not an email address"),
    ({"email": "x@example.org", "name": "X", "role": "owner"}, "Unknown role"),
    ({"email": "x@example.org"}, "needs a name"),
])
def test_bad_input_is_refused_and_sends_nothing(club, kwargs, message):
    with pytest.raises(InvitationError, match=message):
        invitation_create(club=club, **kwargs)
    assert Invitation.objects.count() == 0 and OutboundMail.objects.count() == 0


def test_a_member_with_a_login_or_an_ended_member_cannot_be_invited(club, bob, erin):
    with pytest.raises(InvitationError, match="already has a login"):
        invitation_create(club=club, email="bob@example.org", player=bob.player)
    Membership.objects.filter(player=erin).update(is_active=False)
    with pytest.raises(InvitationError, match="not an active member"):
        invitation_create(club=club, email="erin@example.org", player=erin)
    assert OutboundMail.objects.count() == 0


def test_a_second_open_invitation_for_one_address_is_refused(club):
    invitation_create(club=club, email="x@example.org", name="X")
    with pytest.raises(InvitationError, match="already has an open invitation"):
        invitation_create(club=club, email="X@example.org", name="X")
    assert OutboundMail.objects.count() == 1


def test_many_lines_invite_each_and_report_the_bad_ones(club, erin):
    sent, errors = invitations_create_many(club=club, lines=(
        "Erin, erin@example.org\nGus Grey, gus@example.org\nno comma here\n\n"
        "Hal, not-an-address\n"))
    assert [s.invitation.invitee_name for s in sent] == ["Erin", "Gus Grey"]
    assert sent[0].invitation.player == erin  # the member's address invites the member
    assert len(errors) == 2 and errors[0].startswith("Line 3") and errors[1].startswith("Line 5")


def test_accepting_restores_an_ended_membership_with_the_invited_role(club, erin):
    sent = invitation_create(club=club, email="erin@example.org", player=erin, role="admin")
    user = UserFactory(username="erin")
    membership = invitation_accept(token=sent.token, user=user)
    assert membership.role == "admin" and membership.is_active


# --------------------------------------------------------------------------- pages and API


def test_the_manage_page_invites_one(client, club, alice, erin):
    client.force_login(alice)
    response = client.post(reverse("accounts:club-invitations", args=[club.slug]), {
        "form": "one", "one-player": erin.pk, "one-email": "erin@example.org",
        "one-role": "player"})
    assert response.status_code == 302
    assert Invitation.objects.get().player == erin


def test_the_manage_page_refuses_bad_input_with_a_form_error(client, club, alice):
    client.force_login(alice)
    response = client.post(reverse("accounts:club-invitations", args=[club.slug]), {
        "form": "one", "one-player": "abc", "one-email": "nope", "one-role": "king"})
    assert response.status_code == 400 and Invitation.objects.count() == 0


def test_the_api_invites_lists_resends_and_revokes(client, club, alice, erin):
    client.force_login(alice)
    url = reverse("invitation-list-api", args=[club.slug])
    created = client.post(url, {"email": "erin@example.org", "role": "player",
                                "player": erin.pk}, content_type="application/json")
    assert created.status_code == 201 and created.json()["player"] == erin.pk
    new = client.post(url, {"email": "ivy@example.org", "role": "admin", "name": "Ivy"},
                      content_type="application/json")
    assert new.status_code == 201 and new.json()["name"] == "Ivy"
    assert [row["email"] for row in client.get(url).json()] == ["ivy@example.org",
                                                                "erin@example.org"]
    pk = created.json()["id"]
    resent = client.post(reverse("invitation-resend-api", args=[club.slug, pk]))
    assert resent.status_code == 200 and resent.json()["sent_count"] == 2
    revoked = client.post(reverse("invitation-revoke-api", args=[club.slug, pk]))
    assert revoked.json()["status"] == "revoked"
    refused = client.post(reverse("invitation-resend-api", args=[club.slug, pk]))
    assert refused.status_code == 400
    assert refused.json() == {"detail": "This invitation was revoked: it cannot be resent."}


def test_the_api_names_the_field_of_a_player_who_is_not_a_member(client, club, alice, dave):
    client.force_login(alice)
    response = client.post(reverse("invitation-list-api", args=[club.slug]),
                           {"email": "x@example.org", "role": "player", "player": dave.player.pk},
                           content_type="application/json")
    assert response.status_code == 400
    assert response.json() == {"detail": "player: Not an active member of this club.",
                               "errors": {"player": ["Not an active member of this club."]}}


@pytest.mark.parametrize("body", [
    {"email": "bad", "role": "player", "name": "X"},
    {"email": "x@example.org", "role": "owner", "name": "X"},
    {"email": "x@example.org", "role": "player", "player": 999999},
    {"email": "x@example.org", "role": "player"},
    {"role": "player", "name": "X"},
    {"email": "x@example.org", "role": "player", "player": "abc"},
])
def test_the_api_answers_400_to_bad_input_and_sends_nothing(client, club, alice, body):
    client.force_login(alice)
    response = client.post(reverse("invitation-list-api", args=[club.slug]), body,
                           content_type="application/json")
    assert response.status_code == 400
    assert Invitation.objects.count() == 0 and OutboundMail.objects.count() == 0


@pytest.mark.parametrize("persona", ["bob", "carol", "dave"])
def test_only_the_clubs_admins_may_invite(client, club, request, persona):
    client.force_login(request.getfixturevalue(persona))
    response = client.post(reverse("invitation-list-api", args=[club.slug]),
                           {"email": "x@example.org", "role": "admin", "name": "X"},
                           content_type="application/json")
    assert response.status_code == 403
    assert Invitation.objects.count() == 0 and OutboundMail.objects.count() == 0


def test_me_without_a_player(client):
    user = UserFactory(username="solo", email="solo@example.org")
    client.force_login(user)
    assert client.get(reverse("me-api")).json() == {
        "username": "solo", "email": "solo@example.org", "player": None, "clubs": []}


def test_me_leaves_out_an_ended_membership(client, club, bob):
    Membership.objects.filter(player=bob.player).update(is_active=False)
    client.force_login(bob)
    assert client.get(reverse("me-api")).json()["clubs"] == []


def test_me_is_for_signed_in_users(client):
    assert client.get(reverse("me-api")).status_code in (401, 403)
