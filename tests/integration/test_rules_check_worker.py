"""The rules check travels through the real broker to a real worker process, which writes
its verdict to the database; a record saved while the broker is down is checked later."""

import pytest
from django.db import transaction
from django.utils import timezone
from kombu.exceptions import OperationalError

from games.models import MatchRecord, RulesCheck
from games.services.match_import import match_import
from games.services.rules_check import rules_check_requeue
from tests.factories import sample_bytes

from .conftest import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def _finished(record_id):
    def check():
        row = RulesCheck.objects.filter(record_id=record_id).first()
        return row if row and row.status in ("passed", "failed", "error") else None
    return check


def test_worker_checks_an_uploaded_match(celery_worker_process, club):
    record = match_import(club=club, data=sample_bytes("5nqfGw9bWG3deTaU.mat"))
    check = wait_for(_finished(record.pk), timeout=90)
    assert check.status == "failed" and check.violations.exists()
    record.refresh_from_db()
    assert record.games.filter(points__isnull=False).exists()


def test_record_saved_while_broker_down_is_checked_later(celery_worker_process, club,
                                                         monkeypatch):
    from games import tasks

    def broker_down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to broker. Connection refused.")

    with monkeypatch.context() as patch:
        patch.setattr(tasks.rules_check_run_task, "delay", broker_down)
        with transaction.atomic():
            record = match_import(club=club, data=sample_bytes("gnubg_roll_then_resign_1p.mat"))
    assert MatchRecord.objects.filter(pk=record.pk).exists()
    assert RulesCheck.objects.get(record=record).status == "queued"
    from datetime import timedelta

    RulesCheck.objects.filter(record=record).update(
        queued_at=timezone.now() - RulesCheck.STALE_AFTER - timedelta(minutes=1))
    assert rules_check_requeue() == [record.rules_check.pk]
    tasks.rules_check_requeue_task.delay()  # through the broker, as the beat sends it
    assert wait_for(_finished(record.pk), timeout=90).status == "passed"
