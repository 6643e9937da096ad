"""Listeners: a match record whose rules check has passed is analysed (games announces the
end of a check after commit; it does not know this app). The receiver only enqueues."""

from django.conf import settings
from django.dispatch import receiver

from games.signals import rules_check_finished
from ops.outage import enqueue_on_commit


@receiver(rules_check_finished, dispatch_uid="analysis.queue_after_check")
def queue_analysis(sender, record_id: int, **kwargs) -> None:
    from analysis.tasks import analysis_for_record_task

    if not settings.ANALYSIS_AFTER_CHECK:
        return
    # A broker that is down: the periodic requeue finds passed records without an analysis.
    enqueue_on_commit(analysis_for_record_task, record_id)
