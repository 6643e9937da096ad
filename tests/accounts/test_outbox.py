"""The outbox, through a real SMTP server: sent once, kept when the server is down, sent
when it is back, never twice."""

from email import message_from_bytes

import pytest
from django.db import transaction

from accounts.models import OutboundMail
from accounts.services.mail import mail_pending_due, mail_queue, mail_requeue, mail_send
from accounts.tasks import mail_send_task

pytestmark = pytest.mark.django_db


def _queue(key="test:1", **kwargs):
    values = {"to": "ann@example.org", "kind": "test", "subject": "Hello", "body": "Body"}
    return mail_queue(key=key, **{**values, **kwargs})


def _received(server):
    return [message_from_bytes(envelope.content) for envelope in server.inbox.messages]


def test_a_queued_mail_is_sent_after_the_commit_through_smtp(smtp_server,
                                                               django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        mail = _queue(subject="Welcome", body="Line one")
        assert smtp_server.inbox.messages == []  # nothing before the commit
    [message] = _received(smtp_server)
    assert message["To"] == "ann@example.org" and message["Subject"] == "Welcome"
    assert "Line one" in message.get_payload()
    mail.refresh_from_db()
    assert mail.status == "sent" and mail.attempts == 1 and mail.sent_at


def test_a_rolled_back_change_queues_no_mail(smtp_server, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        try:
            with transaction.atomic():
                _queue()
                raise RuntimeError("the change failed")
        except RuntimeError:
            pass
    assert OutboundMail.objects.count() == 0 and callbacks == []
    assert smtp_server.inbox.messages == []


def test_the_same_key_queues_one_mail(smtp_server, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        first = _queue(key="report:7:bob")
    with django_capture_on_commit_callbacks(execute=True):
        second = _queue(key="report:7:bob", subject="Another")
    assert first.pk == second.pk and OutboundMail.objects.count() == 1
    assert len(smtp_server.inbox.messages) == 1


def test_smtp_down_then_up_loses_nothing_and_sends_once(smtp_server, settings):
    mail = _queue()
    smtp_server.stop()
    assert mail_send(mail_id=mail.pk) == "retry"
    mail.refresh_from_db()
    assert mail.status == "pending" and mail.attempts == 1 and mail.last_error
    smtp_server.start()
    assert mail_send(mail_id=mail.pk) == "sent"
    # A redelivered message or the requeue finds it sent: nothing more goes out.
    assert mail_send(mail_id=mail.pk) == "done"
    mail_send_task(mail.pk)
    assert len(smtp_server.inbox.messages) == 1
    mail.refresh_from_db()
    assert mail.status == "sent" and mail.attempts == 2 and mail.last_error == ""


def test_a_mail_is_given_up_after_the_last_attempt(smtp_settings):
    smtp_settings.MAIL_MAX_ATTEMPTS = 2
    mail = _queue()  # no server listening on the port
    assert mail_send(mail_id=mail.pk) == "retry"
    assert mail_send(mail_id=mail.pk) == "done"
    mail.refresh_from_db()
    assert mail.status == "failed" and mail.attempts == 2


def test_the_requeue_sends_what_the_broker_lost_after_its_backoff(smtp_server):
    import datetime

    from django.utils import timezone

    mail = _queue()
    assert mail_pending_due() == []  # just queued: its own message is on the way
    OutboundMail.objects.filter(pk=mail.pk).update(
        created_at=timezone.now() - datetime.timedelta(minutes=5))
    assert mail_pending_due() == [mail.pk]
    assert mail_requeue() == 1  # eager in tests: sent at once
    assert len(smtp_server.inbox.messages) == 1 and mail_pending_due() == []


def test_a_failed_attempt_waits_for_its_backoff(smtp_settings):
    import datetime

    from django.utils import timezone

    mail = _queue()
    mail_send(mail_id=mail.pk)  # refused: no server
    assert mail_pending_due() == []  # 30 s to wait
    later = timezone.now() + datetime.timedelta(seconds=31)
    assert mail_pending_due(now=later) == [mail.pk]
