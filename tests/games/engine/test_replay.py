"""Tests of the replay checker (games/engine/replay.py): golden verdicts for every real
file in shared/data/matches, synthetic bad files, and small scenarios."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from games.engine import Game, MatchScore, Phase, Position, Rules, legal_plays
from games.engine.matchfile import (
    Double,
    Drop,
    GameRecord,
    MatchFile,
    MatchFileError,
    Roll,
    RollKind,
    Tags,
    Win,
    parse_match_file,
    write_match_file,
)
from games.engine.replay import (
    ExtraRule,
    Severity,
    replay,
    report_unreadable,
    rules_for,
)
from tests.samples import SAMPLES

SHARED = SAMPLES
DATA = Path(__file__).resolve().parent / "data" / "matchfiles"
TEXT_SAMPLES = sorted(p.name for p in SHARED.glob("*") if p.suffix in (".mat", ".txt"))
needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason="shared/data/matches missing")


def check(text: str | bytes, **options):
    match = parse_match_file(text)
    return replay(match, rules_for(match, **options))


def check_file(path: Path, **options):
    return check(path.read_bytes(), **options)


@dataclass(frozen=True)
class Verdict:
    final: tuple[int, int]
    winner: int | None
    crawford: list[int]
    # per game: (winner, points as scored, result, ended_by, cube)
    games: list[tuple]
    # (game, line, rule, text as written) of every error
    errors: list[tuple] = ()  # type: ignore[assignment]
    warnings: list[tuple] = ()  # type: ignore[assignment]


S, G, B = "single", "gammon", "backgammon"

EXPECTED = {
    "5nqfGw9bWG3deTaU.mat": Verdict(
        final=(2, 7), winner=1, crawford=[],
        games=[(1, 2, S, "bearoff", 2), (0, 1, S, "drop", 1), (1, 1, S, "drop", 1),
               (1, 2, S, "resign", 2), (0, 1, S, "drop", 1), (1, 2, S, "resign", 2)],
        # game 1, move 11: "13: 14/10 13/12" plays 5 pips with a 1-3.
        errors=[(1, 25, "wrong_distance", "14/10 13/12")],
    ),
    "7point.mat": Verdict(
        final=(8, 5), winner=0, crawford=[9],
        games=[(1, 1, S, "drop", 1), (0, 2, S, "drop", 2), (1, 1, S, "drop", 1),
               (0, 2, S, "resign", 2), (1, 2, S, "bearoff", 2), (1, 1, S, "drop", 1),
               (0, 1, S, "bearoff", 1), (0, 1, S, "drop", 1), (0, 2, G, "bearoff", 1)],
    ),
    "B4_SrGcsKAQmoTyHlgJCbM.mat": Verdict(
        final=(1, 7), winner=None, crawford=[],
        # Game 3: "Wins 6" in Fox's column, but Fox (dancing on the bar, 44 pips
        # behind) is the one who resigned a backgammon on the 2-cube.
        games=[(0, 1, S, "drop", 1), (1, 1, S, "drop", 1), (1, 6, B, "resign", 2)],
        warnings=[(3, 58, "record_format", "")],
    ),
    "XCu3RJ0UvDg_Tldl.mat": Verdict(
        final=(0, 5), winner=1, crawford=[],
        games=[(1, 2, S, "bearoff", 2), (1, 3, S, "bearoff", 4)],  # 4 won, capped to 3
    ),
    "charlot1-charlot2_7p_2025-11-08-2305.mat": Verdict(
        final=(9, 2), winner=0, crawford=[4],
        games=[(1, 2, S, "resign", 2), (0, 2, S, "drop", 2), (0, 4, G, "bearoff", 2),
               (0, 3, B, "resign", 1)],
    ),
    "gnubg_roll_then_resign_1p.mat": Verdict(
        final=(1, 0), winner=0, crawford=[], games=[(0, 1, S, "resign", 1)],
    ),
    "gnubg_selfplay_drops_7p.mat": Verdict(
        final=(3, 7), winner=1, crawford=[],
        games=[(0, 1, S, "drop", 1), (1, 1, S, "drop", 1), (1, 2, S, "resign", 2),
               (1, 2, S, "drop", 2), (0, 2, S, "bearoff", 2), (1, 2, S, "bearoff", 2)],
    ),
    "hQ8sVn2LbTdF4wRm.mat": Verdict(
        final=(9, 0), winner=0, crawford=[4],
        games=[(0, 4, G, "bearoff", 2), (0, 2, S, "bearoff", 2), (0, 2, S, "resign", 2),
               (0, 1, S, "resign", 1)],
        errors=[
            (2, 71, "wrong_distance", "14/8 15/10 6/8"),  # game 2 move 20: 6/8 backwards
            (3, 98, "wrong_distance", "13/9 13/7"),  # game 3 move 9: 10 pips with 6-3
            (3, 104, "wrong_distance", "7/1"),  # game 3 move 15: 6 pips with 4-1
        ],
    ),
    "match1.txt": Verdict(
        final=(1, 7), winner=1, crawford=[4],
        games=[(1, 2, S, "resign", 2), (0, 1, S, "drop", 1), (1, 4, S, "bearoff", 4),
               (1, 1, S, "resign", 1)],
    ),
    "match2.txt": Verdict(
        final=(10, 6), winner=0, crawford=[],
        games=[(0, 2, S, "resign", 2), (1, 2, S, "resign", 2), (0, 1, S, "drop", 1),
               (1, 1, S, "drop", 1), (1, 2, S, "resign", 2), (0, 1, S, "drop", 1),
               (0, 2, S, "drop", 2), (1, 1, S, "drop", 1), (0, 4, G, "resign", 2)],
    ),
    "match3.txt": Verdict(
        final=(18, 1), winner=0, crawford=[],
        games=[(1, 1, S, "drop", 1), (0, 2, S, "bearoff", 2), (0, 4, G, "bearoff", 2),
               (0, 2, S, "drop", 2), (0, 1, S, "drop", 1), (0, 1, S, "drop", 1),
               (0, 8, S, "bearoff", 8)],
    ),
}


@needs_shared
def test_every_text_sample_has_a_verdict():
    assert sorted(EXPECTED) == TEXT_SAMPLES


@needs_shared
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sample_verdict(name):
    expected = EXPECTED[name]
    report = check_file(SHARED / name)
    assert report.final_score == expected.final
    assert report.winner == expected.winner
    assert [g.number for g in report.games if g.crawford] == expected.crawford
    got = [(g.winner, g.points, g.result.value, g.ended_by, g.cube) for g in report.games]
    assert got == expected.games
    errors = [(v.game, v.line, v.rule) for v in report.errors]
    assert errors == [e[:3] for e in expected.errors]
    assert [(v.game, v.line, v.rule) for v in report.warnings] == [
        w[:3] for w in expected.warnings
    ]
    # The illegal plays are the ones written on those lines, flagged on their turn.
    for game, line, _, text in expected.errors:
        (turn,) = [t for t in report.games[game - 1].turns if t.line == line and not t.legal]
        assert turn.play_text == text and turn.action == "roll" and turn.canonical is None
        assert text in next(v.message for v in report.errors if v.line == line)
    assert report.passed == (not expected.errors)


@needs_shared
def test_json_report_shape():
    report = check_file(SHARED / "hQ8sVn2LbTdF4wRm.mat")
    data = json.loads(json.dumps(report.to_dict()))
    assert set(data) == {"match_length", "games", "final_score", "violations", "warnings"}
    assert data["match_length"] == 9
    assert data["final_score"] == [9, 0]
    assert data["games"][0] == {
        "number": 1, "winner": 0, "points": 4, "result": "gammon", "ended_by": "bearoff",
        "cube": 2, "crawford": False,
    }
    assert data["games"][3]["crawford"] is True
    assert data["violations"][0] == {
        "game": 2, "line": 71, "rule": "wrong_distance",
        "message": data["violations"][0]["message"],
    }
    assert "27sQABjM7g0UAA" in data["violations"][0]["message"]  # the position, by ID


@needs_shared
def test_capped_result_is_accepted_and_flagged():
    report = check_file(SHARED / "XCu3RJ0UvDg_Tldl.mat")
    game = report.games[1]
    assert (game.points, game.real_points, game.written_points, game.capped) == (3, 4, 3, True)


@needs_shared
def test_turn_details():
    report = check_file(SHARED / "gnubg_selfplay_drops_7p.mat")
    first = report.games[0].turns[0]
    assert first.action == "roll" and first.player == 1 and first.dice == (5, 1)
    assert first.position_id == "4HPwATDgc/ABMA"  # the starting position
    assert first.play_text == "13/8 24/23" and first.canonical == "24/23 13/8"
    cube = [t for t in report.games[0].turns if t.action != "roll"]
    assert [(t.action, t.player, t.cube_value) for t in cube] == [
        ("double", 0, 2), ("drop", 1, None),
    ]
    detail = report.games[0].detail_dict()
    assert detail["turns"][0]["position_id"] == "4HPwATDgc/ABMA"
    assert json.dumps(detail)
    # The position after a play is the next turn's "before", seen by the other player.
    a, b = report.games[0].turns[:2]
    after = Position.from_position_id(a.position_id)
    plays = {p.result.position_id() for p in legal_plays(after, a.dice)}
    assert b.position_id in plays


@needs_shared
def test_roll_then_resign_and_hidden_rolls():
    report = check_file(SHARED / "gnubg_roll_then_resign_1p.mat")
    last = report.games[0].turns[-1]
    assert (last.roll_kind, last.dice, last.player) == ("empty", (5, 1), 1)
    assert report.games[0].winner == 0 and report.passed
    xg = check_file(SHARED / "match1.txt")
    assert xg.games[0].turns[-1].roll_kind == "hidden"
    assert xg.games[0].winner == 1  # the left player rolled 11 and resigned


@needs_shared
def test_no_crawford_option_and_tag():
    text = (SHARED / "7point.mat").read_bytes()
    assert check(text, crawford=False).games[8].crawford is False
    tagged = b'; [Crawford "Off"]\r\n' + text
    assert check(tagged).games[8].crawford is False  # the tag wins over the option
    assert check(tagged, crawford=True).games[8].crawford is False


# -- synthetic files ---------------------------------------------------------------------

SYNTHETIC = {
    "worked_example_3p.mat": [],
    "bad_crawford_double.mat": [(3, 30, "crawford_no_double")],
    "bad_take_without_double.mat": [(4, 36, "no_double_pending")],
    "bad_score_line.mat": [(3, 28, "score_mismatch")],
    "bad_wins_points.mat": [(1, 16, "result_mismatch")],
    "bad_dice_7.mat": [(1, 13, "dice_range")],
    "bad_stops_mid_game.mat": [(2, 22, "game_unfinished")],
    "bad_stops_before_match_won.mat": [(3, 31, "match_unfinished")],
    "bad_game_after_match.mat": [(5, 40, "match_over")],
}


def test_every_synthetic_file_has_a_verdict():
    assert sorted(SYNTHETIC) == sorted(p.name for p in DATA.glob("*.mat"))


@pytest.mark.parametrize("name", sorted(SYNTHETIC))
def test_synthetic_verdict(name):
    report = check_file(DATA / name)
    assert [(v.game, v.line, v.rule) for v in report.violations] == SYNTHETIC[name]
    assert report.passed == (not SYNTHETIC[name])


def test_worked_example_verdict():
    report = check_file(DATA / "worked_example_3p.mat")
    assert report.final_score == (4, 2) and report.winner == 0
    assert [(g.winner, g.points, g.ended_by, g.cube, g.crawford) for g in report.games] == [
        (0, 1, "drop", 1, False), (1, 2, "resign", 2, False), (0, 1, "resign", 1, True),
        (0, 2, "resign", 2, False),
    ]
    # The IDs in the spec's worked example.
    turns = report.games[0].turns
    assert turns[1].position_id == "sGfwATDgc/ABMA"
    game2 = report.games[1].turns
    assert game2[5].position_id == "wefBATDgc+IBYA"


def test_stops_mid_line_reports_the_last_line():
    text = (DATA / "worked_example_3p.mat").read_text()
    cut = text[: text.index("64: 11/5* 5/1*") + 9]  # "64: 11/5*": half a play
    report = check(cut)
    last = cut.count("\n") + 1
    assert [(v.line, v.rule) for v in report.errors] == [
        (last, "must_use_both_dice"), (last, "game_unfinished"),
    ]
    assert report.games[-1].winner is None


def test_unreadable_report():
    with pytest.raises(MatchFileError) as info:
        parse_match_file(b"(;FF[4]GM[6])")
    report = report_unreadable(info.value)
    assert not report.readable and not report.passed
    assert report.to_dict()["violations"] == [
        {"game": 0, "line": 1, "rule": "unreadable", "message": info.value.reason},
    ]


# -- scenarios --------------------------------------------------------------------------

HEAD = " 5 point match\n\n Game 1\n Ann : 0                        Ben : 0\n"


def lines_of(report):
    return [(v.line, v.rule, v.severity.value) for v in report.violations]


def test_every_violation_is_reported_and_replay_goes_on_as_played():
    text = HEAD + (
        "  1) 31: 8/5 6/5                 64: 13/7 13/9\n"
        "  2) 62: 13/7 13/9               41: 13/9 6/5\n"  # Ann: 13/9 is 4 pips with 6-2
        "  3) 54: 13/8 13/9               52: 13/8 13/10\n"  # Ben: 13/10 is 3 with 5-2
        "  4)  Doubles => 2                Takes\n"
        "  5) 11: 8/7 8/7 6/5 6/5         33: 8/5 8/5 6/3 6/3\n"
        "  6)  Doubles => 4                Drops\n"  # Ann doubles Ben's cube
        "      Wins 2 points\n"
    )
    report = check(text)
    assert lines_of(report) == [
        (6, "wrong_distance", "error"),
        (7, "wrong_distance", "error"),
        (10, "cube_not_owned", "error"),
        (11, "match_unfinished", "error"),
    ]
    assert report.games[0].winner == 0 and report.games[0].points == 2
    # Ann's 13/9 was kept as played: her next play starts from it.
    turn = report.games[0].turns[4]
    board = Position.from_position_id(turn.position_id)
    assert board.mover[9] == 1 and board.mover[13] == 3


def test_forced_move_filled_in_and_empty_play_with_moves():
    # Ben's bare "51:" with many legal plays, not followed by a result: an error.
    text = HEAD + "  1) 31: 8/5 6/5                 51:\n  2) 42: 8/4 6/4\n"
    report = check(text)
    assert (5, "must_use_both_dice", "error") in lines_of(report)


def test_forced_move_left_out_is_filled_in_with_a_warning():
    # Random legal play until a roll has exactly one legal play; write that roll bare.
    rng = random.Random(11)
    events, position, player = [], Position.start(), 0
    while True:
        dice = (rng.randrange(1, 7), rng.randrange(1, 7))
        plays = legal_plays(position, dice)
        if len(plays) == 1 and plays[0].moves:
            events.append(Roll(player, dice, RollKind.EMPTY))
            after = plays[0].result
            break
        play = rng.choice(plays)
        text = " ".join(f"{m.src}/{m.dst}" for m in play.moves)
        events.append(Roll(player, dice, RollKind.PLAY if text else RollKind.EMPTY, text))
        position, player = play.result, 1 - player
    events.append(Double(1 - player, 2))
    events.append(Drop(player))
    events.append(Win(1 - player, 1))
    match = MatchFile(Tags(), (), 1, ("Ann", "Ben"), (GameRecord(1, (0, 0), tuple(events)),))
    report = check(write_match_file(match))
    assert [(v.rule, v.severity) for v in report.violations] == [
        ("forced_move", Severity.WARNING),
    ]
    turn = [t for t in report.games[0].turns if t.action == "roll"][-1]
    assert turn.roll_kind == "empty" and turn.canonical == str(plays[0])
    # The board after the filled-in play is the one the doubler doubles in.
    double = report.games[0].turns[-2]
    assert double.position_id == after.position_id()


def test_cannot_move_with_legal_moves_is_an_error():
    text = HEAD + "  1) 31: 8/5 6/5                 66: Cannot Move\n  2) 42: 8/4 6/4\n"
    assert (5, "must_use_both_dice", "error") in lines_of(check(text))


def test_hit_marks_are_checked_when_the_file_uses_them():
    text = HEAD + (
        "  1) 64: 24/18 13/9              31: 8/5 6/5\n"
        "  2) 62: 13/7* 13/11             66: 24/18 24/18 13/7 13/7\n"  # 13/7 hits nothing
    )
    report = check(text)
    assert (6, "hit_mark", "warning") in lines_of(report)
    assert report.to_dict()["warnings"][0]["rule"] == "hit_mark"


def test_opening_doublet_and_turn_order_warnings():
    text = HEAD + "  1) 33: 8/5 8/5 6/3 6/3        31: 24/21 24/23\n"
    assert (5, "opening_doublet", "warning") in lines_of(check(text))
    # Ben's cell alone in the right column twice in a row: he rolls out of turn.
    twice = HEAD + (
        "  1)                             31: 8/5 6/5\n"
        "  2)                             42: 8/4 6/4\n"
    )
    assert (6, "turn_order", "error") in lines_of(check(twice))


def test_beavers_in_money_play():
    text = (
        ' 0 point match\n\n Game 1\n Ann : 0                        Ben : 0\n'
        "  1) 31: 8/5 6/5                 64: 24/18 13/9\n"
        "  2)  Doubles => 2                Beavers => 4\n"
        "  3) 62: 13/7* 13/11             Drops\n"
    )
    not_allowed = check(text)
    assert [r for _, r, _ in lines_of(not_allowed)][:1] == ["beaver_not_allowed"]
    allowed = check('; [Beaver "On"]\n' + text)
    assert allowed.rules.beavers
    # Ann rolls: the beaver's take is implied (spec §7.4); a drop now has no double.
    assert [r for _, r, _ in lines_of(allowed)] == ["no_double_pending", "game_unfinished"]
    assert allowed.games[0].cube == 4 and allowed.games[0].cube_owner == 1


def test_jacoby_tag_changes_the_value_of_a_gammon():
    base = (
        " 0 point match\n\n Game 1\n Ann : 0                        Ben : 0\n"
        "  1) 31: 8/5 6/5                 64: 24/18 13/9\n"
        "                                  Wins 2 points\n"
    )
    assert check(base).passed  # a resigned gammon on a 1-cube
    jacoby = check('; [Jacoby "On"]\n' + base)
    assert [r for _, r, _ in lines_of(jacoby)] == ["result_mismatch"]
    assert check(base, jacoby=True).rules.jacoby


def test_rules_for_reads_tags_case_insensitively():
    match = parse_match_file(
        '; [cubelimit "64"]\n; [JACOBY "on"]\n; [Beaver "Off"]\n 0 point match\n'
        " Game 1\n A : 0   B : 0\n"
    )
    rules = rules_for(match, beavers=True, crawford=True)
    assert rules == Rules(match_length=0, crawford=True, jacoby=True, beavers=False,
                          cube_limit=64)


def test_cube_value_must_be_twice_the_cube():
    text = HEAD + (
        "  1) 31: 8/5 6/5                 64: 24/18 13/9\n"
        "  2)  Doubles => 4                Drops\n"
        "      Wins 1 point\n"
    )
    assert lines_of(check(text))[0] == (6, ExtraRule.CUBE_VALUE.value, "error")


def test_invalid_notation_is_an_error_and_the_turn_passes():
    text = HEAD + "  1) 31: 8/5 6/x                 64: 24/18 13/9\n"
    report = check(text)
    assert lines_of(report)[0] == (5, "invalid_notation", "error")
    assert report.games[0].turns[1].canonical == "24/18 13/9"


def test_severities():
    assert {s.value for s in Severity} == {"fatal", "error", "warning"}


# -- one game machine: the replay drives the engine's Game ---------------------------------


def strict_game(report, summary, score: MatchScore) -> Game:
    """The game of ``summary`` played again on a strict engine Game, action by action."""
    game = Game(report.rules, score=score)
    for turn in summary.turns:
        if game.phase is Phase.OPENING:
            game.begin(turn.player)
        if turn.action == "roll":
            game.roll(turn.dice)
            if turn.canonical is not None:
                game.play(turn.canonical)
        elif turn.action == "resign":
            game.resign(turn.player, summary.result)
        else:
            getattr(game, turn.action)()  # double, take, drop
    if summary.ended_by == "resign":
        game.resign(1 - summary.winner, summary.result)
        game.accept_resignation()
    return game


@needs_shared
@pytest.mark.parametrize("name", TEXT_SAMPLES)
def test_a_clean_record_ends_where_a_strict_engine_game_ends(name):
    """The replay has no game state of its own: replaying a record without violations and
    playing its actions on a strict Game reach the same board, cube, result and score."""
    report = check_file(SHARED / name)
    if not report.passed:
        pytest.skip("a record with violations is replayed as played")
    score = MatchScore(report.match_length, crawford=report.rules.crawford_in_force)
    for summary in report.games:
        game = strict_game(report, summary, score)
        assert game.position.position_id() == summary.final_position_id
        assert (game.cube.value, game.cube.owner) == (summary.cube, summary.cube_owner)
        assert game.crawford_game == summary.crawford
        ended = game.result
        assert (ended.winner, ended.kind, ended.points, ended.ended_by) == (
            summary.winner, summary.result, summary.real_points, summary.ended_by)
        score = score.after_game(summary.winner, summary.points)
    assert score.scores == report.final_score


# -- random legal matches: a long one replays clean, and round-trips --------------------


def random_match_text(seed: int, length: int) -> tuple[str, int]:
    from tests.benchmarks.bench_replay import random_match

    return random_match(seed, length)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_legal_matches_replay_clean(seed):
    text, plays = random_match_text(seed, 5)
    report = check(text)
    assert report.passed, report.violations[:3]
    assert report.winner is not None and max(report.final_score) >= 5
    again = parse_match_file(write_match_file(parse_match_file(text)))
    assert [g.events for g in again.games] == [g.events for g in parse_match_file(text).games]
    assert plays > 0


def test_random_choice_is_reproducible():
    assert random_match_text(7, 3) == random_match_text(7, 3)
    assert random.Random(7).random() == random.Random(7).random()
