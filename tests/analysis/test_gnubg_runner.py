"""The runner around the gnubg module: its global state never leaks from one match into the
next (a worker process analyses many)."""

from pathlib import Path

import pytest

from analysis.gnubg_runner import AnalysisInputError, analyse_text

pytest.importorskip("gnubg")

DATA = Path(__file__).parent / "data"


def test_the_same_match_twice_gives_the_same_figures():
    text = (DATA / "selfplay_5p.mat").read_text()
    assert analyse_text(text).contract() == analyse_text(text).contract()


def test_a_match_gnubg_cannot_read_is_an_error_not_the_last_match_again():
    analyse_text((DATA / "selfplay_7p.mat").read_text())
    too_long = (DATA / "selfplay_5p.mat").read_text().replace(" 5 point match",
                                                               " 70 point match")
    # The engine's one bound (64, gnubg's) refuses it before gnubg is asked.
    with pytest.raises(AnalysisInputError, match="over the limit of 64"):
        analyse_text(too_long)


def test_progress_is_reported_up_to_the_end():
    seen = []
    analyse_text((DATA / "selfplay_5p.mat").read_text(), progress=seen.append)
    assert seen == sorted(seen) and seen[-1] >= 90


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="plies"):
        analyse_text("", plies=7)


def test_the_analysis_and_the_opponent_start_from_one_gnubg_session():
    from analysis import gnubg_player, gnubg_runner
    from analysis.gnubg_session import SESSION_COMMANDS, gnubg_command, gnubg_session

    assert gnubg_runner.gnubg_session is gnubg_player.gnubg_session is gnubg_session
    assert gnubg_runner.gnubg_command is gnubg_player.gnubg_command is gnubg_command
    assert SESSION_COMMANDS[0] == "set threads 1"  # or "analyse match" never returns
