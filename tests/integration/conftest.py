"""A real Celery worker process, started by the tests, sharing the test database.

The worker gets the test database's URL and the same broker (the filesystem transport by
default, Redis when REDIS_URL is set), so a task really travels through the broker.
"""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings

from config.celery import app as celery_app
from tests.helpers import database_url

ROOT = Path(__file__).resolve().parents[2]


def wait_for(predicate, *, timeout: float = 60.0, interval: float = 0.2):
    """Poll until predicate() is truthy; returns its value or fails the test."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    pytest.fail(f"timed out after {timeout}s waiting for the worker")


@pytest.fixture
def celery_worker_process(transactional_db, tmp_path):
    """Start `celery worker` against the test database; stop it afterwards."""
    if os.environ.get("REQUIRE_SERVICES") and not settings.REDIS_URL:
        pytest.fail("REQUIRE_SERVICES is set but REDIS_URL is not")
    celery_app.conf.task_always_eager = False
    with celery_app.connection_for_write() as conn:
        for queue in (settings.CELERY_TASK_DEFAULT_QUEUE, settings.CELERY_ANALYSIS_QUEUE,
                      settings.CELERY_COMPUTER_QUEUE):
            conn.default_channel.queue_purge(queue)
    env = {**os.environ, "DATABASE_URL": database_url(), "DJANGO_SETTINGS_MODULE":
           "config.settings", "CELERY_QUEUE": settings.CELERY_TASK_DEFAULT_QUEUE,
           "CELERY_ANALYSIS_QUEUE": settings.CELERY_ANALYSIS_QUEUE,
           "CELERY_COMPUTER_QUEUE": settings.CELERY_COMPUTER_QUEUE}
    log = (tmp_path / "worker.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo",
         "--loglevel=INFO", "--without-gossip", "--without-mingle", "--without-heartbeat",
         "-Q", f"{settings.CELERY_TASK_DEFAULT_QUEUE},{settings.CELERY_ANALYSIS_QUEUE},"
         f"{settings.CELERY_COMPUTER_QUEUE}"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        yield process
    finally:
        # The test is over and nothing of the worker's is left to finish: a warm shutdown
        # would wait seconds for the solo pool's consumer to wind down.
        process.kill()
        process.wait(timeout=20)
        log.close()
        print((tmp_path / "worker.log").read_text()[-3000:])
