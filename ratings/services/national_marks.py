"""Marking a federation's national list stale and queueing its replay (this module sends the
task; what the task runs is in ``national``)."""

from __future__ import annotations

import datetime

from django.db import transaction

from ops.outage import enqueue
from ratings.models import Pool
from ratings.tasks import national_recompute_task

from .national import federation_pool_lock
from .recompute import BEGINNING


def national_recompute_request(*, federation_id: int, from_at: datetime.datetime = BEGINNING[0],
                               from_match_id: int = BEGINNING[1]) -> None:
    """Mark the federation's list stale from this place in the finishing order on (an
    earlier mark is kept) and queue the replay once the transaction commits."""
    with transaction.atomic():
        pool = federation_pool_lock(federation_id=federation_id)
        mark = (from_at, from_match_id)
        if pool.recompute_from_at is None or mark < (pool.recompute_from_at,
                                                     pool.recompute_from_match):
            Pool.objects.filter(pk=pool.pk).update(recompute_from_at=from_at,
                                                   recompute_from_match=from_match_id)
        transaction.on_commit(lambda: enqueue(national_recompute_task, federation_id))
