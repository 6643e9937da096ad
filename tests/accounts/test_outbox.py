"""The outbox, through a real SMTP server: sent once, kept when the server is down, sent
when it is back, never twice with two Message-IDs (a server answering after the timeout
gets the same message again, which it drops)."""

import datetime
from email import message_from_bytes

import pytest
from django.db import transaction
from django.utils import timezone

from accounts.models import OutboundMail
from accounts.services.mail import (
    SENDING_STALE,
    mail_pending_due,
    mail_queue,
    mail_requeue,
    mail_send,
)
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


def _message_ids(server):
    return [message["Message-ID"] for message in _received(server)]


def test_a_server_answering_after_the_timeout_gets_the_same_message_id_again(smtp_server,
                                                                            smtp_settings):
    smtp_server.inbox.slow = [3]  # the first mail is kept, its answer comes after 3 s
    smtp_settings.EMAIL_TIMEOUT = 1
    mail = _queue()
    assert mail_send(mail_id=mail.pk) == "retry"  # timed out: it may have gone
    mail.refresh_from_db()
    assert mail.status == "pending" and "timed out" in mail.last_error.lower()
    assert mail_send(mail_id=mail.pk) == "sent"
    first, second = _message_ids(smtp_server)
    assert first == second == mail.message_id  # the receiver drops the second
    assert mail.message_id.startswith("<") and mail.message_id.endswith(">")


def test_each_mail_has_its_own_message_id(smtp_server):
    for key in ("a", "b"):
        mail_send(mail_id=_queue(key=key).pk)
    first, second = _message_ids(smtp_server)
    assert first != second
    assert set(OutboundMail.objects.values_list("message_id", flat=True)) == {first, second}


@pytest.mark.django_db(transaction=True)
def test_the_mail_is_marked_as_being_sent_and_committed_before_the_smtp_conversation(
        smtp_server, monkeypatch):
    from django.core.mail.backends.smtp import EmailBackend
    from django.db import connection

    seen = []
    send_messages = EmailBackend.send_messages

    def spy(self, messages):
        row = OutboundMail.objects.get()
        seen.append((row.status, row.attempts, connection.in_atomic_block))
        return send_messages(self, messages)

    monkeypatch.setattr(EmailBackend, "send_messages", spy)
    mail = _queue()  # committed, then its task sends it (eager in tests)
    assert seen == [("sending", 1, False)]  # committed: no row lock held over the network
    mail.refresh_from_db()
    assert mail.status == "sent" and len(smtp_server.inbox.messages) == 1


def test_a_mail_being_sent_is_not_sent_again_by_a_second_worker(smtp_server):
    mail = _queue()
    OutboundMail.objects.filter(pk=mail.pk).update(status="sending", attempts=1,
                                                   last_attempt_at=timezone.now())
    assert mail_send(mail_id=mail.pk) == "done"  # the first worker is on it
    assert mail_pending_due() == [] and smtp_server.inbox.messages == []


def test_a_mail_left_being_sent_by_a_lost_worker_is_sent_again_with_its_id(smtp_server):
    mail = _queue()
    lost = timezone.now() - SENDING_STALE - datetime.timedelta(seconds=1)
    OutboundMail.objects.filter(pk=mail.pk).update(status="sending", attempts=1,
                                                   last_attempt_at=lost)
    assert mail_pending_due() == [mail.pk]
    assert mail_requeue() == 1
    assert _message_ids(smtp_server) == [mail.message_id]
    mail.refresh_from_db()
    assert mail.status == "sent" and mail.attempts == 2


def test_a_mail_with_html_goes_as_plain_text_and_html(smtp_server):
    from email import policy

    mail_send(mail_id=_queue(body="Plain – text", html_body="<p>Plain – text</p>").pk)
    [envelope] = smtp_server.inbox.messages
    message = message_from_bytes(envelope.content, policy=policy.default)
    assert message.get_content_type() == "multipart/alternative"
    assert [p.get_content_type() for p in message.iter_parts()] == ["text/plain", "text/html"]
    assert "Plain – text" in message.get_body(("plain",)).get_content()
