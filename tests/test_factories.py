"""The common worlds of tests/factories.py that no test file builds yet: two clubs of
members share no login (logins are got-or-created by name), and a federation's clubs are
its members."""

import pytest

from federations.models import FederationClub
from tests.factories import club_with_members, federation_with_clubs

pytestmark = pytest.mark.django_db


def test_two_clubs_with_members_and_their_federation():
    club, other = club_with_members(3), club_with_members(1)
    assert [p.name for p in club.members] == ["Seed 01", "Seed 02", "Seed 03"]
    assert club.members[0].user != other.members[0].user
    federation = federation_with_clubs(club, other)
    assert set(FederationClub.objects.filter(federation=federation).members()
               .values_list("club", flat=True)) == {club.pk, other.pk}
