"""A tournament's options: defaults filled in, every bad value refused with its name."""

import pytest

from tournaments import formats
from tournaments.services import TournamentError
from tournaments.services.options import (
    master_point_weights,
    match_length,
    round_lengths,
    tournament_options,
)


def test_defaults_fill_in_what_the_director_left_out():
    options = tournament_options(format="single_elimination", options={"lengths": {"main": 9}})
    assert options["lengths"] == {"main": 9, "consolation": 5, "last_chance": 3}
    assert options["crawford"] is True and options["reset"] is True
    assert options["master_points"] == {"event": 1.0, "main": 1.0, "consolation": 0.7,
                                        "last_chance": 0.5}


@pytest.mark.parametrize("options, words", [
    ({"lengths": {"main": 8}}, "odd"),
    ({"lengths": {"main": 27}}, "odd, from 1 to 25"),
    ({"lengths": {"side": 5}}, "Unknown flight"),
    ({"colour": "red"}, "Unknown option"),
    ({"crawford": "yes"}, "true or false"),
    ({"minutes_per_point": 0}, "1 to 60"),
    ({"master_points": {"consolation": -1}}, "consolation weight"),
    ({"master_points": {"plate": 0.5}}, "Unknown master points weight"),
])
def test_a_bad_option_is_refused_by_name(options, words):
    with pytest.raises(TournamentError, match=words):
        tournament_options(format="single_elimination", options=options)


def test_round_overrides_by_name_and_by_number():
    options = tournament_options(format="single_elimination", options={
        "round_lengths": {"main": {"semi_final": 9, "final": 11, "1": 5}}})
    per_round = round_lengths(options, formats.build("single_elimination", 16))
    assert [per_round["main", n] for n in (1, 2, 3, 4)] == [5, 7, 9, 11]


# Issue 18: match lengths were written four times and disagreed. One copy now (the pure
# tournaments.formats.lengths); every disagreement found is pinned here.

@pytest.mark.parametrize("name", ["semifinal", "semi-final", "quarter_final", "Final"])
def test_a_round_name_that_is_not_one_of_the_accepted_is_refused_with_the_list(name):
    """``semifinal`` was honoured by the pure copy and ignored by the options;
    ``quarter_final`` refused by one, stored and ignored by the other."""
    with pytest.raises(TournamentError, match="one of final, semi_final"):
        tournament_options(format="single_elimination",
                           options={"round_lengths": {"main": {name: 9}}})


def test_a_semi_final_override_never_reaches_the_grand_final():
    """The options gave F1 13 points for ``{"final": {"semi_final": 13}}`` (F1 is round 1
    of 2 in that flight), the pure copy did not: the grand final has no semi-final."""
    with pytest.raises(TournamentError, match="the grand final's two matches are both its "
                                              "final"):
        tournament_options(format="double_elimination",
                           options={"round_lengths": {"final": {"semi_final": 13}}})
    options = tournament_options(format="double_elimination", options={
        "round_lengths": {"main": {"semi_final": 13}, "losers": {"semi_final": 13}}})
    per_round = round_lengths(options, formats.build("double_elimination", 8))
    assert (per_round["final", 1], per_round["final", 2]) == (7, 7)
    assert per_round["main", 2] == 13


def test_the_stored_options_are_the_ones_the_bracket_reads():
    options = tournament_options(format="consolation", options={
        "lengths": {"main": 9, "final": 11}, "round_lengths": {"main": {3: 13, "final": 15}}})
    assert options["lengths"] == {"main": 9, "consolation": 5, "last_chance": 3, "final": 11}
    assert options["round_lengths"] == {"main": {"3": 13, "final": 15}}  # JSON keys
    assert round_lengths(options, formats.build("consolation", 8))["main", 3] == 13


def test_round_lengths_are_refused_for_formats_that_would_ignore_them():
    with pytest.raises(TournamentError, match="every round of a swiss plays the main length"):
        tournament_options(format="swiss", options={"round_lengths": {"main": {"final": 9}}})


@pytest.mark.parametrize("value", [8, 27, 0, "7", 7.0, True])
def test_one_length_rule_for_every_event(value):
    with pytest.raises(TournamentError, match="odd, from 1 to 25|whole number"):
        match_length(value)


def test_weights_of_an_event_stored_before_the_option_existed_are_the_defaults():
    assert master_point_weights({})["last_chance"] == 0.5
