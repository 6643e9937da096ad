"""Sending rules checks to the workers: after an upload, and again on a referee's request.

Apart from ``rules_check`` (what the task runs). The task is found by its name: the tasks
import the services (a zip of match files imports through ``match_import``, which sends
checks from here), so importing them back would be a cycle.
"""

from celery import current_app
from django.db import transaction
from django.utils import timezone

from games.models import MatchRecord, RulesCheck
from ops.outage import enqueue


def rules_check_enqueue(*, check_id: int) -> None:
    """Send the check to the broker. If the broker is down the check stays queued and the
    periodic requeue task sends it again later (nothing is lost)."""
    enqueue(current_app.tasks["games.tasks.rules_check_run_task"], check_id)


def rules_check_restart(*, record: MatchRecord) -> RulesCheck:
    """Queue a fresh check of a record (after a fix of the engine, say)."""
    with transaction.atomic():
        check, _ = RulesCheck.objects.select_for_update().get_or_create(record=record)
        check.status, check.error = RulesCheck.Status.QUEUED, ""
        check.queued_at = timezone.now()
        check.save(update_fields=["status", "error", "queued_at"])
        transaction.on_commit(lambda: rules_check_enqueue(check_id=check.pk), robust=True)
    return check
