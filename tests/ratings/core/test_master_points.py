"""USBGF master points: match wins, placements, weights, ties; never negative."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratings.core import (
    Flight,
    MasterPointWeights,
    RatingInputError,
    match_win_points,
    placement_points,
    rank_factor,
    tournament_master_points,
)


def test_a_9_point_win_in_the_main_flight_is_worth_one_point():
    assert match_win_points(9) == 1.0  # 1.0 x 1.0 x sqrt(9) / 3


def test_a_7_point_win_in_the_consolation_is_weighted_07():
    assert round(match_win_points(7, 0.7), 4) == 0.6173  # 0.7 x sqrt(7) / 3


@pytest.mark.parametrize(("rank", "factor"), [(1, 1.0), (2, 0.7), (3, 0.5), (4, 1 / 3),
                                              (5, 0.25), (6, 0.2)])
def test_rank_factors(rank, factor):
    assert rank_factor(rank) == pytest.approx(factor)


@pytest.mark.parametrize(("rank", "points"), [(1, 3.0), (2, 2.1), (3, 1.5), (4, 1.0),
                                              (5, 0.75)])
def test_placement_in_a_32_player_main_flight(rank, points):
    # 0.6 x log2(32) = 3.0, times the rank factor.
    assert placement_points(32, rank) == pytest.approx(points)


def test_tied_players_split_the_points_of_the_ranks_they_share():
    # Two semi-final losers tied at 3rd share ranks 3 and 4: 3.0 x (1/2 + 1/3) / 2.
    assert placement_points(32, 3, tied=2) == pytest.approx(1.25)


def test_a_one_player_event_gives_no_placement_points():
    assert placement_points(1, 1) == 0.0


def test_default_weights_per_flight_and_division():
    weights = MasterPointWeights()
    assert [weights.event_weight(f) for f in Flight] == [1.0, 0.7, 0.5]
    assert [weights.division_weight(r) for r in (1, 2, 3, 4)] == [1.0, 0.7, 0.5, 0.5]
    assert weights.weight("consolation", 2) == pytest.approx(0.49)


def test_a_players_points_from_one_tournament():
    # Last chance (0.5), 16 players, won a 5- and a 7-point match and placed 2nd:
    # 0.5 x (sqrt(5) + sqrt(7)) / 3 + 0.5 x 0.6 x 4 x 0.7
    total = tournament_master_points(wins=[5, 7], players=16, rank=2,
                                     flight=Flight.LAST_CHANCE)
    assert total == pytest.approx(0.5 * (math.sqrt(5) + math.sqrt(7)) / 3 + 0.84)


def test_a_player_who_did_not_place_gets_only_match_win_points():
    assert tournament_master_points(wins=[9], players=8, rank=None) == 1.0


@pytest.mark.parametrize("call", [
    lambda: match_win_points(5, -1.0),
    lambda: placement_points(8, 9),
    lambda: placement_points(8, 0),
    lambda: MasterPointWeights(consolation=-0.7),
])
def test_bad_inputs_are_refused(call):
    with pytest.raises(RatingInputError):
        call()


@given(st.lists(st.integers(1, 25), max_size=8), st.integers(1, 128), st.data(),
       st.sampled_from(list(Flight)), st.integers(1, 5))
def test_master_points_are_never_negative(wins, players, data, flight, division):
    rank = data.draw(st.none() | st.integers(1, players))
    total = tournament_master_points(wins=wins, players=players, rank=rank, flight=flight,
                                     division_rank=division)
    assert total >= 0
