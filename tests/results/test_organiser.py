"""Issue 32: a finished match names its organiser and the club each player played for;
each player is checked against the organiser's member clubs (a club's: itself), so a match
between members of two clubs has its one row once an organiser has two member clubs."""

import datetime

import pytest

from results import services
from results.models import FinishedMatch
from results.services import FinishedMatchError, finished_match_record

pytestmark = pytest.mark.django_db
WHEN = datetime.datetime(2026, 11, 20, 20, tzinfo=datetime.UTC)


def _record(club, a, b, **extra):
    return finished_match_record(club=club, source="league", source_id=1, player_a=a,
                                 player_b=b, length=5, winner=a, finished_at=WHEN, **extra)


def test_a_club_match_names_the_club_as_organiser_and_each_players_club(club, alice, bob):
    row = _record(club, alice.player, bob.player)
    assert (row.organiser_kind, row.club) == (FinishedMatch.OrganiserKind.CLUB, club)
    assert (row.player_a_club, row.player_b_club) == (club, club)


def test_a_bye_has_no_opponents_club(club, alice):
    row = finished_match_record(club=club, source="league", source_id=2, player_a=alice.player,
                                player_b=None, length=1, winner=alice.player,
                                finished_at=WHEN, outcome="bye")
    assert (row.player_a_club, row.player_b_club) == (club, None)


def test_a_players_club_outside_the_organisers_is_refused(club, other_club, alice, bob):
    with pytest.raises(FinishedMatchError, match="not a club of this match's organiser"):
        _record(club, alice.player, bob.player, player_b_club=other_club)
    assert not FinishedMatch.objects.exists()


def test_members_of_two_clubs_meet_under_an_organiser_of_both(
        club, other_club, alice, dave, monkeypatch):
    """The ground for a federation: its member clubs are the organiser's (stubbed here)."""
    monkeypatch.setattr(services, "organiser_member_clubs",
                        lambda *, club: [club, other_club])
    row = _record(club, alice.player, dave.player)
    assert (row.player_a_club, row.player_b_club) == (club, other_club)


def test_a_non_member_of_every_organiser_club_is_refused_by_name(club, alice, dave):
    with pytest.raises(FinishedMatchError, match=f"{dave.player.name} is not a member of"):
        _record(club, alice.player, dave.player)
