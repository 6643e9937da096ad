"""A two-division league through the services: fixtures with deadlines, results reported
and confirmed, a walkover, a correction, the final tables, promotion and relegation drafted
and confirmed into the next season."""

import datetime

import pytest

from audit.models import AuditEntry
from results.models import FinishedMatch
from tests.factories import members
from tournaments import selectors_league
from tournaments.models import Fixture, LeagueSeason
from tournaments.services import league
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db
START = datetime.date(2026, 1, 5)


def _season(club, players):
    return league.season_create(
        club=club, name="2026", starts_on=START, ends_on=datetime.date(2026, 6, 30),
        divisions=[[p.pk for p in players[:4]], [p.pk for p in players[4:]]],
        days_per_round=14, promote=1, relegate=1, length=5)


def test_a_two_division_league_through_promotion_and_relegation(club):
    players = members(club, 8)
    name = {p.pk: n for n, p in enumerate(players, start=1)}
    season = _season(club, players)
    league.season_start(season=season)
    fixtures = Fixture.objects.filter(division__season=season)
    assert fixtures.count() == 12  # 6 per division of four
    assert set(fixtures.filter(round=1).values_list("deadline", flat=True)) == {
        datetime.date(2026, 1, 19)}
    # Division 1 (1-4): the better seed wins, except 4 beats 1. Division 2 (5-8): 8 beats
    # everyone, then the better seed wins. One fixture by report and confirm, one walkover.
    for fixture in fixtures.select_related("player_a", "player_b"):
        a, b = name[fixture.player_a_id], name[fixture.player_b_id]
        better, worse = min(a, b), max(a, b)
        winner = worse if (better, worse) == (1, 4) or worse == 8 else better
        winner_id = players[winner - 1].pk
        if {a, b} == {2, 3}:
            league.fixture_report(fixture=fixture, by=fixture.player_a.user,
                                  winner=winner_id, score_a=5 if winner == a else 1,
                                  score_b=1 if winner == a else 5)
            league.fixture_confirm(fixture=fixture, by=fixture.player_b.user)
        elif {a, b} == {5, 6}:
            league.fixture_enter(fixture=fixture, by=None, winner=winner_id, walkover=True)
        else:
            league.fixture_enter(fixture=fixture, by=None, winner=winner_id,
                                 score_a=5 if winner == a else 2,
                                 score_b=2 if winner == a else 5)
    tables = selectors_league.season_tables(season=season)
    # Division 1: 1 beat 2 and 3 (2 wins), 2 beat 3 and 4 (2), 4 beat 1 (1), 3 beat 4 (1).
    # 1 and 2 tied: 1 beat 2. 3 and 4 tied: 3 beat 4.
    assert [(r["label"], name[r["player_id"]], r["wins"]) for r in tables[0]["rows"]] == [
        ("1st", 1, 2), ("2nd", 2, 2), ("3rd", 3, 1), ("4th", 4, 1)]
    # Division 2: 8 three wins; 5 beat 6 (walkover) and 7; 6 beat 7; 7 none.
    assert [(name[r["player_id"]], r["wins"], r["walkovers"]) for r in tables[1]["rows"]] \
        == [(8, 3, 0), (5, 2, 1), (6, 1, 1), (7, 0, 0)]
    walkover = fixtures.get(status=Fixture.Status.WALKOVER)
    assert FinishedMatch.objects.get(source="league", source_id=walkover.pk).outcome == \
        FinishedMatch.Outcome.WALKOVER
    # A correction: 3 had in fact beaten 2 (5-3): now 1 (2 wins), then 2, 3 and 4 on one
    # win each... 2 beat 4, 3 beat 2, 4 beat 1, 3 beat 4: 3 has two wins.
    wrong = fixtures.get(player_a__in=[players[1], players[2]],
                         player_b__in=[players[1], players[2]])
    league.fixture_correct(fixture=wrong, by=None, winner=players[2].pk,
                           score_a=5 if wrong.player_a_id == players[2].pk else 3,
                           score_b=3 if wrong.player_a_id == players[2].pk else 5,
                           reason="Scoresheet misread")
    assert AuditEntry.objects.filter(action=AuditEntry.Action.RESULT_CORRECTED).count() == 1
    tables = selectors_league.season_tables(season=season)
    # 1: 2 wins (2, 3); 3: 2 wins (2, 4); 1 beat 3 -> 1 first. 2: 1 (4); 4: 1 (1); 2 v 4:
    # 2 won -> 2 third.
    assert [name[r["player_id"]] for r in tables[0]["rows"]] == [1, 3, 2, 4]
    league.season_finish(season=season, joining=[])
    season.refresh_from_db()
    # Promotion 1, relegation 1: 4 goes down, 8 comes up.
    assert season.status == LeagueSeason.Status.FINISHED
    assert [[name[p] for p in division] for division in season.draft] == [[1, 3, 2, 8],
                                                                          [4, 5, 6, 7]]
    nxt = league.season_next_confirm(season=season, name="2027", starts_on=START.replace(
        year=2027), ends_on=datetime.date(2027, 6, 30))
    assert nxt.previous_id == season.pk and nxt.status == LeagueSeason.Status.DRAFT
    assert [sorted(name[m.player_id] for m in d.members.all())
            for d in nxt.divisions.order_by("number")] == [[1, 2, 3, 8], [4, 5, 6, 7]]


def test_a_season_with_open_fixtures_cannot_finish(club):
    season = _season(club, members(club, 8))
    league.season_start(season=season)
    with pytest.raises(TournamentError, match="no result yet"):
        league.season_finish(season=season)


def test_a_player_reports_only_their_own_fixture(club, bob):
    season = _season(club, members(club, 8))
    league.season_start(season=season)
    fixture = Fixture.objects.filter(division__season=season).first()
    with pytest.raises(TournamentError, match="Only the two players"):
        league.fixture_report(fixture=fixture, by=bob, winner=fixture.player_a_id, score_a=5,
                              score_b=0)
