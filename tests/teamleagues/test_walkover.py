"""A board one team left empty (issue 35, points 4 and 5): the present player wins it by
walkover, and it is a finished match like every other board (no opponent, never rated: the
verdict says "walkover"), followed by a correction of the card. (The team page reads the
card's boards, so it showed the walkover before: no test of it here.)"""

import pytest

from results.models import FinishedMatch
from results.selectors_rated import rated_verdicts
from teamleagues import services
from teamleagues.models import Board, Fixture

from .conftest import lineup_of, win_all

pytestmark = pytest.mark.django_db


def short_card(w):
    """The first fixture, the away team two players short of three: board 3 a walkover."""
    fixture = Fixture.objects.filter(league=w.league).order_by("round", "pk").first()
    services.lineup_submit(fixture=fixture, team=fixture.home,
                           players=lineup_of(w, fixture.home), by=w.captains[fixture.home_id])
    services.lineup_submit(fixture=fixture, team=fixture.away,
                           players=lineup_of(w, fixture.away)[:2],
                           by=w.captains[fixture.away_id])
    boards = win_all()
    boards[2] = {"board": 3, "winner": "home", "walkover": True}
    services.card_enter(fixture=fixture, boards=boards, by=w.captains[fixture.home_id])
    services.card_confirm(fixture=fixture, by=w.captains[fixture.away_id])
    return fixture, Board.objects.get(fixture=fixture, board=3)


def test_a_walkover_board_is_a_finished_walkover_without_opponent(world):
    fixture, board = short_card(world)
    row = FinishedMatch.objects.get(source="team_league", source_id=board.pk)
    assert row.outcome == FinishedMatch.Outcome.WALKOVER
    assert row.player_a_id == board.home_player_id and row.player_b_id is None
    assert row.winner_id == board.home_player_id
    assert row.player_a_club_id == fixture.home.club_id and row.player_b_club_id is None
    assert row.federation_id == world.fed.pk and row.length == 7
    assert (row.score_a, row.score_b) == (None, None)


def test_a_walkover_board_is_never_rated_and_says_why(world):
    _fixture, board = short_card(world)
    row = FinishedMatch.objects.get(source="team_league", source_id=board.pk)
    verdicts = rated_verdicts([row])[row.pk]
    national = next(v for v in verdicts if v["list"] == f"federation:{world.fed.slug}")
    assert national["rated"] is False and "walkover" in national["reason"]


def test_a_correction_keeps_the_walkover_row_and_updates_the_others(world):
    fixture, board = short_card(world)
    before = FinishedMatch.objects.get(source="team_league", source_id=board.pk).pk
    boards = win_all()
    boards[1] = {"board": 2, "winner": "away", "score_home": 4, "score_away": 5,
                 "walkover": False}
    boards[2] = {"board": 3, "winner": "home", "walkover": True}
    services.card_decide(fixture=fixture, by=world.referee, reason="Board 2 was 4-5",
                         boards=boards)
    rows = FinishedMatch.objects.filter(source="team_league")
    assert rows.count() == 3
    walkover = rows.get(source_id=board.pk)
    assert walkover.pk == before and walkover.outcome == "walkover"
    two = rows.get(source_id=Board.objects.get(fixture=fixture, board=2).pk)
    assert two.winner_id == two.player_b_id and (two.score_a, two.score_b) == (4, 5)
