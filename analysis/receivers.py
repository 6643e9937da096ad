"""Listeners: a match record whose rules check has passed is analysed (games announces the
end of a check after commit; it does not know this app). The receiver only enqueues."""

from django.conf import settings
from django.db import transaction
from django.dispatch import receiver

from games.signals import rules_check_finished


@receiver(rules_check_finished, dispatch_uid="analysis.queue_after_check")
def queue_analysis(sender, record_id: int, **kwargs) -> None:
    from analysis.tasks import analysis_for_record_task

    if not settings.ANALYSIS_AFTER_CHECK:
        return
    transaction.on_commit(lambda: analysis_for_record_task.delay(record_id), robust=True)
