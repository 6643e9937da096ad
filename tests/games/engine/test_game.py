"""Game: resignations, results of a bear-off, Match IDs, and actions in the wrong phase."""

import pytest

from games.engine import (
    Game,
    GameStateError,
    MatchId,
    MatchScore,
    Phase,
    Position,
    ResultKind,
    Rules,
)


def opened(rules=None) -> Game:
    game = Game(rules or Rules())
    game.roll_opening((3, 1))
    game.play("8/5 6/5")
    return game


@pytest.mark.parametrize("kind, points", [
    (ResultKind.SINGLE, 1), (ResultKind.GAMMON, 2), (ResultKind.BACKGAMMON, 3),
])
def test_an_accepted_resignation_ends_the_game_at_its_value(kind, points):
    game = opened()
    game.resign(1, kind)
    assert game.turn == 0
    result = game.accept_resignation()
    assert (result.winner, result.kind, result.points, result.ended_by) == \
        (0, kind, points, "resign")


def test_a_refused_resignation_lets_the_game_go_on():
    game = opened()
    game.resign(1, ResultKind.SINGLE)
    game.reject_resignation()
    assert game.phase is Phase.ROLL and game.resignation is None


def test_a_resigned_gammon_counts_single_under_jacoby_with_the_cube_centred():
    game = opened(Rules(jacoby=True))
    game.resign(1, ResultKind.GAMMON)
    assert game.accept_resignation().points == 1


def test_bearing_off_the_last_checker_wins_with_the_result_kind():
    game = opened()
    # X (player 1, on roll): one checker left on the 1-point; O (player 0) has 15 on board.
    game.position = Position.from_points({1: 1}, {23: 2, 13: 5, 8: 3, 6: 5})
    game.roll((2, 1))
    game.play("1/off")
    result = game.result
    assert (result.winner, result.kind, result.points, result.ended_by) == \
        (1, ResultKind.BACKGAMMON, 3, "bearoff")
    assert game.phase is Phase.OVER
    assert game.score_after().scores == (0, 3)


def test_playing_before_rolling_is_a_game_state_error():
    game = opened()
    with pytest.raises(GameStateError):
        game.play("24/18")
    with pytest.raises(GameStateError):
        game.take()


def test_the_match_id_follows_the_game():
    game = Game(Rules(match_length=3), score=MatchScore(3, (1, 0)))
    game.roll_opening((4, 6))
    game.play("24/14")
    game.double()
    decoded = MatchId.decode(game.match_id())
    assert decoded.doubled and decoded.on_roll == 0 and decoded.turn == 1
    assert decoded.match_length == 3 and decoded.scores == (1, 0) and decoded.jacoby_off
    game.take()
    assert MatchId.decode(game.match_id()).cube_owner == 1
