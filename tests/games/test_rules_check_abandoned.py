"""A rules check left running by a killed worker: the periodic requeue sends it again once it
has run longer than ``RULES_CHECK_RUNNING_LIMIT`` with no heartbeat from its worker since it
started, instead of waiting for the broker to redeliver it (an hour with Redis)."""

import os
import socket
from datetime import timedelta

import pytest
from django.utils import timezone

from config.celery import _name_this_worker_run
from games.models import RulesCheck
from games.services.match_import import match_import
from games.services.rules_check import rules_check_claim, rules_check_requeue
from games.tasks import rules_check_requeue_task
from ops.models import WorkerHeartbeat
from ops.services import WORKER_RUN_ENV, worker_heartbeat_beat, worker_name
from tests.factories import sample_bytes

pytestmark = pytest.mark.django_db
KILLED = "worker-1 pid 100"


@pytest.fixture
def sent(monkeypatch):
    """What the requeue sends to the broker (nothing is run)."""
    sent = []
    monkeypatch.setattr("games.services.match_import.rules_check_enqueue",
                        lambda *, check_id: sent.append(check_id))
    return sent


def _running(club, *, minutes: int, worker: str = KILLED) -> RulesCheck:
    """A check claimed ``minutes`` ago by ``worker``, which never finished it."""
    record = match_import(club=club, data=sample_bytes("gnubg_roll_then_resign_1p.mat"))
    check = record.rules_check
    started = timezone.now() - timedelta(minutes=minutes)
    RulesCheck.objects.filter(pk=check.pk).update(
        status=RulesCheck.Status.RUNNING, started_at=started, worker=worker,
        queued_at=started - timedelta(seconds=1))
    return RulesCheck.objects.get(pk=check.pk)


def _beat(worker: str, minutes_ago: float) -> None:
    WorkerHeartbeat.objects.create(token=f"beat-{worker}-{minutes_ago}", worker=worker,
                                   processed_at=timezone.now() - timedelta(minutes=minutes_ago))


def test_a_check_running_past_the_limit_with_a_silent_worker_is_queued_again(club, sent):
    check = _running(club, minutes=11)
    _beat(KILLED, minutes_ago=12)  # its last sign of life came before the check started
    assert rules_check_requeue() == [check.pk]  # the ids the requeue task sends
    check.refresh_from_db()
    assert check.status == RulesCheck.Status.QUEUED
    assert timezone.now() - check.queued_at < timedelta(minutes=1)


def test_a_check_whose_worker_still_beats_is_left_running(club, sent):
    check = _running(club, minutes=11)
    _beat(KILLED, minutes_ago=1)
    assert rules_check_requeue() == []
    assert RulesCheck.objects.get(pk=check.pk).status == RulesCheck.Status.RUNNING


def test_a_check_running_within_the_limit_is_left_running(club, sent):
    _running(club, minutes=9)
    assert rules_check_requeue() == []


def test_the_heartbeats_of_another_worker_run_do_not_keep_it(club, sent):
    """The killed worker restarted: the new run beats under a new name (a new main process)."""
    check = _running(club, minutes=11)
    _beat("worker-1 pid 200", minutes_ago=1)
    assert rules_check_requeue() == [check.pk]


def test_the_limit_is_a_setting(club, sent, settings):
    check = _running(club, minutes=3)
    assert rules_check_requeue() == []
    settings.RULES_CHECK_RUNNING_LIMIT = timedelta(minutes=2)
    assert rules_check_requeue() == [check.pk]


def test_the_default_limit_is_ten_minutes(settings):
    assert settings.RULES_CHECK_RUNNING_LIMIT == timedelta(minutes=10)


def test_finished_checks_are_never_queued_again(club, sent):
    check = _running(club, minutes=60)
    RulesCheck.objects.filter(pk=check.pk).update(status=RulesCheck.Status.PASSED)
    assert rules_check_requeue() == []


def test_the_periodic_task_runs_the_abandoned_check_to_its_verdict(club):
    check = _running(club, minutes=11)
    rules_check_requeue_task.delay()  # eager: the requeued check runs at once
    check.refresh_from_db()
    assert check.status == RulesCheck.Status.PASSED and check.attempts == 1


def test_the_claim_and_the_heartbeats_name_the_same_worker_run(club, monkeypatch):
    monkeypatch.setenv(WORKER_RUN_ENV, "riverside-box pid 4242")
    record = match_import(club=club, data=sample_bytes("gnubg_roll_then_resign_1p.mat"))
    assert rules_check_claim(check_id=record.rules_check.pk)
    assert RulesCheck.objects.get(pk=record.rules_check.pk).worker == "riverside-box pid 4242"
    assert worker_heartbeat_beat().worker == "riverside-box pid 4242"


def test_a_worker_names_its_run_when_it_starts(monkeypatch):
    monkeypatch.setenv(WORKER_RUN_ENV, "")  # so the test's change is undone afterwards
    _name_this_worker_run()
    assert os.environ[WORKER_RUN_ENV] == f"{socket.gethostname()} pid {os.getpid()}"
    assert worker_name() == os.environ[WORKER_RUN_ENV]
