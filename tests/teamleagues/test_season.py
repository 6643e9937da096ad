"""The season of issue 35's "done when": two divisions drawn, played card by card with both
captains, one card corrected, closed with promotion, relegation and a playoff, and every
board in the federation's list of finished matches."""

from collections import Counter

import pytest

from results.models import FinishedMatch
from teamleagues import selectors, services
from teamleagues.models import Board, Fixture, TeamLeague

from .conftest import lineup_of, make_world, win_all

pytestmark = pytest.mark.django_db


def play(w, fixture, boards=None):
    """Both line-ups, the home captain's card, the away captain's confirmation."""
    for team in (fixture.home, fixture.away):
        services.lineup_submit(fixture=fixture, team=team, players=lineup_of(w, team),
                               by=w.captains[team.pk])
    # The better team (the lower id: entered first) wins every board.
    side = "home" if fixture.home_id < fixture.away_id else "away"
    services.card_enter(fixture=fixture, boards=boards or win_all(side=side),
                        by=w.captains[fixture.home_id])
    return services.card_confirm(fixture=fixture, by=w.captains[fixture.away_id])


def test_the_draw_is_a_round_robin_in_each_division(world):
    fixtures = list(Fixture.objects.filter(league=world.league))
    assert len(fixtures) == 12  # two divisions of four, one meeting: 6 each
    pairs = Counter(frozenset((f.home_id, f.away_id)) for f in fixtures)
    assert set(pairs.values()) == {1}
    for division in (world.elite, world.first):
        rounds = Counter(f.round for f in fixtures if f.division_id == division.pk)
        assert rounds == {1: 2, 2: 2, 3: 2}
    assert all(f.date is not None for f in fixtures)
    assert TeamLeague.objects.get(pk=world.league.pk).status == "drawn"


def test_a_whole_season_played_corrected_and_closed(world):
    w = world
    for fixture in Fixture.objects.filter(league=w.league).order_by("round", "pk"):
        play(w, fixture)
    boards = Board.objects.filter(fixture__league=w.league)
    assert boards.count() == 36
    rows = FinishedMatch.objects.filter(source=FinishedMatch.Source.TEAM_LEAGUE)
    assert rows.count() == 36
    assert set(rows.values_list("federation_id", flat=True)) == {w.fed.pk}
    assert set(rows.values_list("event_kind", flat=True)) == {"team_league"}

    # One card corrected by the referee: the away team won board 1 after all.
    fixture = Fixture.objects.filter(league=w.league, division=w.elite).first()
    board = fixture.boards.get(board=1)
    before_id = FinishedMatch.objects.get(source="team_league", source_id=board.pk).pk
    corrected = [dict(b) for b in win_all(side=board.winner)]
    loser = "away" if board.winner == "home" else "home"
    corrected[0] = {"board": 1, "winner": loser, "score_home": 3 if loser == "home" else 1,
                    "score_away": 3 if loser == "away" else 1, "walkover": False}
    services.card_decide(fixture=fixture, by=w.referee, reason="Board 1 misread",
                         boards=corrected)
    row = FinishedMatch.objects.get(source="team_league", source_id=board.pk)
    assert row.pk == before_id  # updated in place
    assert row.winner_id == (board.home_player_id if loser == "home" else board.away_player_id)
    assert FinishedMatch.objects.filter(source="team_league").count() == 36

    tables = {t.division.pk: t for t in selectors.division_tables(league=w.league)}
    elite = [r.team.name for r in tables[w.elite.pk].rows]
    first = [r.team.name for r in tables[w.first.pk].rows]
    assert elite[0] == "Aarhus BG" and elite[-1] == "Dragor BG"
    assert first[0] == "Esbjerg BG"

    result = services.team_league_close(league=w.league)
    assert [m["name"] for m in result["promoted"]] == ["Esbjerg BG"]
    assert [m["name"] for m in result["relegated"]] == ["Dragor BG"]
    assert len(result["playoffs"]) == 1
    playoff = Fixture.objects.get(pk=result["playoffs"][0]["fixture"])
    assert playoff.is_playoff
    assert {playoff.home.name, playoff.away.name} == {elite[2], first[1]}

    # The playoff is played like any card; closing again names its winner.
    play(w, playoff)
    again = services.team_league_close(league=w.league)
    assert again["playoffs"][0]["winner"] is not None
    assert Fixture.objects.filter(is_playoff=True).count() == 1
    assert FinishedMatch.objects.filter(source="team_league").count() == 39


def test_next_season_follows_the_proposal(world):
    w = world
    for fixture in Fixture.objects.filter(league=w.league):
        play(w, fixture)
    services.team_league_close(league=w.league)
    league = TeamLeague.objects.get(pk=w.league.pk)
    new = services.team_league_next_create(league=league, season="2027/28", by=w.fed_admin)
    elite = new.divisions.get(name="Elite")
    assert "Esbjerg BG" in set(elite.teams.values_list("name", flat=True))
    assert "Dragor BG" not in set(elite.teams.values_list("name", flat=True))


def test_draw_time_dates_follow_the_start():
    w = make_world(draw=False)
    fixtures, problems = services.team_league_draw(league=w.league, start=None,
                                                   dates=None)
    assert fixtures and problems == []


def test_a_captain_is_reminded_of_a_line_up_due_once(world, django_capture_on_commit_callbacks):
    import datetime

    from notifications.models import Notification

    fixture = Fixture.objects.filter(league=world.league).order_by("round", "pk").first()
    due = datetime.datetime.combine(fixture.date, datetime.time(0), tzinfo=datetime.UTC) \
        - datetime.timedelta(hours=world.league.lineup_hours)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.lineup_deadlines_notify(now=due - datetime.timedelta(hours=3)) >= 1
        assert services.lineup_deadlines_notify(now=due - datetime.timedelta(hours=2)) == 0
    told = Notification.objects.filter(kind="team_card",
                                       user=world.captains[fixture.home_id])
    assert told.count() == 1
