"""The season points race."""

import pytest

from ratings.core import (
    Placing,
    RatingInputError,
    SeasonFacts,
    SeasonPointRules,
    placing_points,
    season_points,
)


@pytest.mark.parametrize(("rank", "points"), [(1, 12), (2, 6), (3, 3), (4, 0), (12, 0)])
def test_placings_score_the_field_size_then_half_then_a_quarter(rank, points):
    assert placing_points(Placing(rank, 12)) == points


def test_a_players_season_total():
    facts = SeasonFacts(match_wins=5, attendances=8,
                        placings=(Placing(1, 12), Placing(3, 8)))
    assert season_points(facts) == 5 + 8 + 12 + 2


def test_every_amount_is_a_setting():
    rules = SeasonPointRules(per_match_win=2, per_attendance=0.5,
                             placement_shares=(1.0, 0.6, 0.3, 0.1))
    facts = SeasonFacts(match_wins=3, attendances=4, placings=(Placing(4, 10),))
    assert season_points(facts, rules) == pytest.approx(6 + 2 + 1)


def test_an_empty_season_scores_nothing():
    assert season_points(SeasonFacts()) == 0


@pytest.mark.parametrize("call", [
    lambda: Placing(0, 8),
    lambda: Placing(9, 8),
    lambda: SeasonFacts(match_wins=-1),
    lambda: SeasonPointRules(per_attendance=-1),
])
def test_bad_facts_and_settings_are_refused(call):
    with pytest.raises(RatingInputError):
        call()
