"""Operational tasks: thin, ids in, one service call."""

from celery import shared_task

from .services import worker_heartbeat_beat


@shared_task(acks_late=True, soft_time_limit=20, time_limit=30, ignore_result=True)
def worker_heartbeat_beat_task() -> None:
    worker_heartbeat_beat()
