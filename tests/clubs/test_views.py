import pytest
from django.urls import reverse

from clubs.models import Membership
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def test_home_lists_clubs_in_constant_queries(client, django_assert_num_queries):
    for _ in range(5):
        club = ClubFactory()
        MembershipFactory.create_batch(3, club=club)
    # One query: member counts are annotated, not counted per club (N+1).
    with django_assert_num_queries(1):
        response = client.get(reverse("clubs:home"))
    assert response.status_code == 200
    assert response.content.decode().count("<tr>") == 6


def test_club_page_lists_members_in_constant_queries(client, club, django_assert_num_queries):
    MembershipFactory.create_batch(12, club=club)
    # club, members with players (select_related): no query per member.
    with django_assert_num_queries(2):
        response = client.get(reverse("clubs:detail", args=[club.slug]))
    assert response.content.decode().count("<tr>") == 13


def test_admin_adds_a_member(client, alice, club):
    client.force_login(alice)
    response = client.post(reverse("clubs:manage", args=[club.slug]),
                           {"name": "Zed Zimmer", "email": "", "role": "player"})
    assert response.status_code == 302
    assert club.memberships.filter(player__name="Zed Zimmer", role="player").exists()


def test_duplicate_member_name_is_a_form_error(client, alice, bob, club):
    client.force_login(alice)
    response = client.post(reverse("clubs:manage", args=[club.slug]),
                           {"name": "bob", "role": "player"})
    assert response.status_code == 200
    assert "already has a member" in response.content.decode()
    assert club.memberships.filter(player__name__iexact="bob").count() == 1


def test_last_admin_cannot_be_removed(client, alice, club):
    membership = Membership.objects.get(player__user=alice)
    client.force_login(alice)
    client.post(reverse("clubs:membership-remove", args=[club.slug, membership.pk]))
    membership.refresh_from_db()
    assert membership.is_active


def test_login_page_and_logout(client, bob):
    assert client.get(reverse("login")).status_code == 200
    assert client.post(reverse("login"), {"username": "bob",
                                          "password": "correct horse battery"}).status_code == 302
    assert client.post(reverse("logout")).status_code == 302


def test_pages_use_no_cdn(client, club):
    html = client.get(reverse("clubs:home")).content.decode()
    assert "http://" not in html.replace("http://testserver", "") and "https://" not in html
