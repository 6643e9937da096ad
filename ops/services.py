"""Operational writes."""

import os
import socket
import uuid
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from .models import WorkerHeartbeat

#: Set by the worker's main process when it starts (``config.celery``) and inherited by its
#: pool's processes: one name per worker run, so a restarted worker is a new one.
WORKER_RUN_ENV = "BGCLUB_WORKER_RUN"


def worker_name() -> str:
    """This worker run: its host and its main process (this process outside a worker)."""
    return os.environ.get(WORKER_RUN_ENV) or f"{socket.gethostname()} pid {os.getpid()}"


#: How long the periodic heartbeats are kept (the pages only ask for the newest one).
HEARTBEAT_KEEP = timedelta(days=1)


def worker_heartbeat_beat() -> WorkerHeartbeat:
    """The periodic sign of life: run by a worker (the beat schedule sends it through the
    broker), it records a processed heartbeat, so "no worker answers" pages can tell a
    silent worker from an idle one. Older periodic rows are pruned; tokens asked for by the
    health check (not prefixed "beat-") are left alone."""
    now = timezone.now()
    with transaction.atomic():
        WorkerHeartbeat.objects.filter(token__startswith="beat-",
                                       requested_at__lt=now - HEARTBEAT_KEEP).delete()
        return WorkerHeartbeat.objects.create(token=f"beat-{uuid.uuid4().hex}",
                                              processed_at=now, worker=worker_name())
