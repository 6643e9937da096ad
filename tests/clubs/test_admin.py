"""Django admin scoping: staff club admins see and change only their own club's rows."""

import pytest
from django.urls import reverse

from clubs.models import Membership

pytestmark = pytest.mark.django_db

PERMS = ("view_membership", "change_membership", "view_club", "change_club")


def test_membership_changelist_shows_only_own_club(client, alice, bob, dave, staff_permissions):
    staff_permissions(alice, *PERMS)
    client.force_login(alice)
    page = client.get(reverse("admin:clubs_membership_changelist")).content.decode()
    assert "Bob" in page and "Dave" not in page


def test_change_form_of_another_club_is_refused(client, alice, dave, staff_permissions):
    staff_permissions(alice, *PERMS)
    foreign = Membership.objects.get(player__user=dave)
    client.force_login(alice)
    url = reverse("admin:clubs_membership_change", args=[foreign.pk])
    response = client.post(url, {"club": foreign.club_id, "player": foreign.player_id,
                                 "role": "player", "is_active": "on"})
    assert response.status_code in (302, 403)
    foreign.refresh_from_db()
    assert foreign.role == Membership.Role.ADMIN
    assert client.get(url).status_code in (302, 403)


def test_club_change_form_allowed_for_own_club(client, alice, club, staff_permissions):
    staff_permissions(alice, *PERMS)
    client.force_login(alice)
    assert client.get(reverse("admin:clubs_club_change", args=[club.pk])).status_code == 200


def test_admin_search_and_filters_render(admin_client, alice, bob):
    url = reverse("admin:clubs_membership_changelist")
    response = admin_client.get(url, {"q": "bob", "role__exact": "player"})
    assert response.status_code == 200 and "Bob" in response.content.decode()
