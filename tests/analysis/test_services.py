"""Analyses in the worker: queued after a passed rules check at the club's level, stored in
one go, idempotent; failing never touches the rules check or the result."""

from pathlib import Path

import pytest

from analysis import services
from analysis.models import Analysis, AnalysisSetting, PlayerAnalysis
from analysis.services import analysis_restart, analysis_run
from analysis.tasks import analysis_run_task
from games.models import MatchRecord, RulesCheck
from games.services.match_import import match_import
from tests.factories import sample_bytes

pytestmark = pytest.mark.django_db
pytest.importorskip("gnubg")

DATA = Path(__file__).parent / "data"


def _import(club, data: bytes, name: str, callbacks) -> MatchRecord:
    with callbacks(execute=True):
        record = match_import(club=club, data=data, filename=name)
    record.refresh_from_db()
    return record


@pytest.fixture
def analysed(club, django_capture_on_commit_callbacks):
    data = (DATA / "selfplay_5p.mat").read_bytes()
    return _import(club, data, "selfplay_5p.mat", django_capture_on_commit_callbacks)


def test_a_passed_rules_check_queues_an_analysis_that_stores_both_players(analysed):
    analysis = Analysis.objects.get(record=analysed)
    assert analysis.status == Analysis.Status.DONE and analysis.progress == 100
    assert analysis.plies == 0 and analysis.gnubg_version.startswith("1.")
    left, right = analysis.players.order_by("side")
    assert (left.player_id, right.player_id) == (analysed.player_left_id,
                                                 analysed.player_right_id)
    # gnubg's own figures (show statistics match), at its own thresholds
    assert (left.name, left.doubtful, left.bad, left.very_bad) == ("alice", 5, 10, 12)
    assert right.cube_error_total == pytest.approx(0.58537, abs=1e-4)
    assert (left.snowie_error_rate, left.actual_result) == (40.7601, 0.5)
    assert left.luck_adjusted_result == pytest.approx(0.065)
    assert analysis.thresholds == {"doubtful": 0.03, "bad": 0.06, "very_bad": 0.12}


def test_the_clubs_thresholds_mark_its_matches(club, django_capture_on_commit_callbacks):
    AnalysisSetting.objects.create(club=club, doubtful="0.040", bad="0.080", very_bad="0.160")
    record = _import(club, (DATA / "selfplay_5p.mat").read_bytes(), "selfplay_5p.mat",
                     django_capture_on_commit_callbacks)
    analysis = Analysis.objects.get(record=record)
    left = analysis.players.get(side=0)
    assert (left.doubtful, left.bad, left.very_bad) == (8, 7, 11)  # gnubg at 0.04/0.08/0.16
    assert analysis.thresholds == {"doubtful": 0.04, "bad": 0.08, "very_bad": 0.16}
    marks = [row["mark"] for row in analysis.decisions
             if row["side"] == 0 and row["kind"] == "move"]
    assert (marks.count("doubtful"), marks.count("bad"), marks.count("very_bad")) == (8, 7, 11)


def test_decisions_are_stored_with_the_turn_they_belong_to(analysed):
    rows = Analysis.objects.get(record=analysed).decisions
    moves = [row for row in rows if row["kind"] == "move"]
    assert all(row["turn"] is not None for row in rows)
    assert {row["mark"] for row in moves} >= {"doubtful", "bad", "very_bad"}
    turn_ids = [row["turn"] for row in moves]
    assert len(set(turn_ids)) == len(turn_ids)


def test_the_clubs_level_is_used(club, django_capture_on_commit_callbacks, monkeypatch):
    AnalysisSetting.objects.create(club=club, plies=2)
    asked = []
    monkeypatch.setattr(services, "analysis_enqueue", lambda analysis_id: asked.append(
        analysis_id))
    record = _import(club, sample_bytes("gnubg_roll_then_resign_1p.mat"), "r.mat",
                     django_capture_on_commit_callbacks)
    assert Analysis.objects.get(record=record).plies == 2 and len(asked) == 1


def test_a_record_that_failed_its_rules_check_is_not_analysed(
        club, django_capture_on_commit_callbacks):
    record = _import(club, sample_bytes("5nqfGw9bWG3deTaU.mat"), "bad.mat",
                     django_capture_on_commit_callbacks)
    assert record.rules_check.status == RulesCheck.Status.FAILED
    assert not Analysis.objects.filter(record=record).exists()


def test_a_finished_analysis_is_not_rerun_by_a_redelivered_message(analysed):
    analysis = Analysis.objects.get(record=analysed)
    assert analysis_run(analysis_id=analysis.pk) is None
    assert Analysis.objects.get(pk=analysis.pk).attempts == 1


def test_reanalysing_at_another_level_is_an_explicit_action(
        analysed, django_capture_on_commit_callbacks, monkeypatch):
    monkeypatch.setattr(services, "analysis_enqueue", lambda analysis_id: None)
    with django_capture_on_commit_callbacks(execute=True):
        analysis = analysis_restart(record=analysed, plies=2)
    assert (analysis.status, analysis.plies) == (Analysis.Status.QUEUED, 2)
    assert PlayerAnalysis.objects.filter(analysis=analysis).count() == 2  # kept until replaced


def test_gnubg_failing_marks_the_analysis_failed_and_leaves_the_check_and_result(
        analysed, monkeypatch):
    analysis = Analysis.objects.get(record=analysed)
    Analysis.objects.filter(pk=analysis.pk).update(status=Analysis.Status.QUEUED)

    def broken(*args, **kwargs):
        raise services.AnalysisInputError("GNU Backgammon could not read this match")

    monkeypatch.setattr(services, "analyse_text", broken)
    analysis_run(analysis_id=analysis.pk)
    analysis.refresh_from_db()
    assert analysis.status == Analysis.Status.FAILED
    assert "could not read" in analysis.error
    record = MatchRecord.objects.get(pk=analysed.pk)
    assert record.rules_check.status == RulesCheck.Status.PASSED
    assert (record.score_left, record.score_right) == (analysed.score_left, analysed.score_right)


def test_a_crash_is_retried_then_failed_with_the_reason(analysed, monkeypatch):
    analysis = Analysis.objects.get(record=analysed)
    Analysis.objects.filter(pk=analysis.pk).update(status=Analysis.Status.QUEUED)
    monkeypatch.setattr(services, "analyse_text", lambda *a, **k: 1 / 0)
    calls = []
    monkeypatch.setattr(analysis_run_task, "retry", lambda **kw: calls.append(kw) or
                        RuntimeError("retry"))
    with pytest.raises(RuntimeError):
        analysis_run_task.run(analysis.pk)
    assert calls and Analysis.objects.get(pk=analysis.pk).status == Analysis.Status.RUNNING
    analysis_run_task.request.retries = 3
    try:
        analysis_run_task.run(analysis.pk)
    finally:
        analysis_run_task.request.retries = 0
    analysis.refresh_from_db()
    assert analysis.status == Analysis.Status.FAILED
    assert "ZeroDivisionError" in analysis.error


def test_a_killed_worker_leaves_the_previous_outcome_whole(analysed, monkeypatch):
    """The figures are written in one transaction at the end: dying before it changes
    nothing stored; after MAX_ATTEMPTS claims the analysis is failed instead of re-run."""
    analysis = Analysis.objects.get(record=analysed)
    before = list(analysis.players.values_list("error_total", flat=True))
    Analysis.objects.filter(pk=analysis.pk).update(status=Analysis.Status.RUNNING,
                                                   attempts=Analysis.MAX_ATTEMPTS)

    def killed(*args, **kwargs):
        raise AssertionError("must not run again")

    monkeypatch.setattr(services, "analyse_text", killed)
    assert analysis_run(analysis_id=analysis.pk) is None
    analysis.refresh_from_db()
    assert analysis.status == Analysis.Status.FAILED and "given up" in analysis.error
    assert list(analysis.players.values_list("error_total", flat=True)) == before


def test_the_requeue_sends_passed_records_without_an_analysis(club, monkeypatch):
    record = match_import(club=club, data=sample_bytes("gnubg_roll_then_resign_1p.mat"))
    from games.services.rules_check import rules_check_run

    monkeypatch.setattr(services, "analysis_enqueue", lambda analysis_id: None)
    rules_check_run(check_id=record.rules_check.pk)  # its message to us was lost
    assert not Analysis.objects.filter(record=record).exists()
    services.analysis_requeue()
    assert Analysis.objects.filter(record=record, status=Analysis.Status.QUEUED).exists()
