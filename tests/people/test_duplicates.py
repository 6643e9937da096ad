"""Issue 32: the pairs of player rows that may be one person, for a club's admins: the same
verified address (exactly as written), the same name ignoring case and accents at two
clubs."""

import pytest
from allauth.account.models import EmailAddress
from rest_framework.test import APIClient

from tests.factories import NO_LOGIN, UserFactory, member

pytestmark = pytest.mark.django_db


def _member(club, name, **extra):
    return member(club, name, username=NO_LOGIN, **extra)


def _pairs(user, club):
    client = APIClient()
    client.force_authenticate(user)
    answer = client.get(f"/api/clubs/{club.slug}/players/duplicates/")
    assert answer.status_code == 200, answer.content
    return {(row["player"]["id"], row["other"]["id"]): row["reasons"] for row in answer.json()}


def _verified(player, address, verified=True):
    EmailAddress.objects.filter(user=player.user).delete()  # the factory's own address
    EmailAddress.objects.create(user=player.user, email=address, verified=verified,
                                primary=True)


def test_the_same_verified_address_is_a_pair(club, alice):
    login = _member(club, "Ann", user=UserFactory(username="ann"))
    _verified(login, "Ann@example.org")
    copy = _member(club, "A. Lee", email="Ann@example.org")
    assert _pairs(alice, club) == {(login.pk, copy.pk): ["address"]}


def test_addresses_are_compared_exactly_not_case_folded(club, alice):
    login = _member(club, "Ann", user=UserFactory(username="ann"))
    _verified(login, "Ann@example.org")
    _member(club, "A. Lee", email="ann@example.org")
    assert _pairs(alice, club) == {}


def test_an_unverified_address_is_no_pair(club, alice):
    login = _member(club, "Ann", user=UserFactory(username="ann"))
    _verified(login, "ann@example.org", verified=False)
    _member(club, "A. Lee", email="ann@example.org")
    assert _pairs(alice, club) == {}


def test_the_same_name_without_case_or_accents_at_two_clubs_is_a_pair(
        club, other_club, alice):
    ours = _member(club, "Zoë Ørsted")
    theirs = _member(other_club, "zoe  ørsted")
    assert _pairs(alice, club) == {(ours.pk, theirs.pk): ["name"]}


def test_the_same_name_at_one_club_is_no_pair(club, alice):
    _member(club, "Sam Ho")
    _member(club, "sam ho")
    assert _pairs(alice, club) == {}


def test_only_the_clubs_admins_see_the_pairs(club, bob, dave):
    for user in (bob, dave):
        client = APIClient()
        client.force_authenticate(user)
        assert client.get(f"/api/clubs/{club.slug}/players/duplicates/").status_code == 403
