"""Position: Position ID vectors (position-and-match-ids.md), validation, pips, swap."""

import pytest

from games.engine import InvalidPositionError, InvalidPositionIdError, Position

VECTORS = [
    "4HPwATDgc/ABMA",  # starting position
    "sGfwATDgc/ABMA",  # after an opening 3-1 (8/5 6/5), opponent on roll
    "4HPwATCwZ/ABMA",  # the same with the halves swapped
    "4PPgASTgc/ABMA",  # after an opening 5-2 (13/8 24/22)
    "wefBATDgc+IBYA",  # example C: two checkers on the bar
    "ADAAAQAkIAAAAA",  # gnubg manual, Hypergammon
]


def test_starting_position_has_the_documented_id():
    assert Position.start().position_id() == "4HPwATDgc/ABMA"


@pytest.mark.parametrize("position_id", VECTORS)
def test_position_id_vectors_round_trip(position_id):
    assert Position.from_position_id(position_id).position_id() == position_id


def test_player_on_roll_is_encoded_in_the_second_half():
    after_31 = Position.from_position_id("sGfwATDgc/ABMA")
    assert after_31.opponent[5] == 2 and after_31.opponent[6] == 4
    assert after_31.mover == Position.start().mover
    assert after_31.swap().position_id() == "4HPwATCwZ/ABMA"


def test_example_c_decodes_the_bar_and_the_points():
    position = Position.from_position_id("wefBATDgc+IBYA")
    assert position.mover[25] == 2 and position.mover[10] == 1 and position.mover[13] == 4
    assert position.opponent[1] == 1 and position.opponent[8] == 4


def test_hypergammon_example_decodes_three_checkers_a_side():
    position = Position.from_position_id("ADAAAQAkIAAAAA")
    assert position.opponent[13] == 2 and position.opponent[23] == 1
    assert [p for p in range(1, 26) if position.mover[p]] == [15, 17, 24]
    assert position.mover[0] == 12


@pytest.mark.parametrize("bad", [
    "4HPwATDgc/ABM", "4HPwATDgc/ABMAA", "4HPwATDgc/ABMB", "4HPwATDgc-ABMA", "", "//////////////",
])
def test_malformed_ids_are_rejected(bad):
    with pytest.raises(InvalidPositionIdError):
        Position.from_position_id(bad)


def test_an_id_with_a_point_held_by_both_sides_is_rejected():
    mover = (0, 1) + (0,) * 23 + (0,)
    mover = (14,) + mover[1:]
    opponent = [14] + [0] * 25
    opponent[24] = 1  # the opponent's 24-point is the mover's 1-point
    position = object.__new__(Position)
    object.__setattr__(position, "mover", mover)
    object.__setattr__(position, "opponent", tuple(opponent))
    with pytest.raises(InvalidPositionIdError, match="both sides"):
        Position.from_position_id(position.position_id())


def test_from_points_fills_the_borne_off_checkers():
    position = Position.from_points({6: 2, 25: 1}, {1: 3})
    assert position.mover[0] == 12 and position.opponent[0] == 12


@pytest.mark.parametrize("mover, opponent", [
    ({6: 16}, {}),
    ({6: 2}, {19: 2}),  # the opponent's 19 is the mover's 6
    ({26: 1}, {}),
    ({6: -1}, {}),
])
def test_from_points_rejects_impossible_boards(mover, opponent):
    with pytest.raises(InvalidPositionError):
        Position.from_points(mover, opponent)


def test_pip_counts_count_the_bar_as_25():
    assert Position.start().pip_counts() == (167, 167)
    assert Position.from_points({25: 1, 1: 1}, {}).pip_counts() == (26, 0)


def test_swap_twice_is_the_same_position():
    position = Position.from_position_id("wefBATDgc+IBYA")
    assert position.swap().swap() == position
    assert position.swap() != position


def test_positions_are_hashable_values():
    assert len({Position.start(), Position.from_position_id("4HPwATDgc/ABMA")}) == 1
    with pytest.raises(AttributeError):
        Position.start().mover = ()


def test_diagram_shows_the_id_the_bar_and_the_pips():
    text = Position.from_position_id("wefBATDgc+IBYA").diagram()
    assert "wefBATDgc+IBYA" in text
    assert "X: 166 pips" in text and "O: 150 pips" in text
    assert "| X |" in text  # X's two checkers on the bar
