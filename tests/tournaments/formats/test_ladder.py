"""Ladder rules (no database)."""

import datetime

import pytest

from tournaments.formats.ladder import (
    ChallengeError,
    apply_result,
    check_challenge,
    is_expired,
    join,
    leave,
)

LADDER = ("a", "b", "c", "d", "e")


def test_a_player_may_challenge_up_to_three_places_above():
    check_challenge(LADDER, "e", "b")
    with pytest.raises(ChallengeError, match="4 places up"):
        check_challenge(LADDER, "e", "a")


def test_challenges_never_go_down():
    with pytest.raises(ChallengeError, match="up the ladder"):
        check_challenge(LADDER, "b", "e")


def test_no_rematch_until_each_has_played_someone_else():
    with pytest.raises(ChallengeError, match="played each other last"):
        check_challenge(LADDER, "d", "b", last_opponent={"b": "d", "d": "e"})
    check_challenge(LADDER, "d", "b", last_opponent={"b": "a", "d": "e"})


def test_a_player_in_an_open_challenge_cannot_take_another():
    with pytest.raises(ChallengeError, match="open challenge"):
        check_challenge(LADDER, "e", "c", busy={"c"})


def test_the_winning_challenger_takes_the_place_and_those_between_move_down():
    assert apply_result(LADDER, "e", "b", True) == ("a", "e", "b", "c", "d")


def test_a_losing_challenger_moves_nothing():
    assert apply_result(LADDER, "e", "b", False) == LADDER


def test_new_players_join_at_the_bottom_and_leavers_close_the_gap():
    assert join(LADDER, "f")[-1] == "f"
    assert leave(LADDER, "b") == ("a", "c", "d", "e")


def test_a_challenge_expires_after_the_days_allowed():
    issued = datetime.datetime(2026, 1, 1, 12, tzinfo=datetime.UTC)
    assert not is_expired(issued, issued + datetime.timedelta(days=13, hours=23), 14)
    assert is_expired(issued, issued + datetime.timedelta(days=14), 14)
