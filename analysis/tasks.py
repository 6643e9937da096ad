"""Celery tasks of the analysis app, on their own queue (``analysis``: config/settings.py
routes them) so a long analysis never delays a rules check. Thin: ids in, one service call.

gnubg's analysis is one long C call: the hard time limit is what stops a runaway one (the
worker process is replaced; the analysis is claimed again, and failed after
``Analysis.MAX_ATTEMPTS``).
"""

from celery import shared_task

from analysis.services import (
    analysis_fail,
    analysis_for_record,
    analysis_requeue,
    analysis_run,
)
from config.celery import TRANSIENT_ERRORS

RETRIES = 3


@shared_task(acks_late=True, max_retries=RETRIES, autoretry_for=TRANSIENT_ERRORS,
             retry_backoff=5)
def analysis_for_record_task(record_id: int) -> None:
    analysis_for_record(record_id=record_id)


@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=RETRIES,
             time_limit=1800, soft_time_limit=1750)
def analysis_run_task(self, analysis_id: int) -> None:
    try:
        analysis_run(analysis_id=analysis_id)
    except Exception as exc:  # noqa: BLE001 - the issue: a crash too is retried, then failed
        # with its reason (gnubg's analysis is not ours to classify; domain errors, a file
        # gnubg cannot read, are stored as failed by the service without a retry)
        if self.request.retries >= RETRIES:
            analysis_fail(analysis_id=analysis_id, reason=f"{type(exc).__name__}: {exc}")
            return
        raise self.retry(exc=exc, countdown=5 * 2 ** self.request.retries) from exc


@shared_task(acks_late=True, max_retries=3, autoretry_for=TRANSIENT_ERRORS, retry_backoff=True)
def analysis_requeue_task() -> None:
    analysis_requeue()
