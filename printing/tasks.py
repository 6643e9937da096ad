"""Celery tasks of printing: thin, idempotent, late-acked."""

from celery import shared_task

from config.celery import TRANSIENT_ERRORS
from printing.services.packs import print_pack_make


@shared_task(acks_late=True, reject_on_worker_lost=True, autoretry_for=TRANSIENT_ERRORS,
             retry_backoff=True, max_retries=3, time_limit=300, soft_time_limit=280)
def print_pack_make_task(pack_id: int) -> None:
    """Make a big pack's PDF (its progress on the pack as it goes)."""
    print_pack_make(pack_id=pack_id)
