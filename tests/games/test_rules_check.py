"""Rules checks: the stored verdict per sample file, idempotence and the requeue."""

import pytest

from games.models import RulesCheck
from games.services.match_import import match_import
from games.services.rules_check import rules_check_requeue, rules_check_run
from games.tasks import rules_check_run_task
from tests.factories import sample_bytes

pytestmark = pytest.mark.django_db

CLEAN = ["charlot1-charlot2_7p_2025-11-08-2305.mat", "gnubg_selfplay_drops_7p.mat",
         "gnubg_roll_then_resign_1p.mat", "match1.txt", "match3.txt", "7point.mat"]


def _checked(club, name):
    return match_import(club=club, data=sample_bytes(name), filename=name)


@pytest.mark.parametrize("name", CLEAN)
def test_clean_files_pass(club, name, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        record = _checked(club, name)
    record.refresh_from_db()
    check = RulesCheck.objects.get(record=record)
    assert check.status == RulesCheck.Status.PASSED, check.report.get("violations")
    assert record.score_left is not None


def test_illegal_play_is_reported_with_rule_position_and_alternatives(
        club, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        record = _checked(club, "5nqfGw9bWG3deTaU.mat")
    check = RulesCheck.objects.get(record=record)
    assert check.status == RulesCheck.Status.FAILED
    violation = check.violations.get(game_number=1, play_text__contains="14/10")
    assert violation.rule and violation.position_id
    assert violation.severity == "error"


def test_games_get_derived_results(club, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        record = _checked(club, "charlot1-charlot2_7p_2025-11-08-2305.mat")
    record.refresh_from_db()
    games = list(record.games.order_by("number"))
    assert [g.crawford for g in games] == [False, False, False, True]
    assert games[-1].result_kind == "backgammon" and games[-1].points == 3
    assert (record.score_left, record.score_right, record.winner) == (9, 2, 0)


def test_a_finished_check_is_not_rerun_by_a_redelivered_message(club):
    record = match_import(club=club, data=sample_bytes("gnubg_roll_then_resign_1p.mat"))
    check_id = record.rules_check.pk
    rules_check_run(check_id=check_id)
    assert rules_check_run(check_id=check_id) is None
    assert RulesCheck.objects.get(pk=check_id).attempts == 1


def test_task_runs_the_service(club):
    record = match_import(club=club, data=sample_bytes("gnubg_roll_then_resign_1p.mat"))
    rules_check_run_task(record.rules_check.pk)
    assert RulesCheck.objects.get(pk=record.rules_check.pk).status == RulesCheck.Status.PASSED


def test_unknown_check_id_is_harmless():
    assert rules_check_run(check_id=987654) is None


def test_checks_left_queued_are_sent_again(club, monkeypatch):
    from datetime import timedelta

    from django.utils import timezone

    from games import tasks

    sent = []
    monkeypatch.setattr(tasks.rules_check_run_task, "delay", sent.append)
    record = match_import(club=club, data=sample_bytes("gnubg_roll_then_resign_1p.mat"))
    tasks.rules_check_requeue_task()
    assert sent == []  # queued a moment ago: not stale yet
    RulesCheck.objects.filter(pk=record.rules_check.pk).update(
        queued_at=timezone.now() - RulesCheck.STALE_AFTER - timedelta(minutes=1))
    assert rules_check_requeue() == [record.rules_check.pk]
    tasks.rules_check_requeue_task()
    assert sent == [record.rules_check.pk]


def test_violations_name_the_records_players_not_the_files(
        club, django_capture_on_commit_callbacks):
    from tests.factories import MembershipFactory, PlayerFactory

    ann, ben = PlayerFactory(name="Ann Wood"), PlayerFactory(name="Ben Ash")
    for player in (ann, ben):
        MembershipFactory(club=club, player=player)
    with django_capture_on_commit_callbacks(execute=True):
        record = match_import(club=club, data=sample_bytes("5nqfGw9bWG3deTaU.mat"),
                              filename="x.mat", player_left=ann, player_right=ben)
    check = RulesCheck.objects.get(record=record)
    messages = " ".join(check.violations.values_list("message", flat=True))
    assert "by Ann Wood (left)" in messages  # the file calls the left player Marion Castlebury
    assert "Marion" not in messages and "Castlebury" not in str(check.report)


def test_a_bug_while_storing_the_report_is_said_on_the_check_not_left_running(
        club, monkeypatch):
    """Its worker still beats, so the requeue would never take a check left "running"."""
    from games.services import rules_check

    record = match_import(club=club, data=sample_bytes("gnubg_roll_then_resign_1p.mat"))

    def broken(*args, **kwargs):
        raise TypeError("a bug")

    monkeypatch.setattr(rules_check, "_store_report", broken)
    rules_check_run(check_id=record.rules_check.pk)
    check = RulesCheck.objects.get(pk=record.rules_check.pk)
    assert (check.status, check.error) == (RulesCheck.Status.ERROR, "TypeError: a bug")


def test_a_lost_database_is_left_to_the_tasks_retry(club, monkeypatch):
    from django.db import OperationalError

    from games.services import rules_check

    record = match_import(club=club, data=sample_bytes("gnubg_roll_then_resign_1p.mat"))

    def down(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(rules_check, "_store_report", down)
    with pytest.raises(OperationalError):
        rules_check_run(check_id=record.rules_check.pk)
    assert RulesCheck.objects.get(pk=record.rules_check.pk).status == RulesCheck.Status.RUNNING
