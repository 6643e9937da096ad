"""A real worker process picks a task from the broker and writes to the database."""

import pytest
from django.conf import settings

from ops.models import WorkerHeartbeat
from ops.tasks import worker_heartbeat_beat_task

from .conftest import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_worker_processes_a_task_through_the_broker(celery_worker_process):
    assert not WorkerHeartbeat.objects.exists()
    worker_heartbeat_beat_task.delay()  # as the beat schedule sends it
    beat = wait_for(lambda: WorkerHeartbeat.objects.filter(processed_at__isnull=False).first())
    assert beat.token.startswith("beat-") and beat.worker
    assert celery_worker_process.poll() is None


def test_broker_is_redis_when_configured():
    expected = "redis" if settings.REDIS_URL else "filesystem"
    assert settings.CELERY_BROKER_URL.startswith(expected)
