"""Tests of the SGF reader and writer (games/engine/sgf.py).

Golden inputs: the SGF files in ``shared/data/matches`` (7point.sgf by Gibbon, the charlot
match by GNU Backgammon 1.08.003, edited.sgf a set-up position) and their .mat twins.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import Position, legal_plays
from games.engine.matchfile import (
    Double,
    Drop,
    GameRecord,
    MatchFile,
    MatchFileError,
    Roll,
    RollKind,
    Tags,
    Take,
    Win,
    parse_match_file,
    write_match_file,
)
from games.engine.replay import replay
from games.engine.sgf import SgfError, is_sgf, parse_record, parse_sgf, write_sgf
from tests.samples import SAMPLES

SHARED = SAMPLES
TWINS = ["7point", "charlot1-charlot2_7p_2025-11-08-2305"]
RECORDS = sorted(p.name for p in SHARED.glob("*") if p.suffix in (".mat", ".txt", ".sgf")
                 and p.name != "edited.sgf")  # a set-up position, not a match

pytestmark = pytest.mark.skipif(not SHARED.is_dir(), reason="shared/data/matches missing")


def read(name: str) -> bytes:
    return (SHARED / name).read_bytes()


def summary(report) -> tuple:
    """What a round trip must keep: every game's result, cube and Crawford flag, and each
    action: player, kind, dice (as a pair), the position before it, the play without hit
    marks (which of two checkers landing on a blot hit it depends on the order the file
    lists them; the position after is the same, and is the next action's position).
    Resignations are not compared: gnubg's .mat never writes them."""
    games = []
    for game in report.games:
        turns = [
            (t.player, t.action, tuple(sorted(t.dice)) if t.dice else None, t.position_id,
             ((t.canonical if t.legal else t.play_text) or "").replace("*", ""))
            for t in game.turns if t.action != "resign"
        ]
        games.append((game.number, game.scores, game.winner, game.points, game.result,
                      game.ended_by, game.cube, game.cube_owner, game.crawford,
                      game.final_position_id, turns))
    return report.final_score, report.winner, games


def event_key(event) -> tuple:
    """An event without its line, hit marks and the order of its move tokens (Gibbon's
    .mat and .sgf list the hops of one play in different orders)."""
    text = tuple(sorted(getattr(event, "text", "").replace("*", "").split()))
    return (type(event).__name__, event.player, getattr(event, "dice", None), text,
            getattr(event, "value", None), getattr(event, "points", None))


# -- reading -----------------------------------------------------------------------------


def test_gibbon_file_reads_as_nine_games_with_white_as_the_left_player():
    match = parse_sgf(read("7point.sgf"))
    assert match.match_length == 7
    assert match.players == ("JoeBlack", "SnowWhite")
    assert len(match.games) == 9
    assert match.tags["Crawford"] == "On"
    first = match.games[0]
    assert first.scores == (0, 0)
    assert first.events[0] == Roll(1, (4, 2), RollKind.PLAY, "8/4 6/4")
    assert first.events[-3:] == (Double(1, 2), Drop(0), Win(1, 1))
    assert match.games[8].scores == (6, 5)


def test_events_carry_node_numbers_counted_through_the_file():
    match = parse_sgf(read("7point.sgf"))
    first, second = match.games[0], match.games[1]
    assert first.line == 1  # the root node of game 1
    assert [e.line for e in first.events[:3]] == [2, 3, 4]
    assert second.line == first.events[-1].line + 1


@pytest.mark.parametrize("base", TWINS)
def test_sgf_gives_the_events_of_its_mat_twin(base):
    from_sgf = parse_sgf(read(f"{base}.sgf"))
    from_mat = parse_match_file(read(f"{base}.mat"))
    assert from_sgf.players == from_mat.players
    assert from_sgf.match_length == from_mat.match_length
    for ours, theirs in zip(from_sgf.games, from_mat.games, strict=True):
        assert ours.scores == theirs.scores
        # Gibbon's SGF writes a resignation the .mat leaves out; nothing else differs.
        kept = [e for e in ours.events if type(e).__name__ != "Resign"]
        assert [event_key(e) for e in kept] == [event_key(e) for e in theirs.events]


@pytest.mark.parametrize("base", TWINS)
def test_sgf_and_mat_twins_replay_to_the_same_match(base):
    assert summary(replay(parse_sgf(read(f"{base}.sgf")))) == summary(
        replay(parse_match_file(read(f"{base}.mat"))))


def test_gnubg_file_marks_the_crawford_game_and_resignations():
    report = replay(parse_sgf(read("charlot1-charlot2_7p_2025-11-08-2305.sgf")))
    assert [g.crawford for g in report.games] == [False, False, False, True]
    assert [g.ended_by for g in report.games] == ["resign", "drop", "bearoff", "resign"]
    assert report.final_score == (9, 2)
    assert not report.violations


def test_set_up_position_is_not_a_match_record():
    with pytest.raises(SgfError, match=r"node 1 \(text line 1\): a board set up by hand"):
        parse_sgf(read("edited.sgf"))


def test_set_up_board_inside_a_game_is_an_error_and_not_replayed():
    match = parse_sgf("(;GM[6]MI[length:1];W[31hefe];AE[a:x]AB[a];B[66])")
    assert [(i.severity, i.line) for i in match.issues] == [("error", 3)]
    assert "set up by hand" in match.issues[0].message


def test_escaped_bracket_and_soft_line_break_in_a_value():
    match = parse_sgf("(;GM[6]MI[length:1]PW[Ann \\] Lee]PB[Bo\\\nb]EV[x];W[31hefe])")
    assert match.players == ("Ann ] Lee", "Bob")


def test_only_the_first_variation_is_followed():
    text = "(;GM[6]MI[length:1];W[31hefe](;B[66])(;B[55]))"
    match = parse_sgf(text)
    assert [e.dice for e in match.games[0].events] == [(3, 1), (6, 6)]
    assert any("variation" in i.message for i in match.issues)


def test_beaver_is_a_second_double_by_the_doubled_player():
    text = "(;GM[6]MI[length:0];W[31hefe];B[double];W[double];B[take];B[66])"
    events = parse_sgf(text).games[0].events
    assert [type(e).__name__ for e in events] == ["Roll", "Double", "Beaver", "Take", "Roll"]
    assert (events[1].value, events[2].value) == (2, 4)


@pytest.mark.parametrize(("text", "node", "words"), [
    ("(;GM[6];W[31hefe", 2, "not closed"),
    ("(;GM[1]MI[length:7])", 1, "not backgammon"),
    ("(;GM[6]MI[length:x7])", 1, "MI[length"),
    ("(;GM[6]MI[length:7];W[31]) x", 2, "unexpected character"),
    ("(;GM[6]MI[length:7];W[31]", 2, "')' is missing"),
    ("(;GM[6];W)", 2, "no value"),
    ("(;GM[6]MI[length:3])(;GM[6])", 1, "no move and no result"),
])
def test_unreadable_input_names_the_node(text, node, words):
    with pytest.raises(SgfError) as caught:
        parse_sgf(text)
    assert caught.value.line == node
    assert str(caught.value).startswith(f"node {node}")
    assert words in str(caught.value)


def test_unreadable_move_is_an_error_on_its_node_and_the_rest_is_kept():
    match = parse_sgf("(;GM[6]MI[length:1]\n;W[31hefe]\n;B[9zz]\n;B[66])")
    assert [(i.severity, i.line) for i in match.issues] == [("error", 3)]
    assert len(match.games[0].events) == 2


# -- either format -------------------------------------------------------------------------


@pytest.mark.parametrize(("data", "name", "expected"), [
    (b"\xef\xbb\xbf  (;FF[4]GM[6])", "", True),
    (b" 7 point match\n", "x.sgf", False),
    (b"garbage", "x.sgf", True),
    (b"garbage", "x.mat", False),
    ("(;GM[6])", "a.mat", True),
])
def test_content_decides_the_format_and_the_name_breaks_a_tie(data, name, expected):
    assert is_sgf(data, name) is expected


@pytest.mark.parametrize("name", RECORDS)
def test_every_sample_record_reads_through_parse_record(name):
    match = parse_record(read(name), name=name)
    assert match.games


# -- round trips -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", RECORDS)
def test_writing_sgf_and_reading_it_back_keeps_the_match(name):
    match = parse_record(read(name), name=name)
    report = replay(match)
    back = parse_sgf(write_sgf(match, report))
    assert summary(replay(back, report.rules)) == summary(report)


@pytest.mark.parametrize("name", [n for n in RECORDS if n.endswith(".sgf")])
def test_sgf_written_as_mat_and_read_back_keeps_the_match(name):
    match = parse_sgf(read(name))
    report = replay(match)
    back = parse_match_file(write_match_file(match))
    assert summary(replay(back, report.rules)) == summary(report)


def test_written_sgf_marks_crawford_game_and_resignation_from_a_mat():
    match = parse_match_file(read("charlot1-charlot2_7p_2025-11-08-2305.mat"))
    text = write_sgf(match)
    assert text.count("(;FF[4]GM[6]") == 4
    assert "RU[Crawford:CrawfordGame]RE[W+3R]" in text
    assert "RE[B+2R]" in text
    assert ";B[41ablp]" in text  # 24/23 13/9 (gnubg lists them 13/9 24/23: lpab)


def test_a_hit_stays_with_the_checker_that_hit():
    # 7point.mat game 4: "53: 8/3 6/3" hits with the checker from 6 in the canonical play.
    match = parse_match_file(read("7point.mat"))
    report = replay(match)
    back = replay(parse_sgf(write_sgf(match, report)))
    assert summary(back) == summary(report)


def random_game_match(seed: int, games: int, length: int = 0) -> MatchFile:
    """A match (or a money session) of random legal games with the engine's moves, cube
    actions and results: the writer's input for the hypothesis round trip."""
    rng = random.Random(seed)
    records = []
    scores = [0, 0]
    for number in range(1, games + 1):
        position, player, events, cube = Position.start(), rng.randint(0, 1), [], 1
        for _turn in range(rng.randint(1, 60)):
            if rng.random() < 0.05:
                events.append(Double(player, cube * 2, len(events) + 1))
                if rng.random() < 0.5:
                    events.append(Drop(1 - player, len(events) + 1))
                    events.append(Win(player, cube, False, len(events)))
                    scores[player] += cube
                    break
                events.append(Take(1 - player, len(events) + 1))
                cube *= 2
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            play = rng.choice(list(legal_plays(position, dice)))
            text = str(play)
            kind = RollKind.PLAY if text else RollKind.EMPTY
            # Events are told apart by line, as in a file (the writer finds its play so).
            events.append(Roll(player, dice, kind, text, len(events) + 1))
            position, player = play.result, 1 - player
        else:
            events.append(Win(1 - player, cube))
            scores[1 - player] += cube
        start = (scores[0] - (events[-1].points if events[-1].player == 0 else 0),
                 scores[1] - (events[-1].points if events[-1].player == 1 else 0))
        records.append(GameRecord(number, start, tuple(events), names=("Ann", "Bob")))
    return MatchFile(Tags(), (), length, ("Ann", "Bob"), tuple(records))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), games=st.integers(1, 3),
       length=st.sampled_from([0, 1, 3, 5]))
def test_random_games_survive_sgf_and_mat_round_trips(seed, games, length):
    match = random_game_match(seed, games, length)
    report = replay(match)
    via_sgf = replay(parse_sgf(write_sgf(match, report)), report.rules)
    via_mat = replay(parse_match_file(write_match_file(parse_sgf(write_sgf(match, report)))),
                     report.rules)
    assert summary(via_sgf) == summary(report)
    assert summary(via_mat) == summary(report)


# -- fuzz ---------------------------------------------------------------------------------------


def _only_typed_errors(data) -> None:
    try:
        parse_sgf(data)
    except MatchFileError:
        pass
    try:
        parse_record(data, name="fuzz.sgf")
    except MatchFileError:
        pass


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_raise_nothing_but_the_typed_error(data):
    _only_typed_errors(b"(;" + data)
    _only_typed_errors(data)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_gnubg_files_raise_nothing_but_the_typed_error(data):
    original = bytearray(read("7point.sgf"))
    for _ in range(data.draw(st.integers(1, 8))):
        where = data.draw(st.integers(0, len(original) - 1))
        what = data.draw(st.sampled_from(["flip", "insert", "delete"]))
        byte = data.draw(st.sampled_from(list(b"()[];\\:WBz0123456789abxy \n\xff")))
        if what == "flip":
            original[where] = byte
        elif what == "insert":
            original.insert(where, byte)
        else:
            del original[where]
    _only_typed_errors(bytes(original))
