"""Operational tasks: thin, ids in, one service call."""

from celery import shared_task

from .services import worker_heartbeat_answer


@shared_task(acks_late=True, autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def worker_heartbeat_task(token: str) -> None:
    worker_heartbeat_answer(token=token)
