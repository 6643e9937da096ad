"""A match card's score (teamleagues.core.scoring, no database)."""

import pytest

from teamleagues.core.errors import TeamLeagueInputError
from teamleagues.core.scoring import BoardResult, Scoring, board_result_problems, card_result


def boards(*winners):
    return [BoardResult(i, w, *((7, 3) if w == "home" else (3, 7)))
            for i, w in enumerate(winners, start=1)]


def test_board_points_are_the_boards_each_side_won():
    result = card_result(boards("home", "away", "home", "home"), 4)
    assert (result.home_board_points, result.away_board_points) == (3, 1)


def test_the_side_with_more_boards_wins_the_match():
    result = card_result(boards("away", "away", "home"), 3)
    assert result.outcome == "away"
    assert (result.home_match_points, result.away_match_points) == (0, 2)


def test_equal_board_points_are_a_drawn_match():
    result = card_result(boards("home", "away", "away", "home"), 4)
    assert result.outcome == "draw"
    assert (result.home_match_points, result.away_match_points) == (1, 1)


def test_the_cambridge_scoring_gives_three_two_one():
    cambridge = Scoring(3, 2, 1)
    won = card_result(boards("home", "home", "away"), 3, scoring=cambridge)
    drawn = card_result(boards("home", "away"), 2, scoring=cambridge)
    assert (won.home_match_points, won.away_match_points) == (3, 1)
    assert (drawn.home_match_points, drawn.away_match_points) == (2, 2)


def test_a_walkover_counts_for_the_side_that_was_there():
    results = [*boards("home", "home"), BoardResult(3, "away", walkover=True),
               BoardResult(4, "away", walkover=True)]
    assert card_result(results, 4).away_board_points == 2


def test_a_card_with_boards_still_playing_has_no_outcome_yet():
    result = card_result(boards("home", "home"), 4)
    assert result.outcome is None and result.missing == (3, 4)
    assert (result.home_board_points, result.home_match_points) == (2, 0)


def test_the_order_of_the_board_results_does_not_matter():
    results = boards("home", "away", "away")
    assert card_result(results, 3) == card_result(results[::-1], 3)


def test_a_board_outside_the_card_is_refused():
    with pytest.raises(TeamLeagueInputError, match="not on a card of 3 boards"):
        card_result([BoardResult(4, "home", 7, 0)], 3)


def test_a_board_with_two_results_is_refused():
    with pytest.raises(TeamLeagueInputError, match="two results"):
        card_result([BoardResult(1, "home", 7, 0), BoardResult(1, "away", 0, 7)], 3)


def test_a_winner_that_is_neither_side_is_refused():
    with pytest.raises(TeamLeagueInputError, match="home or away"):
        card_result([BoardResult(1, "draw", 7, 7)], 3)


@pytest.mark.parametrize("values", [(2, 3, 0), (-1, 0, 0), (2, 1, 1.5)])
def test_match_points_not_from_high_to_low_are_refused(values):
    with pytest.raises(TeamLeagueInputError):
        Scoring(*values)


def test_a_score_that_finishes_the_match_has_no_problem():
    assert board_result_problems(BoardResult(1, "away", 4, 9), 7) == []


@pytest.mark.parametrize(("score", "winner"), [((5, 3), "home"), ((7, 7), "home"),
                                               ((7, 2), "away")])
def test_a_score_that_does_not_finish_the_match_is_a_problem(score, winner):
    [problem] = board_result_problems(BoardResult(2, winner, *score), 7)
    assert problem.code == "unfinished" and problem.params["board"] == 2


def test_a_walkover_needs_no_score_but_never_one_below_zero():
    assert board_result_problems(BoardResult(1, "home", walkover=True), 7) == []
    assert board_result_problems(BoardResult(1, "home", -1, 0, walkover=True), 7)[0].code \
        == "score"


# A playoff never ends level: more boards won, else the top board decides (count-back).


def test_a_playoff_with_more_boards_won_goes_to_that_side():
    from teamleagues.core import playoff_winner

    results = [BoardResult(1, "home"), BoardResult(2, "away"), BoardResult(3, "away"),
               BoardResult(4, "away")]
    assert playoff_winner(results, 4) == ("away", "board_points")


def test_a_level_playoff_goes_to_the_winner_of_board_one():
    from teamleagues.core import playoff_winner

    results = [BoardResult(4, "home"), BoardResult(3, "home"), BoardResult(2, "away"),
               BoardResult(1, "away")]
    assert playoff_winner(results, 4) == ("away", "top_board")
    flipped = [BoardResult(r.board, "home" if r.winner == "away" else "away") for r in results]
    assert playoff_winner(flipped, 4) == ("home", "top_board")


def test_a_playoff_with_boards_still_to_play_has_no_winner_yet():
    from teamleagues.core import TeamLeagueInputError, playoff_winner

    with pytest.raises(TeamLeagueInputError):
        playoff_winner([BoardResult(1, "home"), BoardResult(2, "away")], 4)
