"""Celery tasks of the games app: thin (ids in, one service call), idempotent, late-acked.

Transient faults (the database or the broker going away) are retried with backoff; the
outcome is stored on the RulesCheck row, not in a result backend.
"""

from celery import shared_task

from config.celery import TRANSIENT_ERRORS
from games.services.bulk import match_files_requeue, match_files_run
from games.services.rules_check import rules_check_requeue, rules_check_run


@shared_task(
    acks_late=True, reject_on_worker_lost=True, autoretry_for=TRANSIENT_ERRORS, retry_backoff=2,
    retry_backoff_max=120, retry_jitter=True, max_retries=8, time_limit=120, soft_time_limit=100,
)
def rules_check_run_task(check_id: int) -> None:
    rules_check_run(check_id=check_id)


@shared_task(acks_late=True, autoretry_for=TRANSIENT_ERRORS, retry_backoff=True, max_retries=3)
def rules_check_requeue_task() -> None:
    for check_id in rules_check_requeue():
        rules_check_run_task.delay(check_id)


@shared_task(
    acks_late=True, reject_on_worker_lost=True, autoretry_for=TRANSIENT_ERRORS, retry_backoff=2,
    retry_backoff_max=120, retry_jitter=True, max_retries=8, time_limit=1800,
    soft_time_limit=1700,
)
def match_files_run_task(upload_id: int) -> None:
    match_files_run(upload_id=upload_id)


@shared_task(acks_late=True, autoretry_for=TRANSIENT_ERRORS, retry_backoff=True, max_retries=3)
def match_files_requeue_task() -> None:
    for upload_id in match_files_requeue():
        match_files_run_task.delay(upload_id)
