"""The periodic look for what waits on someone (thin: one service call)."""

from celery import shared_task

from config.celery import TRANSIENT_ERRORS
from notifications.services.scan import notifications_scan


@shared_task(acks_late=True, autoretry_for=TRANSIENT_ERRORS,
             retry_backoff=True, max_retries=3, time_limit=120, soft_time_limit=100)
def notifications_scan_task() -> None:
    notifications_scan()
