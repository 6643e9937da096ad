"""Tests of the text match file reader and writer (games/engine/matchfile.py).

The real files are in ``shared/data/matches`` (SOURCES.md there says what each holds);
synthetic files are in ``data/matchfiles`` beside this test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from games.engine.matchfile import (
    MAX_FILE_BYTES,
    MAX_LINE_CHARS,
    Beaver,
    Double,
    Drop,
    MatchFileError,
    Raccoon,
    Resign,
    Roll,
    RollKind,
    Take,
    Win,
    parse_match_file,
    write_match_file,
)
from tests.samples import SAMPLES

SHARED = SAMPLES
DATA = Path(__file__).resolve().parent / "data" / "matchfiles"

TEXT_SAMPLES = sorted(p.name for p in SHARED.glob("*") if p.suffix in (".mat", ".txt"))
OTHER_FORMATS = sorted(p.name for p in SHARED.glob("*") if p.suffix in (".sgf", ".gmd", ".match"))
SYNTHETIC = sorted(p.name for p in DATA.glob("*.mat"))

needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason="shared/data/matches missing")


def sample(name: str):
    return parse_match_file((SHARED / name).read_bytes())


def synthetic(name: str):
    return parse_match_file((DATA / name).read_bytes())


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


# -- the real files ---------------------------------------------------------------------

# file: (match length, (left, right), [score line of each game])
EXPECTED_STRUCTURE = {
    "5nqfGw9bWG3deTaU.mat": (
        7, ("Marion Castlebury", "Rowan Pryce"),
        [(0, 0), (0, 2), (1, 2), (1, 3), (1, 5), (2, 5)],
    ),
    "7point.mat": (
        7, ("JoeBlack", "SnowWhite"),
        [(0, 0), (0, 1), (2, 1), (2, 2), (4, 2), (4, 4), (4, 5), (5, 5), (6, 5)],
    ),
    "B4_SrGcsKAQmoTyHlgJCbM.mat": (0, ("Fox", "Bluepoint02"), [(0, 0), (1, 0), (1, 1)]),
    "XCu3RJ0UvDg_Tldl.mat": (5, ("Emberoak05", "Jade1"), [(0, 0), (0, 2)]),
    "charlot1-charlot2_7p_2025-11-08-2305.mat": (
        7, ("charlot1", "charlot2"), [(0, 0), (0, 2), (2, 2), (6, 2)],
    ),
    "gnubg_roll_then_resign_1p.mat": (1, ("charlot1", "charlot2"), [(0, 0)]),
    "gnubg_selfplay_drops_7p.mat": (
        7, ("charlot1", "charlot2"), [(0, 0), (1, 0), (1, 1), (1, 3), (1, 5), (3, 5)],
    ),
    "hQ8sVn2LbTdF4wRm.mat": (9, ("Owen Talbot", "Dana Ellery"), [(0, 0), (4, 0), (6, 0), (8, 0)]),
    "match1.txt": (
        7, ("Kévin UNGER Nicolas HARMAND", "Johan HUYCK Michael LARSEN"),
        [(0, 0), (0, 2), (1, 2), (1, 6)],
    ),
    "match2.txt": (
        9, ("Kévin Unger", "Jacques Ravier"),
        [(0, 0), (2, 0), (2, 2), (3, 2), (3, 3), (3, 5), (4, 5), (6, 5), (6, 6)],
    ),
    "match3.txt": (
        13, ("marcow777", "postmanpat"),
        [(0, 0), (0, 1), (2, 1), (6, 1), (8, 1), (9, 1), (10, 1)],
    ),
}


@needs_shared
def test_every_text_sample_is_covered():
    assert sorted(EXPECTED_STRUCTURE) == TEXT_SAMPLES


@needs_shared
@pytest.mark.parametrize("name", TEXT_SAMPLES)
def test_sample_structure(name):
    match = sample(name)
    length, players, scores = EXPECTED_STRUCTURE[name]
    assert match.match_length == length
    assert match.players == players
    assert [g.scores for g in match.games] == scores
    assert [g.number for g in match.games] == list(range(1, len(scores) + 1))
    assert match.issues == ()
    for game in match.games:
        assert game.names == players
        assert isinstance(game.events[-1], Win), (name, game.number)
        lines = [e.line for e in game.events]
        assert lines == sorted(lines) and lines[0] > game.score_line


@needs_shared
@pytest.mark.parametrize("name", OTHER_FORMATS)
def test_other_formats_are_rejected_naming_the_line(name):
    with pytest.raises(MatchFileError) as info:
        sample(name)
    assert info.value.line == 1
    assert str(info.value).startswith("line 1: ")
    expected = {".sgf": "SGF", ".gmd": "GMD", ".match": "JavaFIBS"}[Path(name).suffix]
    assert expected in str(info.value)


@needs_shared
@pytest.mark.parametrize("name", TEXT_SAMPLES)
def test_round_trip_keeps_the_events(name):
    match = sample(name)
    again = parse_match_file(write_match_file(match))
    assert again == match
    for first, second in zip(match.games, again.games, strict=True):
        assert first.events == second.events
        assert first.scores == second.scores
    # And writing is stable: the second write is the first one.
    assert write_match_file(again) == write_match_file(match)


@needs_shared
def test_xg_file_bom_crlf_tags_and_hidden_rolls():
    raw = (SHARED / "match1.txt").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b"\r\n" in raw
    match = parse_match_file(raw)
    assert match.encoding == "utf-8"
    # Case-insensitive tag keys, original spelling kept for display.
    assert match.tags["crawford"] == "On"
    assert match.tags["CUBELIMIT"] == "1024"
    assert "Player 1 Elo" in list(match.tags)
    # XG's [Player 1] is the right-hand column: players come from the score lines.
    assert match.tags["Player 1"] == match.players[1]
    game1 = match.games[0]
    hidden = game1.events[-2]
    assert hidden == Roll(0, (1, 1), RollKind.HIDDEN)
    assert game1.events[-1] == Win(1, 2, False)
    cannot = [e for e in game1.events if isinstance(e, Roll) and e.kind is RollKind.CANNOT_MOVE]
    assert cannot == [Roll(1, (6, 6), RollKind.CANNOT_MOVE)]
    assert match.games[3].events[-1] == Win(1, 1, True)


@needs_shared
def test_gnubg_single_blank_between_cells():
    # " 14) 11: 17/16 16/15 15/14 14/13* 41: 25/21" (spec §6.3)
    match = sample("charlot1-charlot2_7p_2025-11-08-2305.mat")
    line = next(
        e.line for e in match.games[3].events if isinstance(e, Roll) and e.text.endswith("14/13*")
    )
    on_line = [e for e in match.games[3].events if e.line == line]
    assert on_line == [
        Roll(0, (1, 1), RollKind.PLAY, "17/16 16/15 15/14 14/13*"),
        Roll(1, (4, 1), RollKind.PLAY, "25/21"),
    ]


@needs_shared
def test_right_player_opens_and_drop_layouts():
    match = sample("gnubg_selfplay_drops_7p.mat")
    game1, game2 = match.games[:2]
    # Right player opens: line 1's left cell is empty.
    assert game1.events[0] == Roll(1, (5, 1), RollKind.PLAY, "13/8 24/23")
    # Left doubles, right drops, "Wins" on the next line in the left column.
    assert game1.events[-3:] == (Double(0, 2), Drop(1), Win(0, 1))
    # Right doubles, left drops, "Wins" on the same line in the right column.
    assert game2.events[-3:] == (Double(1, 2), Drop(0), Win(1, 1))
    assert game2.events[-1].line == game2.events[-2].line


@needs_shared
def test_gibbon_result_in_column_one_and_empty_rolls():
    match = sample("7point.mat")
    assert match.games[-1].events[-1] == Win(0, 2, True)
    assert match.games[-1].events[-2] == Roll(0, (5, 3), RollKind.PLAY, "1/0")
    dances = [e for e in match.games[1].events if isinstance(e, Roll) and e.kind is RollKind.EMPTY]
    assert [e.dice for e in dances] == [(5, 4), (5, 4), (5, 6), (4, 5), (4, 4)]
    assert {e.player for e in dances} == {0, 1}


@needs_shared
def test_gammonview_quirks():
    b4 = sample("B4_SrGcsKAQmoTyHlgJCbM.mat")
    assert b4.tags["cubelimit"] == "64"
    # Game 3 ends "15) 26:" (Fox dances) then "Wins 6 points and the match" in Fox's
    # column: the parser records the column; the replay decides the winner.
    assert b4.games[2].events[-2:] == (Roll(0, (2, 6), RollKind.EMPTY), Win(0, 6, True))
    five = sample("5nqfGw9bWG3deTaU.mat")
    # "21) Resigns    Wins 2 points": the loser's Resigns, then the winner's Wins.
    assert five.games[3].events[-2:] == (Resign(0), Win(1, 2))
    assert five.games[0].events[-1] == Win(1, 2)  # "25)   (blanks)   Wins 2 points"
    assert five.games[1].events[-1] == Win(0, 1)  # "13) Wins 1 point"
    # The illegal play is kept as written.
    assert Roll(0, (1, 3), RollKind.PLAY, "14/10 13/12") in five.games[0].events
    hq8 = sample("hQ8sVn2LbTdF4wRm.mat")
    assert hq8.tags["time"] == "13:00"
    assert hq8.games[2].events[-2:] == (Resign(1), Win(0, 2))


@needs_shared
def test_backgammon_studio_numbered_results_and_empty_line():
    match = sample("match3.txt")
    assert match.games[1].events[-1] == Win(0, 2)
    assert match.games[-1].events[-2:] == (Roll(0, (2, 2), RollKind.PLAY, "1/off(4)"), Win(0, 8))
    assert match.last_line == 193  # "  24)" ends the file, without a final newline


# -- synthetic layouts -----------------------------------------------------------------


def test_worked_example_is_written_back_byte_for_byte():
    text = (DATA / "worked_example_3p.mat").read_text()
    match = parse_match_file(text)
    assert write_match_file(match) == text
    assert match.tags["Site"] == "Riverside Backgammon Club"
    assert kinds(match.games[1].events) == [
        "Roll", "Roll", "Double", "Take", "Roll", "Roll", "Roll", "Roll", "Roll", "Win",
    ]
    assert match.games[1].events[2:5] == (Double(1, 2), Take(0), Roll(1, (6, 4), text="11/5* 5/1*"))
    assert match.games[1].events[5] == Roll(0, (6, 6), RollKind.EMPTY)


@pytest.mark.parametrize("name", SYNTHETIC)
def test_synthetic_round_trip(name):
    match = synthetic(name)
    again = parse_match_file(write_match_file(match))
    assert again == match
    assert [g.events for g in again.games] == [g.events for g in match.games]


def test_line_numbers_are_one_based_file_lines():
    match = synthetic("worked_example_3p.mat")
    assert match.length_line == 9
    game1 = match.games[0]
    assert (game1.line, game1.score_line) == (11, 12)
    assert [e.line for e in game1.events] == [13, 13, 14, 14, 15, 15, 16]


def test_line_endings_tabs_and_missing_final_newline():
    text = (DATA / "worked_example_3p.mat").read_text()
    reference = synthetic("worked_example_3p.mat")
    for variant in (
        text.replace("\n", "\r\n"),
        text.replace("\n", "\r"),
        text.rstrip("\n"),
        "\ufeff" + text,
        text.replace(" 31: 8/5 6/5", "\t31:\t8/5 6/5"),
        text.replace("\n\n", "\n  \n\n \t\n"),
    ):
        assert parse_match_file(variant.encode("utf-8")) == reference


def test_bom_and_utf16():
    text = (DATA / "worked_example_3p.mat").read_text()
    reference = synthetic("worked_example_3p.mat")
    assert parse_match_file(b"\xef\xbb\xbf" + text.encode()) == reference
    assert parse_match_file(text.encode("utf-16")) == reference


def test_cp1252_fallback_warns():
    text = (DATA / "worked_example_3p.mat").read_text().replace("Alice", "Zoé")
    match = parse_match_file(text.encode("cp1252"))
    assert match.players == ("Zoé", "Bob")
    assert match.encoding == "cp1252"
    (issue,) = match.issues
    assert issue.severity == "warning" and "cp1252" in issue.message
    assert issue.line == 5  # '; [Player 1 "Zoé"]' holds the first non-UTF-8 byte


def test_score_line_variants_and_ratings():
    head = " 3 point match\n\n Game 1\n"
    cases = {
        " zoonk,1666 : 0                   nori,1699 : 0": (("zoonk", "nori"), ("1666", "1699")),
        " Marion Castlebury: 0                       Rowan Pryce: 0": (
            ("Marion Castlebury", "Rowan Pryce"), (None, None),
        ),
        " Smith, John : 0   Doe,J : 0": (("Smith, John", "Doe,J"), (None, None)),
        " Player 1 : 0   2pac : 0": (("Player 1", "2pac"), (None, None)),
        " Kévin (FR) : 0   O'Neil_2 : 0": (("Kévin (FR)", "O'Neil_2"), (None, None)),
    }
    for line, (names, ratings) in cases.items():
        match = parse_match_file(head + line + "\n  1) 31: 8/5 6/5\n")
        assert match.players == names, line
        assert match.ratings == ratings, line
    rated = parse_match_file(head + " zoonk,1666 : 0   nori,1699 : 0\n")
    assert "zoonk,1666 : 0" in write_match_file(rated)


SNOWIE = "0;0;0;0;0;A;B;0;0;0;1;0;0;2;0;0;0;0;5;0;3;0;0;0;-5;5;0;0;0;-3;0;-5;0;0;0;0;2;0;0;0;0"


def test_cube_resign_and_snowie_cells():
    text = f""" 0 point match

 Game 1
 A : 0                          B : 0
  1) 31: 8/5 6/5                 64: 24/18 13/9
  2)  Doubles => 2                Beavers => 4
  3)  Raccoons => 8               Takes
  4) 11: Illegal play ({SNOWIE})
  5)  Resigned Game
                                  Wins 8 points
"""
    match = parse_match_file(text)
    events = match.games[0].events
    assert events[2:5] == (Double(0, 2), Beaver(1, 4), Raccoon(0, 8))
    assert events[5] == Take(1)
    assert events[6].kind is RollKind.ILLEGAL and events[6].text.startswith("0;0;0;0;0;A")
    assert events[7] == Resign(1, "game")
    assert events[8] == Win(1, 8)
    assert parse_match_file(write_match_file(match)) == match


def test_lone_right_cell_in_mid_game_uses_its_column():
    match = synthetic("bad_take_without_double.mat")
    assert match.games[3].events[:3] == (
        Roll(1, (3, 1), text="8/5 6/5"), Take(1), Roll(0, (6, 4), text="24/18 18/14"),
    )


def test_dice_are_kept_as_written():
    match = synthetic("bad_dice_7.mat")
    assert match.games[0].events[0] == Roll(0, (7, 1), text="8/5 6/5")


def test_comments_inside_games_and_before_games_are_notes():
    text = """; [Event "X"]
; a free comment
 1 point match
; between length and game

 Game 1
 A : 0                          B : 0
; gobetzu wins by forfeit
      Wins 1 point
"""
    match = parse_match_file(text)
    assert match.notes == ("a free comment", "between length and game")
    assert match.games[0].notes == ("gobetzu wins by forfeit",)
    assert match.games[0].events == (Win(0, 1),)


def test_unknown_text_in_a_game_is_an_error_issue_not_fatal():
    text = (
        " 1 point match\n Game 1\n A : 0    B : 0\n  1) 31: 8/5 6/5   xyzzy\n what?\n"
        "  2) foo bar 42: 8/4 6/4\n"
    )
    match = parse_match_file(text)
    assert [(i.severity, i.line) for i in match.issues] == [("error", 5), ("error", 6)]
    assert "'what?'" in match.issues[0].message and "'foo bar'" in match.issues[1].message
    # Unknown words inside a roll cell stay in the play text: the replay judges them.
    assert match.games[0].events == (
        Roll(0, (3, 1), text="8/5 6/5 xyzzy"), Roll(1, (4, 2), text="8/4 6/4"),
    )


# -- fatal problems ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "line", "words"),
    [
        (b"", 1, "empty"),
        (b"\n\n   \n", 1, "empty"),
        (b"; [Site \"x\"]\n; only comments\n", 2, "no 'N point match'"),
        (b"Hello world\n 3 point match\n", 1, "not a match file"),
        (b"; c\n\n Game 1\n", 3, "before the 'N point match'"),
        (b" 3 point match\n\n", 1, "no games"),
        (b" 3 point match\n\n\n; just a comment\n", 1, "no games"),
        (b" 3 point match\n Game 1\n Alice 0 Bob 0\n", 3, "score line"),
        (b" 3 point match\n Game 1\n Alice : 0\n", 3, "score line"),
        (b" 3 point match\n Game 1\n", 2, "ends after the game header"),
        (b" 999 point match\n Game 1\n A : 0  B : 0\n", 1, "over the limit"),
        (b" 3 point match\n Game 1\n A : 0  B : 0\n  1) \x00\x01\x02\n", 4, "binary"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", 1, "binary"),
    ],
)
def test_fatal_errors_name_the_line(data, line, words):
    with pytest.raises(MatchFileError) as info:
        parse_match_file(data)
    assert info.value.line == line, str(info.value)
    assert str(info.value).startswith(f"line {line}: ")
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)


def test_garbage_bytes_are_rejected():
    import random

    rng = random.Random(4)
    garbage = bytes(rng.randrange(256) for _ in range(5000))
    with pytest.raises(MatchFileError) as info:
        parse_match_file(garbage)
    assert info.value.line >= 1


def test_line_over_4kb_is_rejected():
    text = " 3 point match\n Game 1\n A : 0  B : 0\n  1) 31: " + "8/5 " * MAX_LINE_CHARS + "\n"
    with pytest.raises(MatchFileError) as info:
        parse_match_file(text)
    assert info.value.line == 4 and "too long" in str(info.value)


def test_huge_file_is_rejected():
    game = (DATA / "worked_example_3p.mat").read_bytes()
    huge = game * (MAX_FILE_BYTES // len(game) + 1)
    assert len(huge) > MAX_FILE_BYTES
    with pytest.raises(MatchFileError, match="too large"):
        parse_match_file(huge)
    with pytest.raises(MatchFileError, match="too large"):
        parse_match_file(huge.decode())


def test_truncated_file_still_parses():
    text = (DATA / "worked_example_3p.mat").read_text()
    cut = text[: text.index("64: 11/5* 5/1*") + 9]  # stops in the middle of a play
    match = parse_match_file(cut)
    assert len(match.games) == 2
    assert match.games[1].events[-1] == Roll(1, (6, 4), text="11/5*")
    assert match.last_line == cut.count("\n") + 1


def test_events_are_immutable_and_hashable():
    match = synthetic("worked_example_3p.mat")
    event = match.games[0].events[0]
    with pytest.raises(AttributeError):
        event.player = 1  # type: ignore[misc]
    assert len({match, match}) == 1
    assert hash(match.tags) == hash(match.tags)


def test_wrong_type_is_a_type_error():
    with pytest.raises(TypeError):
        parse_match_file(42)  # type: ignore[arg-type]
