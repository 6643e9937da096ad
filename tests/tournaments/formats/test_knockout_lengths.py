"""Match lengths per flight and round: defaults, overrides by number and by name."""

import pytest

from tournaments.formats import (
    MatchLengthError,
    SettingError,
    build,
    check_length,
    match_lengths,
    round_lengths,
)


def test_defaults_per_flight():
    lengths = match_lengths(build("consolation_last_chance", 16))
    assert (lengths["M1-1"], lengths["C1-1"], lengths["LC1-1"]) == (7, 5, 3)


def test_the_losers_bracket_and_the_grand_final_follow_the_main_flight():
    lengths = match_lengths(build("double_elimination", 8), lengths={"main": 9})
    assert {lengths["L1-1"], lengths["F1"], lengths["F2"]} == {9}
    lengths = match_lengths(build("double_elimination", 8), lengths={"main": 9, "final": 13})
    assert (lengths["L1-1"], lengths["F1"], lengths["F2"]) == (9, 13, 13)


def test_nine_point_semi_finals_and_an_eleven_point_final():
    per_round = round_lengths(build("consolation", 16),
                              rounds={"main": {"semi_final": 9, "final": 11}})
    assert [per_round["main", r] for r in (1, 2, 3, 4)] == [7, 7, 9, 11]
    assert per_round["consolation", 4] == 5  # names are per flight


def test_a_round_number_wins_over_a_name():
    per_round = round_lengths(build("single_elimination", 8),
                              rounds={"main": {"final": 11, "3": 13, 1: 5}})
    assert per_round == {("main", 1): 5, ("main", 2): 7, ("main", 3): 13}


def test_the_grand_final_and_its_reset_are_both_the_final():
    lengths = match_lengths(build("double_elimination", 4), rounds={"final": {"final": 15}})
    assert (lengths["F1"], lengths["F2"]) == (15, 15)


def test_rounds_and_flights_a_bracket_lacks_are_ignored():
    lengths = match_lengths(build("single_elimination", 4), lengths={"last_chance": 1},
                            rounds={"main": {9: 25}})
    assert set(lengths.values()) == {7}


@pytest.mark.parametrize("value", [0, 2, 27, -1, 7.0, "7", True])
def test_lengths_are_odd_from_one_to_twenty_five(value):
    with pytest.raises(MatchLengthError, match="main"):
        match_lengths(build("single_elimination", 4), lengths={"main": value})
    with pytest.raises(MatchLengthError):
        check_length(value)


def test_an_override_with_a_bad_length_names_the_round():
    with pytest.raises(MatchLengthError, match="main final"):
        match_lengths(build("single_elimination", 4), rounds={"main": {"final": 12}})


@pytest.mark.parametrize("rounds", [{"mian": {"final": 9}}, {"main": {"quarter": 9}},
                                    {"main": {0: 9}}, {"main": 9}, {"main": {"semifinal": 9}},
                                    {"main": {"semi-final": 9}},
                                    {"main": {"quarter_final": 9}},
                                    {"final": {"semi_final": 13}}])
def test_unknown_flights_and_round_names_are_refused(rounds):
    with pytest.raises(SettingError):
        match_lengths(build("single_elimination", 4), rounds=rounds)


def test_a_refused_round_name_comes_with_the_accepted_ones():
    with pytest.raises(SettingError, match="use a round number from 1 or one of final, "
                                           "semi_final"):
        match_lengths(build("single_elimination", 4), rounds={"main": {"semifinal": 9}})
    with pytest.raises(SettingError, match="one of final[.]"):
        match_lengths(build("double_elimination", 4), rounds={"final": {"semi_final": 13}})


def test_a_semi_final_override_does_not_reach_the_grand_final():
    lengths = match_lengths(build("double_elimination", 8),
                            rounds={"main": {"semi_final": 13}, "losers": {"semi_final": 13}})
    assert (lengths["F1"], lengths["F2"]) == (7, 7)


@pytest.mark.parametrize("length", [1, 3, 25])
def test_one_to_twenty_five_odd_is_accepted(length):
    assert check_length(length) == length
