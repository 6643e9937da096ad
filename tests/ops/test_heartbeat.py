"""The periodic heartbeat: a worker's sign of life every minute, old rows pruned."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from ops.models import WorkerHeartbeat
from ops.tasks import worker_heartbeat_beat_task

pytestmark = pytest.mark.django_db


def test_the_beat_schedule_sends_the_heartbeat_every_minute():
    entry = settings.CELERY_BEAT_SCHEDULE["worker-heartbeat"]
    assert entry == {"task": "ops.tasks.worker_heartbeat_beat_task", "schedule": 60.0}
    assert worker_heartbeat_beat_task.name == entry["task"]


def test_the_task_records_a_processed_heartbeat():
    worker_heartbeat_beat_task.delay()
    beat = WorkerHeartbeat.objects.get()
    assert beat.token.startswith("beat-") and beat.processed_at is not None and beat.worker


def test_old_periodic_heartbeats_are_pruned_and_the_health_checks_are_kept():
    old = timezone.now() - timedelta(days=2)
    WorkerHeartbeat.objects.create(token="beat-old", processed_at=old)
    WorkerHeartbeat.objects.create(token="health-probe", processed_at=old)
    WorkerHeartbeat.objects.filter(token__in=["beat-old", "health-probe"]).update(
        requested_at=old)
    worker_heartbeat_beat_task.delay()
    worker_heartbeat_beat_task.delay()
    tokens = set(WorkerHeartbeat.objects.values_list("token", flat=True))
    assert "beat-old" not in tokens and "health-probe" in tokens
    assert sum(t.startswith("beat-") for t in tokens) == 2


def test_a_heartbeat_is_the_sign_of_life_the_match_page_reads():
    from games.models import RulesCheck
    from games.selectors.match import check_wait

    worker_heartbeat_beat_task.delay()
    check = RulesCheck(status=RulesCheck.Status.QUEUED,
                       queued_at=timezone.now() - timedelta(hours=1))
    wait = check_wait(check=check, with_worker=True)
    assert wait.last_worker_sign is not None and not wait.worker_silent
