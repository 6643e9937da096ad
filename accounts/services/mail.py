"""The outbox: queue a mail with the change that causes it, send it from a worker.

``mail_queue`` is called inside the caller's transaction; the row and the change commit or
roll back together, and the send task is dispatched only after the commit.

``mail_send`` claims the row first, in a transaction of its own that commits before the SMTP
conversation (pending -> being sent, the attempt counted): a second worker given the same
mail (a redelivered message, the periodic requeue) finds it taken and sends nothing. Every
try carries the row's one Message-ID: when the SMTP server answers after the timeout, the
mail may have gone, and the next try is the same message, which receivers drop. A row left
"being sent" (its worker died mid-conversation) is tried again after ``SENDING_STALE``.

A closed login's mails keep their rows but lose its address and their text
(``mail_recipient_forget``).
"""

import smtplib
from datetime import timedelta

from allauth.account.models import EmailAddress
from celery import current_app
from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone

from accounts.addresses import address_or_none
from accounts.models import OutboundMail
from ops.outage import enqueue

S = OutboundMail.Status

MAIL_SEND_TASK = "accounts.tasks.mail_send_task"
#: What a failed SMTP conversation raises: the server down, refusing, timing out.
SMTP_ERRORS = (smtplib.SMTPException, OSError)
#: A row "being sent" for longer than this lost its worker (the send task's time limit is
#: two minutes): it is tried again, with the same Message-ID.
SENDING_STALE = timedelta(minutes=10)


def mail_queue(*, key: str, to: str, kind: str, subject: str, body: str, html_body: str = "",
               club_id: int | None = None) -> OutboundMail:
    """The outbox row for ``key`` (created once; a second call returns the first row).
    ``to`` is kept in the stored form of addresses (``accounts.addresses``): the form the
    mail server is given, and the one ``mail_recipient_forget`` compares exactly."""
    to = address_or_none(to) or to
    try:
        with transaction.atomic():
            mail = OutboundMail.objects.create(key=key, to=to, kind=kind, subject=subject[:200],
                                               body=body, html_body=html_body, club_id=club_id)
    except IntegrityError:
        return OutboundMail.objects.get(key=key)
    transaction.on_commit(lambda: _dispatch(mail.pk))
    return mail


def _dispatch(mail_id: int) -> None:
    # The broker being down loses nothing: the row stays pending for the periodic requeue.
    # The task is found by name (tasks import this module; importing them back is a cycle).
    enqueue(current_app.tasks[MAIL_SEND_TASK], mail_id)


def _claimable(now) -> Q:
    return (Q(status=S.PENDING) | Q(status=S.SENDING, last_attempt_at__lt=now - SENDING_STALE)
            ) & Q(to_closed_login=False)


def _claim(mail_id: int) -> OutboundMail | None:
    """Mark the mail as being sent (one more attempt) and commit, before any SMTP."""
    now = timezone.now()
    with transaction.atomic():
        claimed = OutboundMail.objects.filter(_claimable(now), pk=mail_id).update(
            status=S.SENDING, attempts=F("attempts") + 1, last_attempt_at=now)
    return OutboundMail.objects.get(pk=mail_id) if claimed else None


def _message(mail: OutboundMail) -> EmailMultiAlternatives:
    message = EmailMultiAlternatives(subject=mail.subject, body=mail.body, to=[mail.to],
                                     headers={"Message-ID": mail.message_id})
    if mail.html_body:
        message.attach_alternative(mail.html_body, "text/html")
    return message


def _outcome(mail: OutboundMail, **fields) -> None:
    """Record how the try ended, unless the row was changed meanwhile (its login closed)."""
    OutboundMail.objects.filter(pk=mail.pk, status=S.SENDING,
                                attempts=mail.attempts).update(**fields)


def mail_send(*, mail_id: int) -> str:
    """Send one pending mail. Returns "sent", "retry" (the SMTP server failed; try again
    later) or "done" (nothing to do: sent already, being sent, failed for good, or gone)."""
    mail = _claim(mail_id)
    if mail is None:
        return "done"
    try:
        _message(mail).send()
    except SMTP_ERRORS as exc:
        gave_up = mail.attempts >= settings.MAIL_MAX_ATTEMPTS
        _outcome(mail, status=S.FAILED if gave_up else S.PENDING,
                 last_error=f"{type(exc).__name__}: {exc}"[:2000])
        return "done" if gave_up else "retry"
    _outcome(mail, status=S.SENT, sent_at=timezone.now(), last_error="")
    return "sent"


def mail_retry_delay(*, attempts: int) -> int:
    """Seconds before the next try: 30 s, doubling, at most an hour."""
    return min(3600, 30 * 2 ** max(0, attempts - 1))


def mail_pending_due(*, now=None) -> list[int]:
    """Pending mails whose next try is due: never tried for a minute (the message was lost)
    or last tried longer ago than the backoff; and mails left being sent by a lost worker."""
    now = now or timezone.now()
    due = []
    rows = OutboundMail.objects.filter(_claimable(now)).values_list(
        "pk", "status", "attempts", "created_at", "last_attempt_at")
    for pk, status, attempts, created_at, last_attempt_at in rows:
        since = last_attempt_at or created_at
        wait = mail_retry_delay(attempts=attempts) if attempts else 60
        if status == S.SENDING or since <= now - timedelta(seconds=wait):
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
    rows = OutboundMail.objects.filter(pk__in=list(mail_ids), status=S.FAILED,
                                       to_closed_login=False)
    ids = list(rows.values_list("pk", flat=True))
    rows.update(status=S.PENDING, attempts=0)
    for mail_id in ids:
        transaction.on_commit(lambda mail_id=mail_id: _dispatch(mail_id))
    return len(ids)


def mail_recipient_forget(*, user) -> int:
    """A login being closed: the mails sent to it lose its address and their text; the rows
    stay in the club's outbox as "sent to a closed login", and one not sent yet never goes.
    Its mails are those to its verified addresses (an address added but never confirmed
    may be someone else's) and its notices (keyed by the login). How many rows. An address
    matches exactly, as stored and as the mail was sent (``accounts.addresses``): never by
    case folding, which let a login that verified ``bob@rıverside.example`` wipe the mails
    of ``bob@riverside.example`` on PostgreSQL (issue 31)."""
    mine = Q(key__startswith="notify:", key__endswith=f":{user.pk}")
    addresses = list(EmailAddress.objects.filter(user=user, verified=True)
                     .values_list("email", flat=True))
    if addresses:
        mine |= Q(to__in=addresses)
    rows = OutboundMail.objects.filter(mine)
    rows.filter(status__in=[S.PENDING, S.SENDING]).update(
        status=S.FAILED, last_error="Not sent: the login was closed.")
    return rows.update(to="", body="", html_body="", to_closed_login=True)
