"""Listeners: events in the apps below become notifications. The apps below do not know
this app exists.

A listener only enqueues, once the change has committed (``transaction.on_commit``): it
reads nothing but the saved row's own fields and sends its id to a task, which works out
the notice (``notifications.services.events``) outside the change's transaction. So a
notice that fails (or a broker that is down: ``robust``, the error is logged) never rolls
back the change or answers its request with an error.
"""

from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.models import JoinRequest
from audit.models import AuditEntry
from chouette.models import ChouetteSession
from config.site import request_site
from notifications import tasks
from notifications.services.events import RULED
from ops.outage import enqueue_on_commit
from teamleagues.signals import team_card_event
from tournaments.models import ResultReport

ReportStatus = ResultReport.Status


def _after_commit(task, *args) -> None:
    # The request's site goes with the ids: the mail links to the host the change came to.
    enqueue_on_commit(task, *args, kwargs={"site": request_site()})


@receiver(post_save, sender=ResultReport, dispatch_uid="notifications.result_report")
def result_report_saved(sender, instance: ResultReport, created: bool, **kwargs) -> None:
    if created and instance.status == ReportStatus.PENDING:
        _after_commit(tasks.result_report_notify_task, instance.pk, "reported")
    elif instance.status in (ReportStatus.DISPUTED, ReportStatus.FLAGGED):
        _after_commit(tasks.result_report_notify_task, instance.pk, str(instance.status))


@receiver(post_save, sender=JoinRequest, dispatch_uid="notifications.join_request")
def join_request_saved(sender, instance: JoinRequest, created: bool, **kwargs) -> None:
    if instance.status != JoinRequest.Status.PENDING:
        _after_commit(tasks.join_request_notify_task, instance.pk)


@receiver(post_save, sender=AuditEntry, dispatch_uid="notifications.ruling")
def ruling_recorded(sender, instance: AuditEntry, created: bool, **kwargs) -> None:
    if created and instance.action in RULED:
        _after_commit(tasks.ruling_notify_task, instance.pk)


@receiver(post_save, sender=ChouetteSession, dispatch_uid="notifications.chouette_closed")
def chouette_session_saved(sender, instance: ChouetteSession, created: bool,
                           update_fields=None, **kwargs) -> None:
    if update_fields is not None and "status" not in update_fields:
        return  # a closed evening's other changes: told already
    if not created and instance.status == ChouetteSession.Status.CLOSED:
        _after_commit(tasks.chouette_session_notify_task, instance.pk)


@receiver(team_card_event, dispatch_uid="notifications.team_card")
def team_card_event_heard(sender, *, fixture_id: int, what: str, team_ids, **kwargs) -> None:
    _after_commit(tasks.team_card_notify_task, fixture_id, what, list(team_ids))
