"""Berger tables and crosstables (no database)."""

import itertools

import pytest

from tournaments.formats.errors import EntrantCountError
from tournaments.formats.round_robin import berger_rounds, crosstable, schedule_text
from tournaments.formats.standings import Result


@pytest.mark.parametrize("n", range(2, 17))
def test_every_player_meets_every_other_once_per_cycle(n):
    rounds = berger_rounds(list(range(n)), cycles=2)
    assert len(rounds) == 2 * (n - 1 + n % 2)
    met = [frozenset((f.a, f.b)) for r in rounds for f in r if f.b is not None]
    assert sorted(map(sorted, set(met))) == sorted(map(sorted, map(frozenset,
                                                    itertools.combinations(range(n), 2))))
    assert all(met.count(pair) == 2 for pair in met)


@pytest.mark.parametrize("n", range(2, 17))
def test_each_round_has_everyone_once_and_one_bye_when_odd(n):
    for fixtures in berger_rounds(list(range(n))):
        seen = [p for f in fixtures for p in (f.a, f.b) if p is not None]
        assert sorted(seen) == list(range(n))
        assert sum(f.b is None for f in fixtures) == n % 2


def test_the_schedule_of_six_is_berger_s_table():
    text = schedule_text(berger_rounds([1, 2, 3, 4, 5, 6]))
    assert text.splitlines()[:2] == ["Round 1: 1 v 6, 2 v 5, 3 v 4",
                                     "Round 2: 6 v 5, 1 v 4, 2 v 3"]


def test_an_odd_count_gives_each_player_one_bye():
    rounds = berger_rounds([1, 2, 3, 4, 5])
    assert sorted(f.a for r in rounds for f in r if f.b is None) == [1, 2, 3, 4, 5]


def test_a_double_round_robin_swaps_sides():
    rounds = berger_rounds(["x", "y"], cycles=2)
    assert [(r[0].a, r[0].b) for r in rounds] == [("x", "y"), ("y", "x")]


def test_one_player_is_not_a_round_robin():
    with pytest.raises(EntrantCountError):
        berger_rounds(["x"])


def test_the_crosstable_holds_each_result_from_both_sides():
    grid = crosstable(["a", "b", "c"], [Result("a", "b", "b", 3, 5)])
    assert grid[0][1] == [(False, 3, 5, False)] and grid[1][0] == [(True, 5, 3, False)]
    assert grid[0][0] is None and grid[0][2] == []
