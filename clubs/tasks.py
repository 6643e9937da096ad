"""Background tasks for clubs: thin, ids in, outcome stored on models."""

import socket

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from .models import WorkerHeartbeat


@shared_task(acks_late=True, autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def worker_heartbeat_task(token: str) -> None:
    """Mark a heartbeat as processed; harmless when delivered twice."""
    with transaction.atomic():
        WorkerHeartbeat.objects.filter(token=token, processed_at__isnull=True).update(
            processed_at=timezone.now(), worker=socket.gethostname()
        )
