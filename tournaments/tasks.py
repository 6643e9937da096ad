"""Celery tasks of the tournaments app: thin, idempotent, late-acked."""

from celery import shared_task

from config.celery import TRANSIENT_ERRORS
from tournaments.services.ladder import challenges_expire
from tournaments.services.league import fixtures_expire


@shared_task(acks_late=True, reject_on_worker_lost=True, autoretry_for=TRANSIENT_ERRORS,
             retry_backoff=True, max_retries=3, time_limit=300, soft_time_limit=280)
def challenges_expire_task() -> int:
    """Ladder challenges past their deadline: the challenged player loses by default."""
    return len(challenges_expire())


@shared_task(acks_late=True, reject_on_worker_lost=True, autoretry_for=TRANSIENT_ERRORS,
             retry_backoff=True, max_retries=3, time_limit=300, soft_time_limit=280)
def fixtures_expire_task() -> int:
    """League fixtures past their round's deadline without a result: void, or flagged for
    the referees (the season's setting)."""
    return len(fixtures_expire())
