"""Operational writes."""

import socket

from django.db import transaction
from django.utils import timezone

from .models import WorkerHeartbeat


def worker_heartbeat_answer(*, token: str) -> int:
    """Mark a heartbeat as processed by this worker; harmless when done twice."""
    with transaction.atomic():
        return WorkerHeartbeat.objects.filter(token=token, processed_at__isnull=True).update(
            processed_at=timezone.now(), worker=socket.gethostname()
        )
