"""The one registry of rating formulas: ``fibs`` (the club lists' formula, unchanged) and
``danish`` (FIBS's chances, change N x (1 - the winner's chance), no ramp)."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratings.core import (
    FORMULAS,
    RatedMatch,
    RatingInputError,
    RatingSettings,
    Standing,
    exchange,
    formula_get,
    replay,
    replay_flat,
    win_chance,
)

DANISH = RatingSettings(formula="danish")
ratings = st.floats(min_value=500, max_value=2500, allow_nan=False)
experiences = st.integers(min_value=0, max_value=2000)
lengths = st.integers(min_value=1, max_value=25)


def test_the_registry_names_fibs_and_danish():
    assert {"fibs", "danish"} <= set(FORMULAS)
    assert formula_get("danish").experience_ramp is False
    assert formula_get("fibs").experience_ramp is True


def test_a_formula_that_does_not_exist_is_refused():
    with pytest.raises(RatingInputError, match="no rating formula is called 'elo'"):
        RatingSettings(formula="elo")


def test_fibs_gives_the_numbers_it_gave_before():
    # 1500 v 1500, 5 points, fresh players: 4 x K5 x sqrt(5) x 1/2
    result = exchange(Standing(1500.0, 0), Standing(1500.0, 0), 5)
    assert result.gain == pytest.approx(4 * 5 * math.sqrt(5) * 0.5)
    assert replay([RatedMatch("ann", "bob", 5, "ann")]).standings["ann"].rating == \
        pytest.approx(1522.3606797749979)


def test_danish_at_equal_ratings_moves_half_the_length():
    result = exchange(Standing(1500.0, 0), Standing(1500.0, 0), 5, DANISH)
    assert (result.gain, result.loss, result.winner_k, result.loser_k) == (2.5, 2.5, 1.0, 1.0)


def test_danish_favourite_win_by_hand():
    # D = 100, N = 9: P_upset = 1 / (10^(100 x 3 / 2000) + 1) = 1 / (10^0.15 + 1)
    upset = 1 / (10 ** 0.15 + 1)
    assert upset == pytest.approx(0.4145013, abs=1e-7)
    result = exchange(Standing(1600.0, 0), Standing(1500.0, 0), 9, DANISH)
    assert result.gain == pytest.approx(9 * upset)  # 3.7305 = N x (1 - winner's chance)
    assert result.gain == pytest.approx(3.7305119, abs=1e-6)


def test_danish_underdog_win_by_hand():
    upset = 1 / (10 ** 0.15 + 1)
    result = exchange(Standing(1500.0, 0), Standing(1600.0, 0), 9, DANISH)
    assert result.gain == pytest.approx(9 * (1 - upset))  # 5.2695


def test_danish_has_no_experience_ramp():
    fresh = exchange(Standing(1500.0, 0), Standing(1500.0, 0), 7, DANISH)
    veteran = exchange(Standing(1500.0, 5000), Standing(1500.0, 9000), 7, DANISH)
    assert fresh == veteran


def test_danish_replay_with_a_start_of_1000():
    result = replay([RatedMatch("ann", "bob", 3, "ann"), RatedMatch("ann", "bob", 3, "bob")],
                    RatingSettings(start_rating=1000.0, formula="danish"))
    ann = result.standings["ann"]
    assert ann.rating == pytest.approx(1000 + 1.5 - 3 * (1 - 1 / (10 ** (3 * math.sqrt(3)
                                                                         / 2000) + 1)))
    assert ann.experience == 6


@given(ratings, ratings, experiences, experiences, lengths)
def test_danish_is_zero_sum_and_n_times_one_minus_the_winners_chance(r1, r2, e1, e2, n):
    result = exchange(Standing(r1, e1), Standing(r2, e2), n, DANISH)
    assert result.gain == result.loss
    assert result.gain == pytest.approx(n * (1 - win_chance(r1, r2, n)))
    assert 0 < result.gain < n


@given(ratings, ratings, lengths)
def test_both_formulas_share_the_winning_chance(r1, r2, n):
    fibs = exchange(Standing(r1, 400), Standing(r2, 400), n)
    danish = exchange(Standing(r1, 400), Standing(r2, 400), n, DANISH)
    assert fibs.p == danish.p
    assert fibs.gain == pytest.approx(4 * math.sqrt(n) * danish.gain / n)


matches = st.lists(st.tuples(st.sampled_from("abcde"), st.sampled_from("abcde"), lengths,
                             st.booleans()).filter(lambda m: m[0] != m[1]), max_size=30)


@given(matches, st.sampled_from(sorted(FORMULAS)))
def test_the_flat_replay_gives_the_same_numbers_as_the_replay(found, formula):
    settings = RatingSettings(formula=formula)
    rated = [RatedMatch(a, b, n, a if first else b, key=i)
             for i, (a, b, n, first) in enumerate(found)]
    standings, history = replay_flat([(m.key, m.a, m.b, m.length, m.winner) for m in rated],
                                     settings)
    expected = replay(rated, settings)
    assert standings == {p: tuple(s) for p, s in expected.standings.items()}
    assert [(h[6], h[13], h[2]) for h in history] == [
        (e.winner.rating_after, e.loser.rating_after, e.p) for e in expected.history]
