"""The pure reading of gnubg's analysed SGF: decisions, marks, cube rules, statistics.
No gnubg here: the equities are written by hand (money play, so they need no conversion)."""

import pytest

from analysis.core.decisions import CubeState, Thresholds, format_move, read_decisions
from analysis.core.sgf import AnalysisFileError, read_games
from analysis.core.stats import player_figures

PROBS = "0.5 0.1 0.0 0.1 0.0"


def da(no_double: float, take: float) -> str:
    return (f"DA[E ver 3 0C 1 0.000000 1 {PROBS} 0.1 {no_double} "
            f"{PROBS} 0.1 {take}]")


def candidate(letters: str, equity: float) -> str:
    return f"[{letters} E ver 3 {PROBS} {equity} 0C 0 1 0.000000 1]"


# ann (W, player 0) plays 31 8/5 6/5 where 24/23 13/10 (hefe...) was 0.1 better; bob (B)
# dances, not doubling although double/take is worth 0.6 against 0.3 (a missed double);
# ann dances; bob doubles when no double (0.2) beats double/take (0.05); ann takes.
MATCH = (
    "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[ann]PB[bob]"
    f";W[31hefe]A[1]{candidate('xwmj', 0.2)}{candidate('hefe', 0.1)}LU[0.25]"
    f";B[54]{da(0.3, 0.6)}LU[-0.5]"
    ";W[65]LU[-0.125]"
    f";B[double]{da(0.2, 0.05)}"
    f";W[take]{da(0.2, 0.05)}"
    ")"
)


def decisions():
    return read_decisions(read_games(MATCH), to_emg=lambda mwc, state: mwc)


def test_a_play_loses_the_difference_to_gnubgs_best_play():
    move = decisions()[0]
    assert (move.played, move.best) == ("8/5 6/5", "24/23 13/10")
    assert move.equity_lost == pytest.approx(0.1)
    assert (move.mark, move.unforced, move.luck) == ("bad", True, 0.25)


def test_rolling_without_doubling_when_double_take_is_better_is_a_missed_double():
    cube = decisions()[1]
    assert (cube.kind, cube.played, cube.best) == ("cube", "No double", "Double")
    assert cube.equity_lost == pytest.approx(0.3)
    assert cube.mark == "very_bad" and cube.close


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


def test_figures_follow_gnubgs_definitions():
    ann, bob = (player_figures(decisions(), player) for player in (0, 1))
    assert (ann.moves, ann.unforced_moves, ann.bad) == (2, 1, 1)
    assert ann.chequer_error_rate == pytest.approx(100.0)  # 0.1 EMG over 1 unforced move
    assert ann.error_rate == pytest.approx(50.0)  # over the move and the take
    assert ann.luck_total == pytest.approx(0.125)
    assert ann.luck_rate == pytest.approx(62.5)
    assert (bob.unforced_moves, bob.close_cube_decisions) == (0, 2)
    assert bob.cube_error_total == pytest.approx(0.45)
    assert bob.cube_error_rate == pytest.approx(225.0)


@pytest.mark.parametrize(("lost", "mark"), [
    (0.04, ""), (0.0401, "doubtful"), (0.08, "doubtful"), (0.081, "bad"), (0.16, "bad"),
    (0.161, "very_bad"),
])
def test_marks_use_gnubgs_strict_thresholds(lost, mark):
    assert Thresholds().mark(lost) == mark


@pytest.mark.parametrize(("letters", "player", "text"), [
    ("hefe", 0, "8/5 6/5"), ("ablp", 1, "24/23 13/9"), ("yq", 0, "bar/17"), ("ez", 0, "5/off"),
])
def test_gnubg_letters_read_as_points(letters, player, text):
    assert format_move(letters, player) == text


@pytest.mark.parametrize(("state", "available"), [
    (CubeState(1, -1, 0, 0, (0, 0), False), True),
    (CubeState(2, 1, 0, 0, (0, 0), False), False),  # the opponent holds the cube
    (CubeState(1, -1, 0, 7, (6, 3), True), False),  # the Crawford game
    (CubeState(1, -1, 0, 7, (6, 4), False), False),  # post-Crawford: the leader
    (CubeState(1, -1, 1, 7, (6, 4), False), True),  # post-Crawford: the trailer
    (CubeState(2, 0, 0, 7, (5, 0), False), False),  # a dead cube
])
def test_the_cube_is_available_as_gnubg_says(state, available):
    assert state.available() is available


def test_a_broken_file_is_a_clear_error():
    with pytest.raises(AnalysisFileError):
        read_games("(;FF[4]GM[6];W[31hefe")
