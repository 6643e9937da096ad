"""Issue 37: the push and the enqueue after a commit are courtesies (ops.outage). A broker
or channel layer that is down fails nothing already committed, is logged once per outage
(and once when it is back), and what it missed goes out when it returns, none lost and none
twice: rules checks (an upload's), analyses, mails, ratings recomputes (the notices: see
tests/notifications/test_broker_down.py)."""

import logging
from datetime import timedelta

import pytest
from celery.app.task import Task
from django.utils import timezone
from kombu.exceptions import OperationalError

from ops import outage

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_outage_state():
    outage._down.clear()
    yield
    outage._down.clear()


@pytest.fixture
def broker(monkeypatch):
    """``broker.down = True``: every task sent raises as a Redis that is away does; every
    send made while it is up is counted by task name (and run: tests are eager)."""
    class Broker:
        down = False
        sent: list[str] = []

    real_delay, real_apply = Task.delay, Task.apply_async

    def delay(self, *args, **kwargs):
        if Broker.down:
            raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
        Broker.sent.append(self.name)
        return real_delay(self, *args, **kwargs)

    def apply_async(self, *args, **kwargs):
        if Broker.down:
            raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
        return real_apply(self, *args, **kwargs)

    monkeypatch.setattr(Task, "delay", delay)
    monkeypatch.setattr(Task, "apply_async", apply_async)
    return Broker


def _outage_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "bgclub.outage"]


def test_an_outage_is_logged_once_and_its_end_once(caplog):
    with caplog.at_level(logging.WARNING, logger="bgclub.outage"):
        for _ in range(50):
            outage.outage_failed("broker", ConnectionRefusedError("refused"))
        outage.outage_ok("broker")
        outage.outage_ok("broker")
    down, back = _outage_lines(caplog)
    assert down.startswith("broker down (ConnectionRefusedError: refused)")
    assert back.startswith("broker back after") and "50 sends missed" in back
    assert outage.outage_parts() == []


def test_the_layers_receive_loop_tracebacks_become_one_outage_line(caplog):
    """channels_redis' pub/sub receive loop logs a traceback a second while Redis is away:
    the settings' filter turns those into the channel layer's outage (one line)."""
    import redis.exceptions

    layer_log = logging.getLogger("channels_redis.pubsub")
    with caplog.at_level(logging.WARNING):
        for _ in range(10):
            try:
                raise redis.exceptions.ConnectionError("Connection closed by server.")
            except redis.exceptions.ConnectionError:
                layer_log.exception("Unexpected exception in receive task")
        layer_log.error("something else")
    messages = [r.getMessage() for r in caplog.records]
    assert messages == [
        "channel layer down (ConnectionError: Connection closed by server.): the site goes "
        "on without it; what it misses is caught up later", "something else"]


def test_a_push_to_a_layer_that_is_away_answers_false_and_logs_once(monkeypatch, caplog):
    import channels.layers

    class Away:
        async def group_send(self, group, message):
            raise ConnectionError("Redis is away")

    monkeypatch.setattr(channels.layers, "get_channel_layer", lambda: Away())
    with caplog.at_level(logging.WARNING, logger="bgclub.outage"):
        assert [outage.push("live-1", {"type": "live.changed", "version": n})
                for n in range(5)] == [False] * 5
    assert len(_outage_lines(caplog)) == 1 and outage.outage_parts() == ["channel layer"]
    monkeypatch.undo()
    assert outage.push("live-1", {"type": "live.changed", "version": 6})
    assert outage.outage_parts() == []


def test_an_upload_while_the_broker_is_down_is_checked_once_it_returns(
        club, broker, django_capture_on_commit_callbacks, caplog):
    from games.models import RulesCheck
    from games.services.match_import import match_import
    from games.services.rules_check import rules_check_requeue
    from games.tasks import rules_check_requeue_task
    from tests.factories import sample_bytes

    broker.down = True
    with caplog.at_level(logging.WARNING, logger="bgclub.outage"), \
            django_capture_on_commit_callbacks(execute=True):
        record = match_import(club=club, data=sample_bytes("gnubg_roll_then_resign_1p.mat"))
    check = RulesCheck.objects.get(record=record)
    assert check.status == "queued" and len(_outage_lines(caplog)) == 1  # stored, said once
    RulesCheck.objects.filter(pk=check.pk).update(
        queued_at=timezone.now() - RulesCheck.STALE_AFTER - timedelta(minutes=1))
    broker.down = False
    rules_check_requeue_task.delay()  # as the beat sends it
    assert broker.sent.count("games.tasks.rules_check_run_task") == 1
    assert RulesCheck.objects.get(pk=check.pk).status == "passed"
    assert rules_check_requeue() == []  # not twice


def test_an_analysis_asked_for_while_the_broker_is_down_goes_once_it_returns(
        club, broker, django_capture_on_commit_callbacks, monkeypatch):
    import analysis.tasks  # noqa: F401 - registered, as a worker's autodiscovery does
    from analysis import services
    from analysis.models import Analysis
    from games.services.match_import import match_import
    from games.services.rules_check import rules_check_run
    from tests.factories import sample_bytes

    record = match_import(club=club, data=sample_bytes("gnubg_roll_then_resign_1p.mat"))
    rules_check_run(check_id=record.rules_check.pk)
    broker.down = True
    with django_capture_on_commit_callbacks(execute=True):
        analysis = services.analysis_restart(record=record, plies=0)
    assert Analysis.objects.get(pk=analysis.pk).status == Analysis.Status.QUEUED
    sent = []
    monkeypatch.setattr(services, "enqueue", lambda task, *args: sent.append(args) or True)
    broker.down = False
    assert services.analysis_requeue(older_than=timedelta(0)) == [analysis.pk]
    assert sent == [(analysis.pk,)]
    Analysis.objects.filter(pk=analysis.pk).update(status=Analysis.Status.DONE)
    assert services.analysis_requeue(older_than=timedelta(0)) == [] and len(sent) == 1


def test_a_mail_queued_while_the_broker_is_down_is_sent_once_it_returns(
        broker, smtp_server, django_capture_on_commit_callbacks):  # noqa: F811
    from accounts.models import OutboundMail
    from accounts.services.mail import mail_queue, mail_requeue

    broker.down = True
    with django_capture_on_commit_callbacks(execute=True):
        mail = mail_queue(key="outage:1", to="ann@example.org", kind="test", subject="Hi",
                          body="Body")
    assert OutboundMail.objects.get(pk=mail.pk).status == "pending"
    assert mail_requeue() == 0  # its own message may still come: no second send yet
    OutboundMail.objects.filter(pk=mail.pk).update(
        created_at=timezone.now() - timedelta(minutes=5))
    broker.down = False
    assert mail_requeue() == 1
    assert len(smtp_server.inbox.messages) == 1
    assert mail_requeue() == 0 and len(smtp_server.inbox.messages) == 1


def test_a_ratings_recompute_asked_for_while_the_broker_is_down_runs_once_it_returns(
        club, broker, django_capture_on_commit_callbacks):
    from ratings.services.recompute import BEGINNING, ratings_recompute_pending
    from ratings.services.updates import ratings_recompute_request
    from ratings.tasks import ratings_recompute_requeue_task

    broker.down = True
    with django_capture_on_commit_callbacks(execute=True):
        ratings_recompute_request(club_id=club.pk, from_at=BEGINNING[0],
                                  from_match_id=BEGINNING[1])
    assert ratings_recompute_pending() == [club.pk]  # marked: not lost
    broker.down = False
    ratings_recompute_requeue_task.delay()
    assert broker.sent.count("ratings.tasks.ratings_recompute_task") == 1
    assert ratings_recompute_pending() == []  # done: not twice


from tests.accounts.conftest import smtp_port, smtp_server, smtp_settings  # noqa: E402, F401
