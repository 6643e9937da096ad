"""Operational tasks: thin, ids in, one service call."""

from celery import shared_task

from config.celery import TRANSIENT_ERRORS

from .services import worker_heartbeat_answer, worker_heartbeat_beat


@shared_task(acks_late=True, autoretry_for=TRANSIENT_ERRORS, retry_backoff=True, max_retries=5)
def worker_heartbeat_task(token: str) -> None:
    worker_heartbeat_answer(token=token)


@shared_task(acks_late=True, soft_time_limit=20, time_limit=30, ignore_result=True)
def worker_heartbeat_beat_task() -> None:
    worker_heartbeat_beat()
