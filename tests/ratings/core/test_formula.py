"""The FIBS formula: the worked check, the experience ramp, the asymmetric exchange."""

import math

import pytest

from ratings.core import (
    RatingInputError,
    RatingSettings,
    Standing,
    exchange,
    format_rating,
    is_provisional,
    k_factor,
    upset_chance,
    win_chance,
)

VETERAN = 1000  # experience well past 400: K = 1


def test_favourite_winning_a_5_point_match_moves_390():
    # D = 100, D*sqrt(5)/2000 = 0.1118, P_upset = 1/(10^0.1118 + 1) = 0.4360
    # change = 4 * 1 * sqrt(5) * 0.4360 = 3.90
    result = exchange(Standing(1800, VETERAN), Standing(1700, VETERAN), 5)
    assert round(result.p, 4) == 0.4360
    assert (round(result.gain, 2), round(result.loss, 2)) == (3.90, 3.90)


def test_underdog_winning_a_5_point_match_moves_504():
    # P = 1 - P_upset = 0.5640; change = 4 * 1 * sqrt(5) * 0.5640 = 5.04
    result = exchange(Standing(1700, VETERAN), Standing(1800, VETERAN), 5)
    assert round(result.p, 4) == 0.5640
    assert (round(result.gain, 2), round(result.loss, 2)) == (5.04, 5.04)


def test_equal_ratings_give_p_one_half():
    result = exchange(Standing(1500, VETERAN), Standing(1500, VETERAN), 7)
    assert result.p == 0.5
    assert round(result.gain, 2) == round(2 * math.sqrt(7), 2) == 5.29
    assert win_chance(1623.5, 1623.5, 11) == 0.5


def test_underdog_chance_is_the_upset_chance():
    assert win_chance(1700, 1800, 5) == upset_chance(100, 5)
    assert win_chance(1800, 1700, 5) == 1 - upset_chance(-100, 5)


def test_a_longer_match_favours_the_favourite_more():
    assert win_chance(1800, 1700, 11) > win_chance(1800, 1700, 5) > win_chance(1800, 1700, 1)


@pytest.mark.parametrize(("experience", "k"), [
    (0, 5.0), (50, 4.5), (100, 4.0), (200, 3.0), (250, 2.5), (399, 1.01), (400, 1.0),
    (5000, 1.0),
])
def test_the_ramp_takes_k_from_5_down_to_1_at_400(experience, k):
    assert k_factor(experience) == pytest.approx(k)


def test_without_the_ramp_k_is_always_1():
    assert k_factor(0, 5, RatingSettings(experience_ramp=False)) == 1.0


def test_the_current_match_option_counts_its_length_in_k():
    counting = RatingSettings(ramp_counts_current_match=True)
    assert k_factor(95, 5) == pytest.approx(4.05)  # default: experience before the match
    assert k_factor(95, 5, counting) == pytest.approx(4.0)


def test_a_newcomer_beating_a_veteran_gains_five_times_what_the_veteran_loses():
    # 1-point match at equal ratings: P = 1/2; newcomer K = 5, veteran K = 1.
    result = exchange(Standing(1500, 0), Standing(1500, VETERAN), 1)
    assert (result.gain, result.loss) == (10.0, 2.0)
    assert (result.winner_k, result.loser_k) == (5.0, 1.0)


def test_a_veteran_beating_a_newcomer_gains_two_while_the_newcomer_loses_ten():
    result = exchange(Standing(1500, VETERAN), Standing(1500, 0), 1)
    assert (result.gain, result.loss) == (2.0, 10.0)


def test_ratings_under_100_experience_are_provisional():
    assert is_provisional(0) and is_provisional(99)
    assert not is_provisional(100)


def test_ratings_are_shown_with_two_decimals():
    assert format_rating(1522.3606797749978) == "1522.36"
    assert format_rating(1500) == "1500.00"


@pytest.mark.parametrize("length", [0, -3, 2.5, True, "5", None])
def test_a_match_length_must_be_a_positive_int(length):
    with pytest.raises(RatingInputError, match="positive integer"):
        exchange(Standing(1500), Standing(1500), length)


def test_the_start_rating_must_be_finite():
    with pytest.raises(RatingInputError):
        RatingSettings(start_rating=math.nan)
