"""Celery tasks of the tournaments app: thin, idempotent, late-acked."""

from celery import shared_task
from django.db import DatabaseError, InterfaceError, OperationalError

from tournaments.services.ladder import challenges_expire

TRANSIENT = (OperationalError, InterfaceError, DatabaseError, ConnectionError)


@shared_task(acks_late=True, reject_on_worker_lost=True, autoretry_for=TRANSIENT,
             retry_backoff=True, max_retries=3, time_limit=300, soft_time_limit=280)
def challenges_expire_task() -> int:
    """Ladder challenges past their deadline: the challenged player loses by default."""
    return len(challenges_expire())
