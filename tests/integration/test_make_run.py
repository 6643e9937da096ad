"""``make run``'s own configuration, run as it runs: ``bin/serve`` (the main worker with beat
inside it, the analysis and computer workers, runserver) on SQLite and the filesystem
broker. A report made through the running server reaches the opponent's outbox within
seconds (each task used to wait a second for the one before it, so the demo's backlog held a
notice back a minute: config/settings.py's ``polling_interval``)."""

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from rest_framework.authtoken.models import Token

from accounts.models import OutboundMail
from tests.helpers import database_url
from tests.notifications.conftest import final  # noqa: F401 - the fixture

from .conftest import ROOT, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.embedded,
              pytest.mark.django_db(transaction=True)]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def serve(transactional_db, tmp_path):
    """``bin/serve`` as ``make run`` starts it, on the test database, its files in tmp_path."""
    if settings.REDIS_URL or not settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        pytest.skip("make run's configuration: SQLite and the filesystem broker")
    port = _free_port()
    env = {**os.environ, "DATABASE_URL": database_url(), "DJANGO_SETTINGS_MODULE":
           "config.settings", "DATA_DIR": str(tmp_path), "BROKER_DIR": str(tmp_path / "broker"),
           "HOST": "127.0.0.1", "PORT": str(port), "BIN": str(Path(sys.executable).parent),
           "CELERY_TASK_ALWAYS_EAGER": "false"}
    for name in ("CELERY_QUEUE", "CELERY_ANALYSIS_QUEUE", "CELERY_COMPUTER_QUEUE", "REDIS_URL"):
        env.pop(name, None)
    output = (tmp_path / "serve.log").open("w")
    process = subprocess.Popen(["bash", "bin/serve"], cwd=ROOT, env=env, stdout=output,
                               stderr=subprocess.STDOUT, start_new_session=True)
    try:
        def listening():
            assert process.poll() is None, "bin/serve stopped"
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                return True
            except OSError:
                return False
        wait_for(listening, timeout=90)
        # The main worker is up once it has run beat's first tasks (sent at its start).
        wait_for(lambda: "ready." in (tmp_path / "worker.log").read_text(), timeout=90)
        yield f"http://127.0.0.1:{port}", tmp_path / "broker"
    finally:
        os.killpg(process.pid, signal.SIGTERM)  # bin/serve's trap stops its workers
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        output.close()
        for log in ("serve.log", "worker.log"):
            print(log, (tmp_path / log).read_text()[-2000:])


#: Tasks already queued when the report comes, as ``make run``'s demo leaves some 60 (its
#: ratings recomputes, one per finished match).
BACKLOG = 40


def _backlog(broker: Path, count: int) -> None:
    """``count`` small tasks (a worker's heartbeat) into the served broker's main queue."""
    from kombu import Connection

    from config.celery import app
    from ops.tasks import worker_heartbeat_beat_task

    app.conf.task_always_eager = False  # through the served broker, not in this process
    options = {**settings.CELERY_BROKER_TRANSPORT_OPTIONS, "data_folder_in": str(broker / "queue"),
               "data_folder_out": str(broker / "queue"),
               "control_folder": str(broker / "control"),
               "processed_folder": str(broker / "processed")}
    with Connection("filesystem://", transport_options=options) as connection:
        for _ in range(count):
            worker_heartbeat_beat_task.apply_async(connection=connection)


def test_a_report_through_make_runs_server_reaches_the_outbox_within_seconds(
        serve, final, bob):  # noqa: F811 - the fixture
    import requests

    url, broker = serve
    _backlog(broker, BACKLOG)

    ann = final.player_b if final.player_a == bob.player else final.player_a
    key = Token.objects.create(user=bob).key
    bob_won = (7, 3) if final.player_a == bob.player else (3, 7)
    answer = requests.post(f"{url}/api/tournament-matches/{final.pk}/report/",
                           json={"winner": bob.player.pk, "score_a": bob_won[0],
                                 "score_b": bob_won[1]},
                           headers={"Authorization": f"Token {key}"}, timeout=30)
    assert answer.status_code == 201, answer.text
    # Behind the backlog (a second a task before: 40 s or more), then the notice's task. The
    # periodic look would tell it too, but only a minute on.
    mail = wait_for(lambda: OutboundMail.objects.filter(to=ann.user.email).first(),
                    timeout=30, interval=0.1)
    assert "Bob reported your match" in mail.body
