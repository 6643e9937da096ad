"""Notification tasks: thin (ids in, one service call), late-acked. A notice has a key, so a
task run twice (a redelivered message) tells nobody twice."""

from celery import shared_task

from config.celery import TRANSIENT_ERRORS
from notifications.services.events import (
    chouette_session_notify,
    join_request_notify,
    result_report_notify,
    ruling_notify,
)
from notifications.services.scan import notifications_scan
from notifications.services.teamleagues import team_card_notify

#: ``site``: the site of the request that caused the notice (``config.site``), for its links.
TASK = {"acks_late": True, "autoretry_for": TRANSIENT_ERRORS, "retry_backoff": True,
        "max_retries": 3, "time_limit": 120, "soft_time_limit": 100}


@shared_task(**TASK)
def notifications_scan_task() -> None:
    notifications_scan()


@shared_task(**TASK)
def result_report_notify_task(report_id: int, event: str, site: str = "") -> None:
    result_report_notify(report_id=report_id, event=event, site=site)


@shared_task(**TASK)
def join_request_notify_task(request_id: int, site: str = "") -> None:
    join_request_notify(request_id=request_id, site=site)


@shared_task(**TASK)
def ruling_notify_task(entry_id: int, site: str = "") -> None:
    ruling_notify(entry_id=entry_id, site=site)


@shared_task(**TASK)
def chouette_session_notify_task(session_id: int, site: str = "") -> None:
    chouette_session_notify(session_id=session_id, site=site)


@shared_task(**TASK)
def team_card_notify_task(fixture_id: int, what: str, team_ids: list[int],
                          site: str = "") -> None:
    team_card_notify(fixture_id=fixture_id, what=what, team_ids=team_ids, site=site)
