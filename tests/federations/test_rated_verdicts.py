"""Every finished match says, for each list it could enter, whether it is rated and why:
the organising club's list (its rating settings), and each federation both players' clubs
belonged to on the match day (its policy, narrowed by the organising club's)."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from federations import services
from federations.models import FederationClub
from ratings.models import RatingSettings
from results.selectors_rated import rated_verdicts
from results.services import finished_match_record

pytestmark = pytest.mark.django_db
WHEN = datetime.datetime(2026, 11, 20, 20, tzinfo=datetime.UTC)
WIDE = {"min_length": 1, "event_kinds": ["swiss", "league", "ladder"],
        "friendly_if_agreed": False, "live": True, "online": True}


@pytest.fixture
def joined(federation, club):
    return FederationClub.objects.create(federation=federation, club=club, status="member",
                                         joined_on=datetime.date(2026, 1, 1))


def _match(club, a, b, *, source_id=1, length=5, source="league", **extra):
    return finished_match_record(club=club, source=source, source_id=source_id, player_a=a,
                                 player_b=b, length=length, winner=a, finished_at=WHEN,
                                 **extra)


def _lists(row) -> dict:
    return {entry["list"]: entry for entry in rated_verdicts([row])[row.pk]}


def test_a_league_match_is_rated_on_the_club_and_federation_lists(club, alice, bob, joined):
    found = _lists(_match(club, alice.player, bob.player, event_kind="league"))
    assert found["club:riverside"]["rated"]
    assert found["federation:dbgf"] == {
        "list": "federation:dbgf", "name": "Danish Backgammon Federation", "rated": True,
        "reason": "rated: Danish Backgammon Federation's policy"}


def test_a_club_narrowing_refuses_a_one_point_match_naming_the_club(club, alice, bob, joined):
    services.club_policy_update(club=club, values={**WIDE, "min_length": 3}, actor=alice)
    found = _lists(_match(club, alice.player, bob.player, length=1))
    assert found["federation:dbgf"]["rated"] is False
    assert found["federation:dbgf"]["reason"] == "1-point match: Riverside Backgammon Club's policy"


def test_the_club_list_follows_its_rating_settings(club, alice, bob, joined):
    RatingSettings.objects.update_or_create(club=club, defaults={"rate_ladder": False})
    found = _lists(_match(club, alice.player, bob.player, source="ladder"))
    assert found["club:riverside"]["rated"] is False
    assert found["federation:dbgf"]["rated"] is True


def test_a_friendly_is_rated_by_the_club_that_rates_friendlies_not_by_the_federation(
        club, alice, bob, joined):
    RatingSettings.objects.update_or_create(club=club, defaults={"rate_friendly": True})
    found = _lists(_match(club, alice.player, bob.player, source="match_record"))
    assert found["club:riverside"]["rated"] is True
    assert found["federation:dbgf"]["rated"] is False


def test_a_walkover_is_never_rated(club, alice, bob, joined):
    found = _lists(_match(club, alice.player, bob.player, outcome="walkover"))
    assert not any(entry["rated"] for entry in found.values())
    assert found["federation:dbgf"]["reason"] == "a walkover is never rated"


def test_a_club_that_joined_after_the_match_day_does_not_list_it(club, alice, bob, joined):
    joined.joined_on = datetime.date(2026, 12, 1)
    joined.save()
    assert set(_lists(_match(club, alice.player, bob.player))) == {"club:riverside"}


def test_a_match_against_a_club_outside_the_federation_enters_no_federation_list(
        club, other_club, alice, dave, joined, federation):
    from federations.models import Federation
    regional = Federation.objects.create(name="Zealand", slug="zealand", country="DK")
    for member in (club, other_club):
        FederationClub.objects.create(federation=regional, club=member, status="member",
                                      joined_on=datetime.date(2026, 1, 1))
    row = finished_match_record(federation=regional, source="team_league", source_id=1,
                                player_a=alice.player, player_b=dave.player, length=5,
                                winner=alice.player, finished_at=WHEN)
    assert set(_lists(row)) == {"federation:zealand"}


def test_the_verdicts_of_many_matches_cost_the_same_queries(club, alice, bob, joined):
    few = [_match(club, alice.player, bob.player, source_id=n) for n in range(2)]
    with CaptureQueriesContext(connection) as small:
        rated_verdicts(few)
    many = few + [_match(club, alice.player, bob.player, source_id=n) for n in range(2, 30)]
    with CaptureQueriesContext(connection) as large:
        rated_verdicts(many)
    assert len(small) == len(large) <= 5


def test_the_api_shows_a_tournament_match_with_its_verdicts(client, club, alice, bob, joined):
    from tournaments import services as tournaments
    event = tournaments.tournament_create(club=club, created_by=alice, name="Open",
                                          starts_on=datetime.date(2026, 11, 20))
    for user in (alice, bob):
        tournaments.entry_add(tournament=event, player=user.player)
    tournaments.tournament_start(tournament=event, by=alice)
    match = event.matches.get(player_a__isnull=False, player_b__isnull=False)
    tournaments.match_result_enter(match=match, winner=match.player_a_id,
                                   score_a=match.length, score_b=0, by=alice)
    body = client.get(f"/api/tournaments/{event.pk}/").json()
    [played] = [m for m in body["matches"] if m["id"] == match.pk]
    assert {e["list"]: e["rated"] for e in played["rated"]} == {
        "club:riverside": True, "federation:dbgf": True}


def test_the_tournament_page_says_before_play_where_its_matches_are_rated(
        client, club, alice, bob, joined):
    from tournaments import services as tournaments
    services.club_policy_update(club=club, values={**WIDE, "min_length": 25}, actor=alice)
    event = tournaments.tournament_create(club=club, created_by=alice, name="Open",
                                          starts_on=datetime.date(2026, 11, 20))
    for user in (alice, bob):
        tournaments.entry_add(tournament=event, player=user.player)
    tournaments.tournament_start(tournament=event, by=alice)
    client.force_login(bob)
    page = client.get(f"/clubs/{club.slug}/tournaments/{event.pk}/").content.decode()
    assert "Riverside Backgammon Club: rated" in page
    assert "Danish Backgammon Federation: not rated (" in page


def test_the_match_page_and_the_api_say_whether_a_record_is_rated(client, club, bob, joined):
    from games.models import MatchRecord
    from games.services.match_import import match_import
    from tests.factories import sample_bytes
    record = match_import(club=club, data=sample_bytes("gnubg_selfplay_drops_7p.mat"))
    record = MatchRecord.objects.get(pk=record.pk)
    client.force_login(bob)
    body = client.get(f"/api/matches/{record.pk}/", HTTP_ACCEPT="application/json").json()
    if record.winner is None:
        assert body["rated"] == []
        return
    lists = {e["list"]: e for e in body["rated"]}
    assert lists["club:riverside"]["rated"] is False  # friendlies: the club list's default
    page = client.get(f"/matches/{record.pk}/").content.decode()
    assert 'data-testid="rated-panel"' in page
    assert "Riverside Backgammon Club: not rated (friendly:" in page


def test_a_club_that_left_after_the_match_day_still_lists_it(club, alice, bob, joined,
                                                              federation):
    row = _match(club, alice.player, bob.player)
    services.federation_club_leave(federation=federation, club=club, actor=alice,
                                   on=datetime.date(2026, 11, 25))
    assert _lists(row)["federation:dbgf"]["rated"] is True
    services.federation_club_apply(federation=federation, club=club, actor=alice)
    assert "federation:dbgf" in _lists(row)
