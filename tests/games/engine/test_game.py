"""Game: resignations, results of a bear-off, Match IDs, and actions in the wrong phase."""

import pytest

from games.engine import (
    Game,
    GameStateError,
    IllegalPlayError,
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


def test_a_player_may_not_resign_while_the_opponent_has_dice_to_play():
    game = opened()
    game.roll((4, 2))  # player 1 rolled: player 0 waits until they have played
    with pytest.raises(GameStateError, match="resign_turn"):
        game.resign(0, ResultKind.SINGLE)
    game.resign(1, ResultKind.SINGLE)  # the one on roll may, after rolling
    assert game.phase is Phase.RESIGN


def test_a_record_replayed_as_played_keeps_a_resignation_whenever_it_came():
    game = Game(Rules(), as_played=True)
    game.roll_opening((3, 1))
    assert game.resign_refusal(1) is None


def test_an_opening_roll_written_by_its_winner_is_never_a_doublet():
    game = Game(Rules())
    with pytest.raises(GameStateError, match="opening_doublet"):
        game.roll_opening_won(1, (4, 4))
    game.roll_opening_won(1, (6, 2))
    assert (game.on_roll, game.dice, game.phase) == (1, (6, 2), Phase.MOVE)


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


# --- one machine: strict for live play, as played for a record's replay ------------------


def test_a_given_play_is_checked_without_building_every_play(monkeypatch):
    """Legality of one Play is asked of the checker (is_legal's), not by listing every play."""
    game = Game(Rules())
    game.roll_opening((3, 1))
    play = next(p for p in game.legal_plays() if str(p) == "8/5 6/5")
    monkeypatch.setattr("games.engine.game.legal_plays", _no_generation)
    assert game.play(play) is play and game.on_roll == 1


def test_a_play_of_another_position_is_refused():
    game = opened()  # player 1 on roll
    game.roll((3, 1))
    elsewhere = Game(Rules())
    elsewhere.roll_opening((3, 1))
    other = next(p for p in elsewhere.legal_plays() if str(p) == "8/5 6/5")
    with pytest.raises(IllegalPlayError):
        game.play(other)  # legal moves here, but not the board that Play leads to


def test_acting_out_of_turn_and_setting_the_board_need_a_record_replayed_as_played():
    game = opened()
    with pytest.raises(GameStateError):
        game.turn_to(0)
    game.roll((6, 5))
    with pytest.raises(GameStateError):
        game.end_turn(game.position.swap())


def test_as_played_the_record_decides_the_order_and_a_forbidden_double_stands():
    game = Game(Rules(match_length=3), score=MatchScore(3, (2, 0)), as_played=True)
    assert game.crawford_game
    game.begin(1)  # the record: player 1 won the opening roll
    game.double()  # a double in the Crawford game, kept as played (the replay flags it)
    assert game.phase is Phase.DOUBLE and game.cube.pending == 1
    game.take()
    game.roll((6, 6))
    game.turn_to(0)  # player 0 acts out of turn: the board is seen from them
    assert game.on_roll == 0 and game.position == Position.start()
    game.end_turn(Position.start())
    assert game.on_roll == 1 and game.phase is Phase.ROLL


def test_as_played_a_finished_game_still_refuses_actions():
    game = Game(Rules(), as_played=True)
    game.begin(0)
    game.resign(0)
    game.accept_resignation()
    with pytest.raises(GameStateError):
        game.roll((3, 1))


def test_points_for_values_a_win_with_the_cube_and_jacoby():
    game = opened(Rules(jacoby=True))
    assert game.points_for(ResultKind.GAMMON) == 1  # Jacoby: the cube was never turned
    game.double()
    game.take()
    assert game.cube.turned and game.points_for(ResultKind.GAMMON) == 4


def _no_generation(*args, **kwargs):
    raise AssertionError("every play was built to check one")
