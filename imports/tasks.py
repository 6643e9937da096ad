"""The imports' tasks: thin (an import's id in, one service call), idempotent (each
service claims its import by its status), late-acked."""

from celery import shared_task

from config.celery import TRANSIENT_ERRORS
from imports.services import import_check, import_run


@shared_task(acks_late=True, reject_on_worker_lost=True, autoretry_for=TRANSIENT_ERRORS,
             retry_backoff=2, max_retries=5, soft_time_limit=240, time_limit=280,
             ignore_result=True)
def import_check_task(import_id: int) -> None:
    import_check(import_id=import_id)


@shared_task(acks_late=True, reject_on_worker_lost=True, autoretry_for=TRANSIENT_ERRORS,
             retry_backoff=2, max_retries=5, soft_time_limit=240, time_limit=280,
             ignore_result=True)
def import_run_task(import_id: int) -> None:
    import_run(import_id=import_id)
