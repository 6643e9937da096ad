"""A club admin manages their own club and no other (object-level checks)."""

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from clubs.models import Membership
from clubs.permissions import club_for_admin, club_for_referee, is_club_admin

pytestmark = pytest.mark.django_db


def test_club_for_admin_returns_own_club(alice, club):
    assert club_for_admin(user=alice, slug="riverside") == club


def test_club_for_admin_refuses_another_clubs_admin(dave, club):
    with pytest.raises(PermissionDenied):
        club_for_admin(user=dave, club_id=club.pk)


def test_player_is_not_club_admin(bob, club):
    assert not is_club_admin(user=bob, club=club)


def test_referee_passes_referee_gate_but_not_admin_gate(carol, club):
    assert club_for_referee(user=carol, slug="riverside") == club
    with pytest.raises(PermissionDenied):
        club_for_admin(user=carol, slug="riverside")


def test_inactive_admin_loses_rights(alice, club):
    Membership.objects.filter(player__user=alice).update(is_active=False)
    assert not is_club_admin(user=alice, club=club)


@pytest.mark.parametrize("persona, status", [("alice", 200), ("dave", 403), ("bob", 403)])
def test_manage_page_only_for_own_admin(client, request, club, persona, status):
    client.force_login(request.getfixturevalue(persona))
    assert client.get(reverse("clubs:manage", args=["riverside"])).status_code == status


def test_admin_of_another_club_cannot_add_member(client, dave, club):
    client.force_login(dave)
    response = client.post(reverse("clubs:manage", args=["riverside"]), {"name": "Mallory"})
    assert response.status_code == 403
    assert not club.memberships.filter(player__name="Mallory").exists()


def test_admin_of_another_club_cannot_change_a_role(client, alice, bob, dave, club):
    membership = Membership.objects.get(player__user=bob)
    client.force_login(dave)
    url = reverse("clubs:membership-role", args=["riverside", membership.pk])
    assert client.post(url, {"role": "admin"}).status_code == 403
    membership.refresh_from_db()
    assert membership.role == Membership.Role.PLAYER


def test_own_admin_can_change_a_role(client, alice, bob, club):
    membership = Membership.objects.get(player__user=bob)
    client.force_login(alice)
    url = reverse("clubs:membership-role", args=["riverside", membership.pk])
    assert client.post(url, {"role": "referee"}).status_code == 302
    membership.refresh_from_db()
    assert membership.role == Membership.Role.REFEREE


def test_membership_of_another_club_is_404_through_own_club(client, alice, dave, other_club):
    foreign = Membership.objects.get(player__user=dave)
    client.force_login(alice)
    url = reverse("clubs:membership-remove", args=["riverside", foreign.pk])
    assert client.post(url).status_code == 404
    foreign.refresh_from_db()
    assert foreign.is_active


def test_anonymous_manage_redirects_to_login(client, club):
    response = client.get(reverse("clubs:manage", args=["riverside"]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
