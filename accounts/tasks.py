"""Mail tasks: thin (an id in, one service call), late-acked.

A mail the SMTP server refused stays pending with its count of attempts; the periodic
requeue sends it again once its backoff has passed (30 s, doubling, at most an hour), until
MAIL_MAX_ATTEMPTS. Only transient database and broker errors retry the task itself.
"""

from celery import shared_task

from accounts.services.mail import mail_requeue, mail_send
from config.celery import TRANSIENT_ERRORS as TRANSIENT


@shared_task(acks_late=True, reject_on_worker_lost=True, autoretry_for=TRANSIENT,
             retry_backoff=2, retry_backoff_max=120, max_retries=8, time_limit=120,
             soft_time_limit=100)
def mail_send_task(mail_id: int) -> None:
    mail_send(mail_id=mail_id)


@shared_task(acks_late=True, autoretry_for=TRANSIENT, retry_backoff=True, max_retries=3)
def mail_requeue_task() -> None:
    mail_requeue()
