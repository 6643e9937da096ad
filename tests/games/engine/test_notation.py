"""Notation: parse/format round trips and matching the variants real files write."""

import pytest

from games.engine import (
    AmbiguousPlayError,
    IllegalPlayError,
    InvalidNotationError,
    Move,
    Position,
    Rule,
    format_moves,
    match_play,
    parse_moves,
)

START = Position.start()


@pytest.mark.parametrize("text", [
    "24/18 13/11", "bar/22*", "6/off", "8/5(2)", "24/18/13", "13/7*/1", "6/4*(2)",
    "bar/20 13/7*", "8/5/2(2)",
])
def test_canonical_texts_round_trip(text):
    assert format_moves(parse_moves(text)) == text


def test_parse_gives_one_move_per_hop_with_hits_as_marked():
    assert parse_moves("13/7*/1") == (Move(13, 7, True), Move(7, 1))
    assert parse_moves("bar/22*") == (Move(25, 22, True),)
    assert parse_moves("8/5(2)") == (Move(8, 5), Move(8, 5))


@pytest.mark.parametrize("text, moves", [
    ("25/23 3/0", (Move(25, 23), Move(3, 0))),
    ("Bar/23 3/Off", (Move(25, 23), Move(3, 0))),
    ("b/23 3/o", (Move(25, 23), Move(3, 0))),
    ("BAR/23 3/OFF", (Move(25, 23), Move(3, 0))),
])
def test_file_variants_of_bar_and_off_parse(text, moves):
    assert parse_moves(text) == moves


def test_format_puts_the_highest_source_first():
    assert format_moves(parse_moves("13/11 24/18")) == "24/18 13/11"


@pytest.mark.parametrize("text", ["24-18", "24/", "off/3", "3/bar", "26/20", "8/5(7)", "x/y"])
def test_bad_syntax_is_invalid_notation(text):
    with pytest.raises(InvalidNotationError):
        parse_moves(text)


def test_empty_play_words_parse_to_no_moves():
    assert parse_moves("") == ()
    assert parse_moves("Cannot Move") == ()


@pytest.mark.parametrize("text, dice, canonical", [
    ("24/13", (6, 5), "24/18/13"),
    ("18/13 24/18", (6, 5), "24/18/13"),
    ("13/7 13/8", (6, 5), "13/8 13/7"),
    ("24/18 24/18 13/7 13/7", (6, 6), "24/18(2) 13/7(2)"),
    ("24/18(2) 13/7(2)", (6, 6), "24/18(2) 13/7(2)"),
    ("13/5(2)", (4, 4), "13/9/5(2)"),
    ("24/16", (2, 2), "24/22/20/18/16"),
    ("8/5* 6/5", (3, 1), "8/5 6/5"),
    ("6/5 8/5", (1, 3), "8/5 6/5"),
])
def test_match_play_resolves_real_file_variants(text, dice, canonical):
    assert str(match_play(START, dice, text)) == canonical


def test_match_play_prefers_the_consolidated_path_that_does_not_hit():
    # Mover X: 24(2) 13(5) 8(3) 6(5); O has a blot on X's 18-point and nothing on X's 19.
    position = Position.from_points({24: 2, 13: 5, 8: 3, 6: 5}, {7: 1, 13: 5, 8: 3, 5: 4, 24: 2})
    play = match_play(position, (6, 5), "24/13")
    assert not any(move.hit for move in play.moves)
    hit = match_play(position, (6, 5), "24/18*/13")
    assert any(move.hit for move in hit.moves)


def test_match_play_names_the_rule_of_an_illegal_play():
    with pytest.raises(IllegalPlayError) as caught:
        match_play(START, (6, 5), "24/18")
    assert caught.value.rule == Rule.MUST_USE_BOTH_DICE
    with pytest.raises(IllegalPlayError) as caught:
        match_play(START, (5, 1), "24/19 6/5")
    assert caught.value.rule == Rule.BLOCKED_POINT


def test_match_play_reports_too_many_pips_as_wrong_distance():
    with pytest.raises(IllegalPlayError) as caught:
        match_play(START, (3, 1), "13/9 13/12")
    assert caught.value.rule == Rule.WRONG_DISTANCE


def test_ambiguous_play_error_is_a_value_error():
    assert issubclass(AmbiguousPlayError, ValueError)


def test_points_written_outrank_missing_hit_marks():
    """`13/7 7/3` by a writer that never marks hits: the checker stops on 7 and hits there
    (gammonview-sample file B4_, found by the replay)."""
    from games.engine import Position, match_play

    play = match_play(Position.from_position_id("4PPgQSDMTvABMA"), (6, 4), "13/7 7/3")
    assert {move.dst for move in play.moves} == {7, 3}
    assert any(move.hit and move.dst == 7 for move in play.moves)


def test_gnubg_s_step_notation_is_written_once_by_the_engine():
    from games.engine import Move, format_steps

    assert format_steps([Move(25, 22), Move(6, 0, hit=False)]) == "25/22 6/0"
    assert format_steps([(13, 7), (7, 3)]) == "13/7 7/3"  # in the order given, no hit marks
    assert format_steps([Move(8, 5, hit=True)]) == "8/5"
