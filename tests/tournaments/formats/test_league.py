"""Season leagues: fixtures with deadlines, promotion and relegation (no database)."""

import datetime

import pytest

from tournaments.formats.errors import SettingError
from tournaments.formats.league import fixtures, next_season

START = datetime.date(2026, 1, 5)


def test_each_division_plays_a_round_robin_with_a_deadline_per_round():
    found = fixtures([["a", "b", "c", "d"], ["e", "f", "g"]], start=START, days_per_round=7)
    top = [f for f in found if f.division == 0]
    assert len(top) == 6 and {f.deadline for f in top if f.round == 1} == {
        datetime.date(2026, 1, 12)}
    bottom = [f for f in found if f.division == 1]
    assert max(f.round for f in bottom) == 3 and sum(f.b is None for f in bottom) == 3


def test_a_double_round_robin_doubles_the_fixtures():
    assert len(fixtures([["a", "b", "c", "d"]], start=START, cycles=2)) == 12


def test_top_p_go_up_and_bottom_r_go_down():
    draft = next_season([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 15]],
                        promote=2, relegate=2)
    assert draft == [[1, 2, 3, 6, 7], [4, 5, 8, 11, 12], [9, 10, 13, 14, 15]]


def test_leavers_are_dropped_and_newcomers_join_the_bottom_division():
    draft = next_season([[1, 2, 3], [4, 5, 6]], promote=1, relegate=1, leaving={2},
                        joining=[7])
    assert draft == [[1, 4], [3, 5, 6, 7]]


def test_more_movers_than_players_is_refused():
    with pytest.raises(SettingError):
        next_season([[1, 2, 3], [4, 5, 6], [7, 8, 9]], promote=2, relegate=2)
