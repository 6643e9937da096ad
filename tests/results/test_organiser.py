"""Issue 32: a finished match names its organiser and the club each player played for;
each player is checked against the organiser's member clubs (a club's: itself), so a match
between members of two clubs has its one row once an organiser has two member clubs."""

import datetime

import pytest

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


def _federation_of(*clubs, joined=datetime.date(2026, 1, 1), left=None):
    from federations.models import Federation, FederationClub
    federation = Federation.objects.create(name="Danish Backgammon Federation", slug="dbgf",
                                           country="DK")
    for club in clubs:
        FederationClub.objects.create(federation=federation, club=club, joined_on=joined,
                                      left_on=left,
                                      status="left" if left else "member")
    return federation


def test_members_of_two_clubs_meet_under_a_federation_of_both(club, other_club, alice, dave):
    federation = _federation_of(club, other_club)
    row = finished_match_record(federation=federation, source="team_league", source_id=1,
                                player_a=alice.player, player_b=dave.player, length=5,
                                winner=alice.player, finished_at=WHEN)
    assert (row.organiser_kind, row.federation, row.club) == ("federation", federation, None)
    assert (row.player_a_club, row.player_b_club) == (club, other_club)


def test_a_club_that_had_left_before_the_match_day_is_not_the_federations(
        club, other_club, alice, dave):
    federation = _federation_of(club, other_club, left=datetime.date(2026, 6, 30))
    with pytest.raises(FinishedMatchError, match="no member clubs"):
        finished_match_record(federation=federation, source="team_league", source_id=1,
                              player_a=alice.player, player_b=dave.player, length=5,
                              winner=alice.player, finished_at=WHEN)
    assert not FinishedMatch.objects.exists()


def test_a_match_names_exactly_one_organiser(club, other_club, alice, bob):
    federation = _federation_of(club)
    with pytest.raises(FinishedMatchError, match="one organiser"):
        _record(club, alice.player, bob.player, federation=federation)


def test_a_non_member_of_every_organiser_club_is_refused_by_name(club, alice, dave):
    with pytest.raises(FinishedMatchError, match=f"{dave.player.name} is not a member of"):
        _record(club, alice.player, dave.player)


def _imported(club, a, b, **clubs):
    from results.services import finished_matches_import

    return finished_matches_import(club=club, rows=[{
        "source_id": 7, "player_a": a.pk, "player_b": b.pk, "winner": a.pk, "length": 5,
        "score_a": 5, "score_b": 2, "finished_at": WHEN, "event": "", "event_kind": "",
        "rated_agreed": True, **clubs}])


def test_an_imported_match_may_have_a_visitor_of_a_fellow_federation_club(
        club, other_club, alice, dave):
    from clubs.models import Membership

    _federation_of(club, other_club)
    assert _imported(club, alice.player, dave.player, player_b_club=other_club.pk) == 1
    row = FinishedMatch.objects.get()
    assert (row.club, row.player_a_club, row.player_b_club) == (club, club, other_club)
    assert not Membership.objects.filter(club=club, player=dave.player).exists()


def test_an_imported_visitor_of_a_club_outside_the_federations_is_refused(
        club, other_club, alice, dave):
    with pytest.raises(FinishedMatchError, match="not a club of this match's organiser"):
        _imported(club, alice.player, dave.player, player_b_club=other_club.pk)
    assert not FinishedMatch.objects.exists()


def test_an_imported_visitor_must_be_a_member_of_the_club_they_played_for(
        club, other_club, alice, bob):
    _federation_of(club, other_club)
    with pytest.raises(FinishedMatchError, match="not a member of Hilltop"):
        _imported(club, alice.player, bob.player, player_b_club=other_club.pk)
    assert not FinishedMatch.objects.exists()


def test_a_players_results_at_a_club_include_what_they_played_for_it_elsewhere(
        club, other_club, alice, dave):
    """The club's player page lists a federation's board its member played for it, and not
    the opponent's (who played for the other club)."""
    from results.selectors import player_results
    federation = _federation_of(club, other_club)
    board = finished_match_record(federation=federation, source="team_league", source_id=1,
                                  player_a=alice.player, player_b=dave.player, length=5,
                                  winner=alice.player, finished_at=WHEN)
    assert list(player_results(club=club, player=alice.player)) == [board]
    assert list(player_results(club=other_club, player=dave.player)) == [board]
    assert list(player_results(club=club, player=dave.player)) == []
