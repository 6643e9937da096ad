"""The what-if calculator."""

import pytest

from ratings.core import RatingInputError, Standing, what_if


def test_both_chances_and_the_changes_either_way():
    # 1800 (veteran) against 1700 (newcomer, K = 5), 5 points: P_upset = 0.4360.
    result = what_if(Standing(1800, 1000), Standing(1700, 0), 5)
    assert (round(result.chance_a, 4), round(result.chance_b, 4)) == (0.5640, 0.4360)
    assert (round(result.a_wins.change_a, 2), round(result.a_wins.change_b, 2)) == (
        3.90, -19.50)  # the newcomer loses 5 x 3.90
    assert (round(result.b_wins.change_a, 2), round(result.b_wins.change_b, 2)) == (
        -5.04, 25.22)  # and wins 5 x 5.04


def test_plain_rating_experience_pairs_are_accepted():
    assert what_if((1500.0, 400), (1500.0, 400), 1).a_wins.change_a == 2.0


def test_equal_ratings_give_even_chances():
    result = what_if(Standing(1650, 10), Standing(1650, 900), 9)
    assert result.chance_a == result.chance_b == 0.5


def test_a_bad_length_is_refused():
    with pytest.raises(RatingInputError):
        what_if(Standing(1500), Standing(1500), 0)
