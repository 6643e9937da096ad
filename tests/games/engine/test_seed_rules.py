"""A scenario test for every rule sentence in the seed documents (../shared/seeds/*.txt).

Each test quotes its sentence (and the seed file it comes from) and carries its position as
a Position ID with the board in a comment: X is on roll and moves from 24 down to 1, O is
the opponent. Cube and match rules are in test_seed_cube_rules.py.
"""

from games.engine import (
    IllegalPlayError,
    Move,
    Position,
    Rule,
    apply_play,
    legal_plays,
    match_play,
    parse_moves,
)


def board(position_id: str) -> Position:
    return Position.from_position_id(position_id)


def plays(position: Position, dice) -> list[str]:
    return sorted(str(play) for play in legal_plays(position, dice))


def refused(position: Position, dice, text: str) -> Rule:
    try:
        apply_play(position, dice, parse_moves(text))
    except IllegalPlayError as error:
        assert position.position_id() in str(error)
        return error.rule
    raise AssertionError(f"{text} was accepted")


def test_initial_arrangement():
    """000: "two on each player's twenty-four point, five on each player's thirteen point,
    three on each player's eight point, and five on each player's six point." """
    #  Position ID: 4HPwATDgc/ABMA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X           O    |   | O              X |
    #  | X           O    |   | O              X |
    #  | X           O    |   | O                |
    #  | X                |   | O                |
    #  | X                |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X              O |
    #  | O           X    |   | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 167 pips, 0 off; O: 167 pips, 0 off
    position = board("4HPwATDgc/ABMA")
    assert position == Position.start()
    for side in (position.mover, position.opponent):
        assert {p: n for p, n in enumerate(side) if n} == {24: 2, 13: 5, 8: 3, 6: 5}


def test_counters_are_always_moved_forward():
    """000: "The counters are always moved forward, to a lower-numbered point." """
    #  Position ID: 4HPwATDgc/ABMA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X           O    |   | O              X |
    #  | X           O    |   | O              X |
    #  | X           O    |   | O                |
    #  | X                |   | O                |
    #  | X                |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X              O |
    #  | O           X    |   | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 167 pips, 0 off; O: 167 pips, 0 off
    position = board("4HPwATDgc/ABMA")
    try:
        apply_play(position, (2, 1), [Move(6, 8), Move(6, 5)])
    except IllegalPlayError as error:
        assert error.rule == Rule.WRONG_DISTANCE
    else:
        raise AssertionError("a backward move was accepted")


def test_a_counter_may_be_moved_only_to_an_open_point():
    """000: "A counter may be moved only to an open point, one that is not occupied by two
    or more opposing counters." (001/004: "A checker may never land on a point occupied by
    two or more enemy checkers.") """
    #  Position ID: 4HPwATDgc/ABMA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X           O    |   | O              X |
    #  | X           O    |   | O              X |
    #  | X           O    |   | O                |
    #  | X                |   | O                |
    #  | X                |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X              O |
    #  | O           X    |   | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 167 pips, 0 off; O: 167 pips, 0 off
    position = board("4HPwATDgc/ABMA")
    assert refused(position, (5, 3), "24/19 13/10") == Rule.BLOCKED_POINT
    assert not any("24/19" in text for text in plays(position, (5, 3)))


def test_one_counter_may_move_both_dice_only_through_an_open_intermediate_point():
    """000: "he may move the one counter a total of eight spaces to an open point, but only
    if the intermediate point (either three or five spaces from the starting point) is also
    open." """
    #  Position ID: mAH/BwDg/wcAIA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  |                  |   | O     O        X |
    #  |                  |   | O     O          |
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |BAR|                  |
    #  |11                |   |14                |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 108 pips, 0 off; O: 163 pips, 0 off
    both_closed = board("mAH/BwDg/wcAIA")
    assert not any(text.startswith("24/") for text in plays(both_closed, (5, 3)))
    #  Position ID: GMD/BwDg/wcAIA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  |                  |   |       O        X |
    #  |                  |   |       O          |
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |BAR|                  |
    #  |13                |   |14                |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 108 pips, 0 off; O: 177 pips, 0 off
    one_open = board("GMD/BwDg/wcAIA")
    assert "24/19/16" in plays(one_open, (5, 3))


def test_the_same_checker_may_move_twice_but_not_the_sum_at_once():
    """001: "The same checker may be moved twice as long as the two moves are distinct: six
    and then three, or three and then six, but not nine all at once." """
    #  Position ID: 4HPwATDgc/ABMA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X           O    |   | O              X |
    #  | X           O    |   | O              X |
    #  | X           O    |   | O                |
    #  | X                |   | O                |
    #  | X                |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X              O |
    #  | O           X    |   | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 167 pips, 0 off; O: 167 pips, 0 off
    position = board("4HPwATDgc/ABMA")
    try:
        apply_play(position, (6, 3), [Move(24, 15)])
    except IllegalPlayError as error:
        assert error.rule == Rule.WRONG_DISTANCE
    else:
        raise AssertionError("a nine was accepted")
    six_three = apply_play(position, (6, 3), parse_moves("24/18 18/15"))
    three_six = apply_play(position, (6, 3), parse_moves("24/21 21/15"))
    assert six_three == three_six


def test_it_is_impossible_to_stop_in_passing_on_a_blocked_point():
    """002: "It is even impossible to stop "in passing" on such a space when combining the
    values of two dice. However, it is possible to pass directly over a space occupied by
    several opponent checkers." (O holds X's 19 and 20: 24/15 with 5-4 is impossible.) """
    #  Position ID: sHPwATDgc/ABMA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X           O    |   | O  O           X |
    #  | X           O    |   | O  O           X |
    #  | X           O    |   | O                |
    #  | X                |   |                  |
    #  | X                |   |                  |
    #  |                  |BAR|                  |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X              O |
    #  | O           X    |   | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 167 pips, 0 off; O: 165 pips, 0 off
    position = board("sHPwATDgc/ABMA")
    assert not any(text.startswith("24/") for text in plays(position, (5, 4)))
    #  Position ID: 4HPwATDgc/ABMA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X           O    |   | O              X |
    #  | X           O    |   | O              X |
    #  | X           O    |   | O                |
    #  | X                |   | O                |
    #  | X                |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X              O |
    #  | O           X    |   | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 167 pips, 0 off; O: 167 pips, 0 off
    assert "13/7 13/12" not in plays(board("4HPwATDgc/ABMA"), (6, 1))
    assert "13/7/6" in plays(board("4HPwATDgc/ABMA"), (6, 1))  # 13/7 jumps O's point on 12


def test_doubles_are_played_twice():
    """000: "A player who rolls doubles plays the numbers shown on the dice twice. A roll of
    6 and 6 means that the player has four sixes to use" """
    #  Position ID: 4HPwATDgc/ABMA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X           O    |   | O              X |
    #  | X           O    |   | O              X |
    #  | X           O    |   | O                |
    #  | X                |   | O                |
    #  | X                |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X              O |
    #  | O           X    |   | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 167 pips, 0 off; O: 167 pips, 0 off
    for play in legal_plays(board("4HPwATDgc/ABMA"), (6, 6)):
        assert play.dice_used == (6, 6, 6, 6)


def test_both_numbers_must_be_used_if_legally_possible():
    """000: "A player must use both numbers of a roll if this is legally possible (or all
    four numbers of a double)." """
    #  Position ID: 4HPwATDgc/ABMA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X           O    |   | O              X |
    #  | X           O    |   | O              X |
    #  | X           O    |   | O                |
    #  | X                |   | O                |
    #  | X                |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X              O |
    #  | O           X    |   | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 167 pips, 0 off; O: 167 pips, 0 off
    position = board("4HPwATDgc/ABMA")
    assert refused(position, (3, 1), "8/5") == Rule.MUST_USE_BOTH_DICE
    assert refused(position, (2, 2), "13/11 13/11 6/4") == Rule.MUST_USE_BOTH_DICE


def test_when_only_one_number_can_be_played_it_must_be_played():
    """000: "When only one number can be played, the player must play that number." (001:
    "If he has a legal move for one die only, he must make that move and then forfeit the
    use of the other die.") """
    #  Position ID: YGD/ATDg/wcAIA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | O                |   | O              X |
    #  | O                |   | O                |
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |BAR|                  |
    #  | 9                |   |14                |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O                |   | X              O |
    #  | O                |   | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 108 pips, 0 off; O: 201 pips, 0 off
    position = board("YGD/ATDg/wcAIA")
    assert plays(position, (6, 5)) == ["24/18"]
    assert refused(position, (6, 5), "") == Rule.MUST_USE_BOTH_DICE


def test_if_either_number_but_not_both_can_be_played_the_larger_must_be():
    """000: "Or if either number can be played but not both, the player must play the larger
    one." (001/004: "he must play the higher number"; 003: "If only one number can be
    played, and there is a choice, the higher must be played.") """
    #  Position ID: ANj/ATDg/wcAIA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | O                |   |                X |
    #  | O                |   |                  |
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |BAR|                  |
    #  |11                |   |14                |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O                |   | X              O |
    #  | O                |   | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 108 pips, 0 off; O: 215 pips, 0 off
    position = board("ANj/ATDg/wcAIA")
    assert plays(position, (6, 5)) == ["24/18"]
    assert refused(position, (6, 5), "24/19") == Rule.HIGHER_DIE


def test_when_neither_number_can_be_used_the_turn_is_lost():
    """000: "When neither number can be used, the player loses his turn." (001: "If a player
    has no legal moves after rolling the dice ... he forfeits his turn.") """
    #  Position ID: YAP/ATDg/wcAIA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  |                O |   | O              X |
    #  |                O |   | O                |
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |BAR|                  |
    #  | 9                |   |14                |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O                |   | X              O |
    #  | O                |   | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 108 pips, 0 off; O: 191 pips, 0 off
    position = board("YAP/ATDg/wcAIA")
    (play,) = legal_plays(position, (6, 5))
    assert play.moves == () and play.result == position.swap()
    assert apply_play(position, (6, 5), []) == play


def test_doubles_play_as_many_numbers_as_possible():
    """000: "In the case of doubles, when all four numbers cannot be played, the player must
    play as many numbers as he can." """
    #  Position ID: wMD/AQzg/wcAIA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  |                O |   |                X |
    #  |                O |   |                  |
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |BAR|                  |
    #  |11                |   |14                |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O                |   | X        O       |
    #  | O                |   | X        O       |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 108 pips, 0 off; O: 201 pips, 0 off
    position = board("wMD/AQzg/wcAIA")
    assert plays(position, (3, 3)) == ["24/21"]
    assert refused(position, (3, 3), "") == Rule.MUST_USE_BOTH_DICE


def test_a_die_may_not_be_played_so_that_the_other_cannot_be():
    """002: "if there is at least one way to play both dice, it is forbidden to play one die
    in such a way that no legal move remains for the other die." (20/14 leaves no 1.) """
    #  Position ID: ANh/MAPg/xMAAg   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | O                |   |    X             |
    #  | O                |   |                  |
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |BAR|                  |
    #  | 9                |   |13                |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O              O |   | X  O             |
    #  | O           X  O |   | X  O             |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 106 pips, 0 off; O: 217 pips, 0 off
    position = board("ANh/MAPg/xMAAg")
    assert refused(position, (6, 1), "20/14") == Rule.MUST_USE_BOTH_DICE
    assert all(len(play.moves) == 2 for play in legal_plays(position, (6, 1)))


def test_landing_on_a_blot_hits_it_to_the_bar():
    """000: "If an opposing counter lands on a blot, the blot is hit and placed on the bar."
    (001: "it may land on a point occupied by exactly one enemy checker (a blot). In the
    latter case the blot has been hit, and is temporarily placed ... on the bar") """
    #  Position ID: 4HPwAjDgc/ABMA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X           O    |   | O              X |
    #  | X           O    |   | O              X |
    #  | X           O    |   | O                |
    #  | X                |   | O                |
    #  | X                |   | O                |
    #  |                  |BAR|                  |
    #  |                  |   | X                |
    #  | O                |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X              O |
    #  | O  O        X    |   | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 167 pips, 0 off; O: 168 pips, 0 off
    position = board("4HPwAjDgc/ABMA")
    play = match_play(position, (2, 1), "13/11* 24/23")
    assert play.moves[1] == Move(13, 11, True)
    assert play.result.mover[25] == 1  # O, now on roll, has a checker on the bar


def test_hitting_is_never_mandatory():
    """002: "However, hitting is never mandatory." """
    #  Position ID: 4HPwAjDgc/ABMA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X           O    |   | O              X |
    #  | X           O    |   | O              X |
    #  | X           O    |   | O                |
    #  | X                |   | O                |
    #  | X                |   | O                |
    #  |                  |BAR|                  |
    #  |                  |   | X                |
    #  | O                |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X              O |
    #  | O  O        X    |   | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 167 pips, 0 off; O: 168 pips, 0 off
    position = board("4HPwAjDgc/ABMA")
    assert "24/23 24/22" in plays(position, (2, 1))


def test_checkers_on_the_bar_must_enter_first():
    """000: "Any time a player has one or more counters on the bar, his first obligation is
    to enter those counter(s) into the opposing home board." (001: "A player with one or
    more checkers on the bar may not move any other checkers until all of the checkers on
    the bar have re-entered"; 003 rule 7.) """
    #  Position ID: 4HPwATDgc/ABUA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X           O    |   | O              X |
    #  | X           O    |   | O                |
    #  | X           O    |   | O                |
    #  | X                |   | O                |
    #  | X                |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X              O |
    #  | O           X    | X | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 168 pips, 0 off; O: 167 pips, 0 off
    position = board("4HPwATDgc/ABUA")
    assert refused(position, (4, 2), "13/9 13/11") == Rule.BAR_FIRST
    assert all(play.moves[0].src == 25 for play in legal_plays(position, (4, 2)))


def test_entering_uses_the_point_of_one_die_if_it_is_open():
    """000: "if a player rolls 4 and 6, he may enter a counter onto either the opponent's four
    point or six point, so long as the prospective point is not occupied by two or more of
    the opponent's counters." (O holds its six point, so X must enter on O's four point.)"""
    #  Position ID: 4HPwATDgc/ABUA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X           O    |   | O              X |
    #  | X           O    |   | O                |
    #  | X           O    |   | O                |
    #  | X                |   | O                |
    #  | X                |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X              O |
    #  | O           X    | X | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 168 pips, 0 off; O: 167 pips, 0 off
    position = board("4HPwATDgc/ABUA")
    assert all(play.moves[0] == Move(25, 21) for play in legal_plays(position, (6, 4)))


def test_a_one_enters_on_the_24_point_and_a_two_on_the_23():
    """001: "A roll of 1 allows the checker to enter on the 24-point, a roll of 2 on the
    23-point, etc." """
    #  Position ID: 4HPwATDgc/ABUA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X           O    |   | O              X |
    #  | X           O    |   | O                |
    #  | X           O    |   | O                |
    #  | X                |   | O                |
    #  | X                |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X              O |
    #  | O           X    | X | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 168 pips, 0 off; O: 167 pips, 0 off
    position = board("4HPwATDgc/ABUA")
    entries = {play.moves[0].dst for play in legal_plays(position, (2, 1))}
    assert entries == {24, 23}


def test_if_neither_entry_point_is_open_the_turn_is_lost():
    """000: "If neither of the points is open, the player loses his turn." """
    #  Position ID: mHPwATDgc/ABUA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X           O    |   | O     O        X |
    #  | X           O    |   | O     O          |
    #  | X           O    |   | O                |
    #  | X                |   |                  |
    #  | X                |   |                  |
    #  |                  |BAR|                  |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X              O |
    #  | O           X    | X | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 168 pips, 0 off; O: 163 pips, 0 off
    position = board("mHPwATDgc/ABUA")
    assert plays(position, (6, 4)) == [""]


def test_the_dice_cannot_be_combined_to_enter():
    """002: "The value needed to re-enter on an open point must come from at least one of the
    two dice - combining the values of both dice to re-enter is not allowed." (X's 15 is
    open, yet 6-4 cannot enter there.) """
    #  Position ID: mHPwATDgc/ABUA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X           O    |   | O     O        X |
    #  | X           O    |   | O     O          |
    #  | X           O    |   | O                |
    #  | X                |   |                  |
    #  | X                |   |                  |
    #  |                  |BAR|                  |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X              O |
    #  | O           X    | X | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 168 pips, 0 off; O: 163 pips, 0 off
    position = board("mHPwATDgc/ABUA")
    assert refused(position, (6, 4), "bar/15") == Rule.WRONG_DISTANCE


def test_a_closed_board_stops_a_checker_on_the_bar_for_every_roll():
    """002: "When a home board has a blocked point on each of its 6 points, it is said to be
    closed. An opponent with a checker on the bar cannot play until at least one point is
    opened up." """
    #  Position ID: 27YBBwDg5+ADQA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X                |   | O  O  O  O  O  O |
    #  | X                |   | O  O  O  O  O  O |
    #  | X                |   |                  |
    #  | X                |   |                  |
    #  | X                |   |                  |
    #  |                  |BAR|                  |
    #  |                  |   | 6                |
    #  |                  |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    | X | X                |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 150 pips, 0 off; O: 81 pips, 0 off
    position = board("27YBBwDg5+ADQA")
    for high in range(1, 7):
        for low in range(1, high + 1):
            assert plays(position, (high, low)) == [""]


def test_enter_as_many_as_possible_then_forfeit_the_rest():
    """000: "If a player can enter some but not all of his counters, he must enter as many as
    he can and then forfeit the remainder of his turn." """
    #  Position ID: 4HPwATDgc/ABYA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X           O    |   | O                |
    #  | X           O    |   | O                |
    #  | X           O    |   | O                |
    #  | X                |   | O                |
    #  | X                |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    | X | X              O |
    #  | O           X    | X | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 169 pips, 0 off; O: 167 pips, 0 off
    position = board("4HPwATDgc/ABYA")
    assert plays(position, (6, 4)) == ["bar/21"]


def test_after_entering_the_unused_number_must_be_played():
    """000: "After the last of a player's counters has been entered, any unused numbers on
    the dice must be played, by moving either the counter that was entered or a different
    counter." """
    #  Position ID: 4HPwATDgc/ABUA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X           O    |   | O              X |
    #  | X           O    |   | O                |
    #  | X           O    |   | O                |
    #  | X                |   | O                |
    #  | X                |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   | X                |
    #  | O                |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X              O |
    #  | O           X    | X | X              O |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 168 pips, 0 off; O: 167 pips, 0 off
    position = board("4HPwATDgc/ABUA")
    texts = plays(position, (6, 4))
    assert all(len(play.moves) == 2 for play in legal_plays(position, (6, 4)))
    assert "bar/21/15" in texts and "bar/21 13/7" in texts


def test_bearing_off_needs_all_fifteen_checkers_home():
    """000: "Once a player has moved all fifteen counters into his home board, he may
    commence bearing off." (001: "A player may not bear off any checkers unless all of his
    checkers are in his home board."; 003: "You can bear off only if you have no pieces
    outside of your innerboard or on the Bar.") """
    #  Position ID: sM/BBwDcvRcAAA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  |             O    |   | O  O             |
    #  |             O    |   | O  O             |
    #  |             O    |   | O                |
    #  |                  |   | O                |
    #  |                  |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   |                  |
    #  | O                |   | X  X             |
    #  | O                |   | X  X  X  X       |
    #  | O                |   | X  X  X  X       |
    #  | O              X |   | X  X  X  X       |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 72 pips, 0 off; O: 129 pips, 0 off
    position = board("sM/BBwDcvRcAAA")
    assert refused(position, (6, 5), "6/off 5/off") == Rule.BEAROFF_NOT_ALLOWED
    assert "7/2 6/off" in plays(position, (6, 5))  # home first, then off in the same roll


def test_a_die_bears_off_from_its_own_point():
    """000: "A player bears off a counter by rolling a number that corresponds to the point
    on which the counter resides, and then removing that counter from the board." (003:
    "A piece may be borne off a row of the same number as appears on the die.") """
    #  Position ID: sM/BBwC6ew8AAA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  |             O    |   | O  O             |
    #  |             O    |   | O  O             |
    #  |             O    |   | O                |
    #  |                  |   | O                |
    #  |                  |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   |                  |
    #  | O                |   | X  X             |
    #  | O                |   | X  X  X  X       |
    #  | O                |   | X  X  X  X       |
    #  | O                |   | X  X  X  X  X    |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 67 pips, 0 off; O: 129 pips, 0 off
    position = board("sM/BBwC6ew8AAA")
    assert "6/off 5/off" in plays(position, (6, 5))


def test_with_the_die_point_empty_a_higher_checker_must_move():
    """000: "If there is no counters on the point indicated by the roll, the player must make
    a legal move using a counter on a higher-numbered point." (003: "If a number is thrown
    for an unoccupied row, no piece below can be borne off, for that die, while any piece
    remains on a higher row.") """
    #  Position ID: sM/BBwDmDAAAAA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  |             O    |   | O  O             |
    #  |             O    |   | O  O             |
    #  |             O    |   | O                |
    #  |                  |   | O                |
    #  |                  |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   |                  |
    #  | O                |   |                  |
    #  | O                |   |       X          |
    #  | O                |   | X     X     X    |
    #  | O                |   | X     X     X    |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 28 pips, 8 off; O: 129 pips, 0 off
    position = board("sM/BBwDmDAAAAA")
    assert refused(position, (5, 3), "6/3 4/off") == Rule.BEAROFF_NOT_ALLOWED
    assert all(Move(6, 1) in play.moves for play in legal_plays(position, (5, 3)))


def test_with_no_higher_checker_the_highest_must_be_borne_off():
    """000: "If there are no counters on higher-numbered points, the player is permitted (and
    required) to remove a counter from the highest point on which one of his counters
    resides." (002: "If a die shows a value strictly higher than the highest occupied
    point, you must bear off a checker from the highest occupied point."; 003 rule 4.) """
    #  Position ID: sM/BBwBrAAAAAA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  |             O    |   | O  O             |
    #  |             O    |   | O  O             |
    #  |             O    |   | O                |
    #  |                  |   | O                |
    #  |                  |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   |                  |
    #  | O                |   |                  |
    #  | O                |   |                  |
    #  | O                |   |          X     X |
    #  | O                |   |          X  X  X |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 10 pips, 10 off; O: 129 pips, 0 off
    position = board("sM/BBwBrAAAAAA")
    assert plays(position, (6, 5)) == ["3/off(2)"]


def test_a_larger_die_bears_off_a_lower_point_only_with_no_higher_checker():
    """001: "A number may not be used to bear off checkers from a lower point unless there
    are no checkers on any higher points. For example, a 4 may be used to bear off a
    checker from the 3-point only if there are no checkers on the 4-, 5-, and 6-points." """
    #  Position ID: sM/BBwBMAAAAAA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  |             O    |   | O  O             |
    #  |             O    |   | O  O             |
    #  |             O    |   | O                |
    #  |                  |   | O                |
    #  |                  |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   |                  |
    #  | O                |   |                  |
    #  | O                |   |                  |
    #  | O                |   |          X       |
    #  | O                |   |    X     X       |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 11 pips, 12 off; O: 129 pips, 0 off
    position = board("sM/BBwBMAAAAAA")
    assert refused(position, (4, 1), "3/off 3/2") == Rule.BEAROFF_NOT_ALLOWED
    assert "5/1 3/2" in plays(position, (4, 1))


def test_no_obligation_to_bear_off_when_another_move_is_legal():
    """000: "A player is under no obligation to bear off if he can make an otherwise legal
    move." (002: "they MUST use the 6 to bear off a checker from point 6. The 4 CAN be used
    to bear off from point 4, but it can also be used to move a checker 4 points forward,
    from point 5 or 6 to point 1 or 2 respectively.") """
    #  Position ID: sM/BBwDb7g4AAA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  |             O    |   | O  O             |
    #  |             O    |   | O  O             |
    #  |             O    |   | O                |
    #  |                  |   | O                |
    #  |                  |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   |                  |
    #  | O                |   |                  |
    #  | O                |   | X  X  X          |
    #  | O                |   | X  X  X  X  X  X |
    #  | O                |   | X  X  X  X  X  X |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 57 pips, 0 off; O: 129 pips, 0 off
    position = board("sM/BBwDb7g4AAA")
    texts = plays(position, (6, 4))
    assert {"6/off 4/off", "6/2 6/off", "6/off 5/1"} <= set(texts)
    assert all(Move(6, 0) in play.moves for play in legal_plays(position, (6, 4)))


def test_a_smaller_bear_off_still_counts_as_the_full_die():
    """001: "A checker borne off from a lower point than indicated on the die still counts
    as the full die. ... on rolling 1-2, he may move the checker from the 2-point to the
    1-point (using the 1 rolled), and then bear off from the 1-point (using the 2 rolled).
    He is not required to maximize the use of his rolled 2" """
    #  Position ID: sM/BBwALAAAAAA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  |             O    |   | O  O             |
    #  |             O    |   | O  O             |
    #  |             O    |   | O                |
    #  |                  |   | O                |
    #  |                  |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   |                  |
    #  | O                |   |                  |
    #  | O                |   |                  |
    #  | O                |   |                X |
    #  | O                |   |             X  X |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 4 pips, 12 off; O: 129 pips, 0 off
    position = board("sM/BBwALAAAAAA")
    play = apply_play(position, (2, 1), parse_moves("2/1 1/off"))
    assert sorted(play.dice_used) == [1, 2]
    assert set(plays(position, (2, 1))) == {"2/1/off", "2/off 1/off"}


def test_bearing_off_both_checkers_from_the_third_point_with_3_5():
    """004: "if a player's fourth, fifth, and sixth points are all empty but he has 2
    checkers on the remaining points and he rolls a 3-5, he must bear off both checkers from
    the third point." """
    #  Position ID: sM/BBwAMAAAAAA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  |             O    |   | O  O             |
    #  |             O    |   | O  O             |
    #  |             O    |   | O                |
    #  |                  |   | O                |
    #  |                  |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   |                  |
    #  | O                |   |                  |
    #  | O                |   |                  |
    #  | O                |   |          X       |
    #  | O                |   |          X       |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 6 pips, 13 off; O: 129 pips, 0 off
    assert plays(board("sM/BBwAMAAAAAA"), (5, 3)) == ["3/off(2)"]


def test_the_dice_may_be_used_in_either_order_in_the_bear_off():
    """004: "if you have a checker on the fifth point and two checkers on the first point and
    you roll a 5-1, you may move the blot from the fifth point to the fourth point and then
    bear off using the five." """
    #  Position ID: sM/BBwBDAAAAAA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  |             O    |   | O  O             |
    #  |             O    |   | O  O             |
    #  |             O    |   | O                |
    #  |                  |   | O                |
    #  |                  |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   |                  |
    #  | O                |   |                  |
    #  | O                |   |                  |
    #  | O                |   |                X |
    #  | O                |   |    X           X |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 7 pips, 12 off; O: 129 pips, 0 off
    assert "5/4/off" in plays(board("sM/BBwBDAAAAAA"), (5, 1))


def test_a_checker_hit_in_the_bear_off_must_come_home_first():
    """000: "If a counter is hit during the bear-off process, the player must bring that
    counter back to his home board before continuing to bear off." (004: "that piece must
    re-enter the game and be moved back into her home board before she can resume bearing
    off"; 002: "you cannot bear off any more checkers until the hit checker re-enters and
    travels all the way back to your home board.") """
    #  Position ID: sM/BBwDMHQAAAQ   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  |             O    |   | O  O             |
    #  |             O    |   | O  O             |
    #  |             O    |   | O                |
    #  |                  |   | O                |
    #  |                  |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   |                  |
    #  | O                |   |                  |
    #  | O                |   | X  X             |
    #  | O                |   | X  X     X       |
    #  | O                | X | X  X     X       |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 64 pips, 6 off; O: 129 pips, 0 off
    position = board("sM/BBwDMHQAAAQ")
    assert not any(move.dst == 0 for play in legal_plays(position, (6, 5))
                   for move in play.moves)
    #  Position ID: sM/BBwDMHQIAAA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  |             O    |   | O  O             |
    #  |             O    |   | O  O             |
    #  |             O    |   | O                |
    #  |                  |   | O                |
    #  |                  |   | O                |
    #  |                  |BAR|                  |
    #  | O                |   |                  |
    #  | O                |   |                  |
    #  | O                |   | X  X             |
    #  | O                |   | X  X     X       |
    #  | O     X          |   | X  X     X       |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 49 pips, 6 off; O: 129 pips, 0 off
    back_home = board("sM/BBwDMHQIAAA")
    assert "10/4/off" in plays(back_home, (6, 4))
    assert refused(back_home, (6, 4), "6/off 5/1") == Rule.BEAROFF_NOT_ALLOWED
