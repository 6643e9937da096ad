"""Groups: snake seeding and the cross-over into a knockout (no database)."""

import pytest

from tournaments.formats import bracket_state, build
from tournaments.formats.errors import EntrantCountError
from tournaments.formats.groups import group_label, knockout_seeds, snake


def test_snake_seeding_of_sixteen_into_four_groups():
    assert snake(list(range(1, 17)), 4) == [[1, 8, 9, 16], [2, 7, 10, 15], [3, 6, 11, 14],
                                            [4, 5, 12, 13]]


def test_too_few_players_for_the_groups_is_refused():
    with pytest.raises(EntrantCountError):
        snake([1, 2, 3], 2)


def test_group_labels():
    assert [group_label(i) for i in (0, 1, 25, 26)] == ["A", "B", "Z", "AA"]


def test_four_groups_cross_over_a1_b2_b1_a2_c1_d2_d1_c2():
    finishers = [[f"{g}1", f"{g}2"] for g in "ABCD"]
    state = bracket_state(build("single_elimination", 8), knockout_seeds(finishers, 2), {})
    first = {frozenset(m.participants) for m in state.ready}
    assert first == {frozenset(p) for p in (("A1", "B2"), ("B1", "A2"), ("C1", "D2"),
                                            ("D1", "C2"))}


def test_a_group_s_winner_and_runner_up_start_in_opposite_halves():
    finishers = [[f"{g}1", f"{g}2"] for g in "ABCD"]
    seeds = knockout_seeds(finishers, 2)
    state = bracket_state(build("single_elimination", 8), seeds, {})
    halves = [set(m.participants) for m in state.ready]
    top = halves[0] | halves[1]
    for g in "ABCD":
        assert (f"{g}1" in top) != (f"{g}2" in top)


def test_three_groups_give_the_byes_to_two_winners_and_never_pair_a_group_twice():
    finishers = [[f"{g}1", f"{g}2"] for g in "ABC"]
    seeds = knockout_seeds(finishers, 2)
    assert seeds[:3] == ["A1", "B1", "C1"]
    state = bracket_state(build("single_elimination", 6), seeds, {})
    pairs = {frozenset(m.participants) for m in state.ready}
    assert pairs == {frozenset(("C1", "A2")), frozenset(("B2", "C2"))}
