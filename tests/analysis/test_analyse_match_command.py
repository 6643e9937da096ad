"""``analyse_match FILE --json`` (the public contract) agrees with the statistics GNU
Backgammon itself prints for the same match at the same ply (``show statistics match``, at
gnubg's own thresholds), figure by figure, the marks included: the same numbers, to the
digits gnubg prints. Matches with errors: gnubg playing itself with noise
(tests/analysis/data), and real club and tournament matches (shared/data/matches)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from analysis.core.decisions import Thresholds
from analysis.core.report import CONTRACT_KEYS
from analysis.gnubg_runner import analyse_text
from tests.samples import SAMPLES

from .gnubg_reference import parse_statistics, printed_statistics

pytest.importorskip("gnubg")

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
#: the shared match files (tests/samples.py: beside the checkout, or the workplace's)
SHARED = SAMPLES

MATCHES = [
    DATA / "selfplay_5p.mat",
    DATA / "selfplay_7p.mat",
    DATA / "selfplay_11p.mat",
    SHARED / "charlot1-charlot2_7p_2025-11-08-2305.mat",  # gnubg-written, 7 points
    SHARED / "match1.txt",  # eXtreme Gammon, a live tournament match
    SHARED / "match3.txt",  # Backgammon Studio, 13 points, cube to 8
    SHARED / "7point.mat",  # Gibbon's JellyFish writer
    SHARED / "B4_SrGcsKAQmoTyHlgJCbM.mat",  # a money session
]


def analyse_match(path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "analyse_match", str(path), *args],
        capture_output=True, text=True, timeout=600, cwd=ROOT)


def assert_agrees(ours: dict, theirs: dict) -> None:
    assert set(ours) == set(theirs)
    for name, figures in ours.items():
        assert set(figures) == set(CONTRACT_KEYS)
        for key, value in figures.items():
            assert value == theirs[name][key], (name, key, value, theirs[name][key])


@pytest.mark.parametrize("path", MATCHES, ids=lambda p: p.name)
def test_the_json_agrees_with_gnubgs_printed_statistics(path):
    if not path.exists():
        pytest.skip(f"{path} is not on this machine")
    run = analyse_match(path, "--json")
    assert run.returncode == 0, run.stderr
    assert_agrees(json.loads(run.stdout)["players"], printed_statistics(str(path)))


def test_the_selfplay_matches_have_errors_of_every_kind():
    run = analyse_match(DATA / "selfplay_7p.mat", "--json")
    figures = list(json.loads(run.stdout)["players"].values())
    assert all(f["very_bad"] > 0 and f["cube_error_total"] > 0 for f in figures)
    assert all(f["error_rate"] > 20 for f in figures)


def test_an_sgf_file_gives_the_figures_of_its_text_twin():
    sgf, mat = analyse_match(SHARED / "7point.sgf", "--json"), analyse_match(
        SHARED / "7point.mat", "--json")
    if not (SHARED / "7point.sgf").exists():
        pytest.skip("shared match files are not on this machine")
    assert json.loads(sgf.stdout) == json.loads(mat.stdout)


@pytest.mark.slow
def test_two_ply_agrees_with_gnubg_at_two_ply():
    path = DATA / "selfplay_5p.mat"
    run = analyse_match(path, "--json", "--plies", "2")
    assert_agrees(json.loads(run.stdout)["players"], printed_statistics(str(path), plies=2))


def test_the_marks_are_counted_at_gnubgs_thresholds_of_today():
    path = DATA / "selfplay_5p.mat"
    figures = json.loads(analyse_match(path, "--json").stdout)["players"]
    # gnubg's old defaults (0.04/0.08/0.16) counted 8/7/11 and 1/14/11 for this match
    assert [(f["doubtful"], f["bad"], f["very_bad"]) for f in figures.values()] == [
        (5, 10, 12), (1, 12, 14)]


def test_a_clubs_thresholds_reach_gnubg():
    path = DATA / "selfplay_5p.mat"
    thresholds = Thresholds(0.04, 0.08, 0.16)
    ours = analyse_text(path.read_text(), thresholds=thresholds).contract()["players"]
    assert_agrees(ours, printed_statistics(str(path), thresholds=(0.04, 0.08, 0.16)))
    assert (ours["alice"]["doubtful"], ours["alice"]["bad"], ours["alice"]["very_bad"]) == (
        8, 7, 11)


def test_a_file_that_is_not_a_match_exits_2_with_the_reason(tmp_path):
    path = tmp_path / "notes.mat"
    path.write_text("hello\nnot a match\n")
    run = analyse_match(path, "--json")
    assert run.returncode == 2
    assert "not a readable match file" in json.loads(run.stdout)["error"]


def test_the_reference_parser_reads_gnubgs_table():
    text = (DATA / "gnubg_statistics_5p.txt").read_text()
    figures = parse_statistics(text)
    assert figures["alice"]["chequer_error_total"] == pytest.approx(5.06394)
    assert figures["dave"]["cube_error_rate"] == pytest.approx(83.624)
    assert figures["dave"]["luck_total"] == pytest.approx(-1.72686)
