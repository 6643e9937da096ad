"""The outbox: queue a mail with the change that causes it, send it from a worker.

``mail_queue`` is called inside the caller's transaction; the row and the change commit or
roll back together, and the send task is dispatched only after the commit. ``mail_send``
holds the row locked while it talks to the SMTP server, so two workers given the same mail
(a redelivered message, the periodic requeue) send it once.
"""

import logging
import smtplib
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import OutboundMail

log = logging.getLogger(__name__)

MAIL_SEND_TASK = "accounts.tasks.mail_send_task"
#: What a failed SMTP conversation raises: the server down, refusing, timing out.
SMTP_ERRORS = (smtplib.SMTPException, OSError)


def mail_queue(*, key: str, to: str, kind: str, subject: str, body: str,
               club_id: int | None = None) -> OutboundMail:
    """The outbox row for ``key`` (created once; a second call returns the first row)."""
    try:
        with transaction.atomic():
            mail = OutboundMail.objects.create(key=key, to=to, kind=kind, subject=subject[:200],
                                               body=body, club_id=club_id)
    except IntegrityError:
        return OutboundMail.objects.get(key=key)
    transaction.on_commit(lambda: _dispatch(mail.pk))
    return mail


def _dispatch(mail_id: int) -> None:
    # The broker being down loses nothing: the row stays pending for the periodic requeue.
    # The task is found by name (tasks import this module; importing them back is a cycle).
    try:
        current_app.tasks[MAIL_SEND_TASK].delay(mail_id)
    except Exception:  # noqa: BLE001 - any broker failure; the requeue sends it later
        log.warning("mail %s not dispatched; the periodic requeue will send it", mail_id)


def mail_send(*, mail_id: int) -> str:
    """Send one pending mail. Returns "sent", "retry" (the SMTP server failed; try again
    later) or "done" (nothing to do: sent already, failed for good, or gone)."""
    with transaction.atomic():
        mail = OutboundMail.objects.select_for_update().filter(
            pk=mail_id, status=OutboundMail.Status.PENDING).first()
        if mail is None:
            return "done"
        mail.attempts += 1
        mail.last_attempt_at = timezone.now()
        try:
            EmailMessage(subject=mail.subject, body=mail.body, to=[mail.to]).send()
        except SMTP_ERRORS as exc:
            mail.last_error = f"{type(exc).__name__}: {exc}"[:2000]
            if mail.attempts >= settings.MAIL_MAX_ATTEMPTS:
                mail.status = OutboundMail.Status.FAILED
            mail.save(update_fields=["attempts", "last_attempt_at", "last_error", "status"])
            return "retry" if mail.status == OutboundMail.Status.PENDING else "done"
        mail.status, mail.sent_at, mail.last_error = OutboundMail.Status.SENT, timezone.now(), ""
        mail.save(update_fields=["attempts", "last_attempt_at", "last_error", "status",
                                 "sent_at"])
        return "sent"


def mail_retry_delay(*, attempts: int) -> int:
    """Seconds before the next try: 30 s, doubling, at most an hour."""
    return min(3600, 30 * 2 ** max(0, attempts - 1))


def mail_pending_due(*, now=None) -> list[int]:
    """Pending mails whose next try is due: never tried for a minute (the message was lost)
    or last tried longer ago than the backoff."""
    now = now or timezone.now()
    due = []
    rows = OutboundMail.objects.filter(status=OutboundMail.Status.PENDING).values_list(
        "pk", "attempts", "created_at", "last_attempt_at")
    for pk, attempts, created_at, last_attempt_at in rows:
        since = last_attempt_at or created_at
        wait = mail_retry_delay(attempts=attempts) if attempts else 60
        if since <= now - timedelta(seconds=wait):
            due.append(pk)
    return due


def mail_requeue() -> int:
    """Dispatch every due pending mail again (the periodic task); how many."""
    due = mail_pending_due()
    for mail_id in due:
        _dispatch(mail_id)
    return len(due)


def mail_retry_failed(*, mail_ids) -> int:
    """An admin's "try again": failed mails back to pending with a fresh count."""
    rows = OutboundMail.objects.filter(pk__in=list(mail_ids), status=OutboundMail.Status.FAILED)
    ids = list(rows.values_list("pk", flat=True))
    rows.update(status=OutboundMail.Status.PENDING, attempts=0)
    for mail_id in ids:
        transaction.on_commit(lambda mail_id=mail_id: _dispatch(mail_id))
    return len(ids)
