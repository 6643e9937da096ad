"""A tournament's options: defaults filled in, every bad value refused with its name."""

import pytest

from tournaments.services import TournamentError
from tournaments.services.options import master_point_weights, round_length, tournament_options


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
    assert [round_length(options, flight="main", number=n, last=4) for n in (1, 2, 3, 4)] == [
        5, 7, 9, 11]


def test_weights_of_an_event_stored_before_the_option_existed_are_the_defaults():
    assert master_point_weights({})["last_chance"] == 0.5
