"""The pure reading of what gnubg gives back: the analysed SGF (through the engine's reader)
into decisions with gnubg's marks, and its printed statistics into each player's figures.
No gnubg here: the equities are written by hand (money play, so they need no conversion)."""

from pathlib import Path

import pytest

from analysis.core.decisions import (
    Thresholds,
    format_move,
    read_decisions,
    turns_of,
)
from analysis.core.errors import AnalysisFileError
from analysis.core.statistics import read_statistics
from games.engine.sgf import SgfError, game_trees

DATA = Path(__file__).parent / "data"
PROBS = "0.5 0.1 0.0 0.1 0.0"


def da(no_double: float, take: float) -> str:
    return (f"DA[E ver 3 0C 1 0.000000 1 {PROBS} 0.1 {no_double} "
            f"{PROBS} 0.1 {take}]")


def candidate(letters: str, equity: float) -> str:
    return f"[{letters} E ver 3 {PROBS} {equity} 0C 0 1 0.000000 1]"


# ann (W, player 0) plays 31 8/5 6/5 where 24/23 13/10 (hefe...) was 0.1 better, gnubg marks
# it bad; bob (B) dances, not doubling although double/take is worth 0.6 against 0.3 (a
# missed double gnubg marks very bad); ann dances; bob doubles when no double (0.2) beats
# double/take (0.05), doubtful; ann takes.
MATCH = (
    "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[ann]PB[bob]"
    f";W[31hefe]A[1]{candidate('xwmj', 0.2)}{candidate('hefe', 0.1)}LU[0.25]BM[1]"
    f";B[54]{da(0.3, 0.6)}LU[-0.5]BC[2]"
    ";W[65]LU[-0.125]"
    f";B[double]{da(0.2, 0.05)}DO[]"
    f";W[take]{da(0.2, 0.05)}"
    ")"
)


def decisions(text: str = MATCH):
    return read_decisions(game_trees(text), to_emg=lambda mwc, point: mwc)


def test_a_play_loses_the_difference_to_gnubgs_best_play():
    move = decisions()[0]
    assert (move.played, move.best) == ("8/5 6/5", "24/23 13/10")
    assert move.equity_lost == pytest.approx(0.1)
    assert (move.unforced, move.luck) == (True, 0.25)


def test_the_marks_are_gnubgs_own():
    marks = [(d.kind, d.mark) for d in decisions()]
    assert marks == [("move", "bad"), ("cube", "very_bad"), ("move", ""), ("move", ""),
                     ("double", "doubtful"), ("take", "")]


def test_rolling_without_doubling_when_double_take_is_better_is_a_missed_double():
    cube = decisions()[1]
    assert (cube.kind, cube.played, cube.best) == ("cube", "No double", "Double")
    assert cube.equity_lost == pytest.approx(0.3)
    assert cube.close


def test_a_double_where_no_double_is_better_loses_the_difference():
    double = next(d for d in decisions() if d.kind == "double")
    assert double.best == "No double"
    assert double.equity_lost == pytest.approx(0.15)


def test_taking_when_double_take_is_below_the_cash_is_right():
    take = decisions()[-1]
    assert (take.kind, take.best, take.equity_lost, take.mark) == ("take", "Take", 0.0, "")


def test_a_dance_is_a_forced_move_without_error():
    dance = decisions()[2]
    assert (dance.kind, dance.unforced, dance.equity_lost, dance.luck) == (
        "move", False, 0.0, -0.5)


def test_the_cube_decisions_see_the_engines_cube_and_score():
    seen = []

    def to_emg(mwc, point):
        seen.append((point.cube.value, point.cube.owner, point.mover, point.score.scores,
                     point.crawford_game))
        return mwc

    text = MATCH.replace("MI[length:0][game:0][ws:0][bs:0]",
                         "MI[length:7][game:2][ws:3][bs:1]RU[Crawford]")
    text += (f"(;FF[4]GM[6]MI[length:7][game:3][ws:3][bs:2]RU[Crawford:CrawfordGame]"
             f"PW[ann]PB[bob];W[54]{da(0.3, 0.6)})")
    read_decisions(game_trees(text), to_emg=to_emg)
    # bob's cube before his roll, his double, ann's take (the doubler's equities), then
    # the Crawford game of the next tree
    assert seen[0] == (1, None, 1, (3, 1), False)
    assert seen[2] == (1, None, 1, (3, 1), False)  # the double: cube still 1, centred
    assert seen[4] == (1, None, 1, (3, 1), False)  # the take: the doubler's side
    assert seen[-1] == (1, None, 0, (3, 2), True)


def test_a_beaver_doubles_the_cube_again_and_its_take_is_not_a_decision():
    text = MATCH.replace(f";W[take]{da(0.2, 0.05)}",
                         f";W[double];B[take]{da(0.2, 0.05)};W[31hefe]{da(0.1, 0.2)}")
    kinds = [d.kind for d in decisions(text)]
    assert kinds[-3:] == ["double", "cube", "move"]


@pytest.mark.parametrize(("kind", "turns"), [
    ("move", ("roll",)), ("cube", ("roll",)), ("double", ("double", "beaver", "raccoon")),
    ("take", ("take",)), ("drop", ("drop",)),
])
def test_each_decision_sits_on_its_turns(kind, turns):
    assert turns_of(kind) == turns


@pytest.mark.parametrize("values", [(0, 0.06, 0.12), (0.06, 0.06, 0.12), (0.03, 0.12, 0.06)])
def test_thresholds_must_rise_from_zero(values):
    with pytest.raises(ValueError, match="rise"):
        Thresholds(*values)


def test_gnubgs_thresholds_today_are_the_defaults():
    assert Thresholds() == Thresholds(0.03, 0.06, 0.12)


@pytest.mark.parametrize(("letters", "player", "text"), [
    ("hefe", 0, "8/5 6/5"), ("ablp", 1, "24/23 13/9"), ("yq", 0, "bar/17"), ("ez", 0, "5/off"),
])
def test_gnubg_letters_read_as_points(letters, player, text):
    assert format_move(letters, player) == text


def test_a_broken_file_is_a_clear_error():
    with pytest.raises(SgfError):
        game_trees("(;FF[4]GM[6];W[31hefe")


# ------------------------------------------------------------------ gnubg's statistics


def test_gnubgs_statistics_are_read_figure_by_figure():
    alice, dave = read_statistics((DATA / "gnubg_statistics_5p.txt").read_text())
    assert (alice.moves, alice.unforced_moves, alice.doubtful, alice.bad, alice.very_bad) == (
        65, 56, 8, 7, 11)
    assert alice.chequer_error_total == pytest.approx(5.06394)
    assert alice.chequer_error_rate == pytest.approx(90.427)
    assert (dave.cube_decisions, dave.close_cube_decisions) == (11, 7)
    assert dave.cube_error_total == pytest.approx(0.58537)
    assert dave.cube_error_rate == pytest.approx(83.624)
    assert dave.error_total == pytest.approx(6.04695)
    assert dave.error_rate == pytest.approx(99.130)
    assert dave.luck_total == pytest.approx(-1.72686)
    assert dave.luck_rate == pytest.approx(-26.982)
    assert alice.snowie_error_rate == pytest.approx(40.760)
    assert (alice.actual_result, alice.luck_adjusted_result) == (0.5, pytest.approx(0.065))


def test_a_money_sessions_results_are_points():
    text = (DATA / "gnubg_statistics_5p.txt").read_text().replace(
        "+50.00%                 -50.00%", "+6.000                  -6.000").replace(
        "+6.50%                  -6.50%", "+8.670                  -8.670")
    fox, _ = read_statistics(text)
    assert (fox.actual_result, fox.luck_adjusted_result) == (6.0, 8.67)


def test_statistics_missing_a_figure_are_a_clear_error():
    text = (DATA / "gnubg_statistics_5p.txt").read_text().replace("Unforced moves", "Moves")
    with pytest.raises(AnalysisFileError, match="unforced_moves"):
        read_statistics(text)
