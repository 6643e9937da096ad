"""Celery tasks of live play, on their own queue (``computer``: config/settings.py routes
them) so the computer's turn never waits behind a long match analysis. Thin: ids in, one
service call; idempotent (a redelivered turn finds it is not the computer's turn)."""

from celery import shared_task

from config.celery import TRANSIENT_ERRORS
from live.services_computer import live_computer_act


@shared_task(acks_late=True, reject_on_worker_lost=True, max_retries=3,
             autoretry_for=TRANSIENT_ERRORS, retry_backoff=2, time_limit=120,
             soft_time_limit=100)
def live_computer_act_task(match_id: int) -> None:
    live_computer_act(match_id=match_id)
