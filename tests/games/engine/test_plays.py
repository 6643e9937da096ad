"""legal_plays, apply_play, is_legal: counts, the rules each refusal names, the empty play."""

import pytest

from games.engine import (
    IllegalPlayError,
    InvalidDiceError,
    Move,
    Position,
    Rule,
    apply_play,
    is_legal,
    legal_plays,
    parse_moves,
)

START = Position.start()


def texts(position, dice):
    return sorted(str(play) for play in legal_plays(position, dice))


@pytest.mark.parametrize("dice, count", [
    ((3, 1), 16), ((2, 1), 15), ((6, 5), 7), ((5, 5), 4), ((6, 6), 11), ((1, 1), 42),
])
def test_opening_rolls_have_the_known_number_of_distinct_plays(dice, count):
    assert len(legal_plays(START, dice)) == count


def test_dice_order_does_not_matter():
    assert legal_plays(START, (1, 3)) == legal_plays(START, (3, 1))


def test_two_orders_reaching_the_same_position_are_one_play():
    plays = legal_plays(START, (6, 5))
    results = [play.result for play in plays]
    assert len(results) == len(set(results))
    assert "24/18/13" in [str(play) for play in plays]


def test_each_play_result_is_seen_by_the_opponent_now_on_roll():
    play = apply_play(START, (3, 1), parse_moves("8/5 6/5"))
    assert play.result.position_id() == "sGfwATDgc/ABMA"
    assert play.dice_used == (3, 1)


def test_bad_dice_are_refused():
    with pytest.raises(InvalidDiceError):
        legal_plays(START, (7, 1))
    with pytest.raises(InvalidDiceError):
        legal_plays(START, (1,))


def refusal(position, dice, text):
    with pytest.raises(IllegalPlayError) as caught:
        apply_play(position, dice, parse_moves(text))
    assert position.position_id() in str(caught.value)
    assert caught.value.rule.value in str(caught.value)
    return caught.value.rule


def test_moving_to_a_point_held_by_two_opposing_checkers_is_blocked_point():
    assert refusal(START, (5, 3), "24/19 13/10") == Rule.BLOCKED_POINT


def test_moving_from_an_empty_point_is_no_checker():
    assert refusal(START, (3, 1), "9/6 6/5") == Rule.NO_CHECKER


def test_a_move_that_matches_no_die_is_wrong_distance():
    assert refusal(START, (3, 1), "13/9") == Rule.WRONG_DISTANCE
    assert refusal(START, (3, 1), "8/5 6/5 6/5") == Rule.WRONG_DISTANCE


def test_moving_backwards_is_wrong_distance():
    with pytest.raises(IllegalPlayError) as caught:
        apply_play(START, (2, 1), [Move(6, 8), Move(6, 5)])
    assert caught.value.rule == Rule.WRONG_DISTANCE


def test_playing_one_die_when_both_can_be_played_is_must_use_both_dice():
    assert refusal(START, (3, 1), "8/5") == Rule.MUST_USE_BOTH_DICE
    assert refusal(START, (3, 1), "") == Rule.MUST_USE_BOTH_DICE


def test_is_legal_agrees_with_apply_play():
    assert is_legal(START, (3, 1), parse_moves("8/5 6/5"))
    assert is_legal(START, (3, 1), parse_moves("6/5 8/5"))
    assert not is_legal(START, (3, 1), parse_moves("8/5"))


def test_hit_marks_are_ignored_by_apply_play_the_board_decides():
    play = apply_play(START, (3, 1), [Move(8, 5, True), Move(6, 5, True)])
    assert str(play) == "8/5 6/5"


def test_moves_may_be_given_in_any_order():
    play = apply_play(START, (6, 5), parse_moves("18/13 24/18"))
    assert str(play) == "24/18/13"


def test_every_legal_play_is_legal_for_is_legal_and_apply_play():
    position = Position.from_position_id("wefBATDgc+IBYA")
    for dice in [(6, 5), (4, 3), (1, 1), (2, 2)]:
        for play in legal_plays(position, dice):
            assert is_legal(position, dice, play.moves)
            assert apply_play(position, dice, play.moves) == play


def test_the_last_checker_borne_off_by_either_die_counts_as_the_larger():
    # X: one checker on the 1-point (14 off); O: 7 pips left. 5-4 bears it off either way.
    position = Position.from_position_id("XwAAgAAAAAAAAA")
    play = apply_play(position, (4, 5), parse_moves("1/off"))
    assert play.dice_used == (5,)
    assert is_legal(position, (5, 4), parse_moves("1/off"))
    assert legal_plays(position, (5, 4)) == (play,)


def test_the_plays_are_a_read_only_sequence_compared_like_a_tuple():
    plays = legal_plays(START, (3, 1))
    assert len(plays) == 16
    as_tuple = tuple(plays)
    assert plays == as_tuple and as_tuple == plays
    assert plays[0] is as_tuple[0] and plays[-1] is plays[15]
    assert plays[:2] == as_tuple[:2]
    assert as_tuple[3] in plays and plays.index(as_tuple[3]) == 3
    assert hash(plays) == hash(legal_plays(START, (1, 3)))
    assert plays != legal_plays(START, (4, 2)) and plays != list(plays)
    assert "8/5 6/5" in repr(plays)
    with pytest.raises(TypeError):
        plays[0] = as_tuple[1]


def test_no_play_at_all_is_one_empty_play_passing_the_turn():
    # mover: one checker on the bar; opponent: a closed board (all six home points held)
    position = Position.from_points({25: 1, 13: 14}, {point: 2 for point in range(1, 7)})
    plays = legal_plays(position, (4, 2))
    assert len(plays) == 1
    (play,) = plays
    assert play.moves == () and play.result == position.swap()


def test_several_checkers_on_the_bar_enter_one_per_die():
    position = Position.from_points({25: 3, 13: 12}, {2: 2, 20: 13})
    assert texts(position, (4, 3)) == ["bar/22 bar/21"]
    assert texts(position, (4, 2)) == ["bar/21"]  # the opponent holds the 23 point
    assert texts(position, (2, 2)) == [""]  # no checker enters: the turn passes
    assert texts(position, (3, 3)) == ["bar/22(3) 13/10", "bar/22/19 bar/22(2)"]
