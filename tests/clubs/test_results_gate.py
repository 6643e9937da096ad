"""The results gate reads the club and the signed-in user's roles in one query: it must
still refuse an ended membership and another club's admin, and answer 404 for no club."""

import pytest
from django.urls import reverse

from clubs.models import Membership

pytestmark = pytest.mark.django_db


def status(client, user, slug="riverside"):
    client.force_login(user)
    return client.get(reverse("clubs:ratings", args=[slug])).status_code


def test_a_member_passes_and_an_ended_membership_is_refused(client, club, bob):
    assert status(client, bob) == 200
    Membership.objects.filter(club=club, player__user=bob).update(is_active=False)
    assert status(client, bob) == 403


def test_another_clubs_admin_is_refused(client, club, dave):
    assert status(client, dave) == 403


def test_a_club_that_does_not_exist_is_404_for_a_signed_in_user(client, club, bob):
    assert status(client, bob, slug="nowhere") == 404


def test_the_club_and_the_roles_take_one_query(client, club, bob, django_assert_num_queries):
    from clubs.permissions import club_for_results, is_member

    with django_assert_num_queries(1):
        found = club_for_results(user=bob, slug="riverside")
        assert is_member(user=bob, club=found)
