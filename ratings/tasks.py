"""Celery tasks of the ratings app: thin (ids in, one service call), idempotent, late-acked.

The recompute clears its own marker in the transaction that stores the new ratings, so a
redelivered task finds nothing pending and returns.
"""

from celery import shared_task

from config.celery import TRANSIENT_ERRORS
from ratings.services.national import national_recompute_pending, national_recompute_warm
from ratings.services.recompute import ratings_recompute, ratings_recompute_pending


@shared_task(
    acks_late=True, reject_on_worker_lost=True, autoretry_for=TRANSIENT_ERRORS, retry_backoff=2,
    retry_backoff_max=120, retry_jitter=True, max_retries=8, time_limit=280,
    soft_time_limit=240,
)
def ratings_recompute_task(club_id: int) -> None:
    ratings_recompute(club_id=club_id)


@shared_task(acks_late=True, autoretry_for=TRANSIENT_ERRORS, retry_backoff=True, max_retries=3)
def ratings_recompute_requeue_task() -> None:
    for club_id in ratings_recompute_pending():
        ratings_recompute_task.delay(club_id)


@shared_task(
    acks_late=True, reject_on_worker_lost=True, autoretry_for=TRANSIENT_ERRORS, retry_backoff=2,
    retry_backoff_max=120, retry_jitter=True, max_retries=8, time_limit=600,
    soft_time_limit=540,
)
def national_recompute_task(federation_id: int) -> None:
    national_recompute_warm(federation_id=federation_id)


@shared_task(acks_late=True, autoretry_for=TRANSIENT_ERRORS, retry_backoff=True, max_retries=3)
def national_recompute_requeue_task() -> None:
    for federation_id in national_recompute_pending():
        national_recompute_task.delay(federation_id)
