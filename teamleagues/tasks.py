"""The team leagues' periodic work: thin (one service call)."""

from celery import shared_task

from teamleagues.services import lineup_deadlines_notify


@shared_task(acks_late=True)
def lineup_deadlines_notify_task() -> None:
    lineup_deadlines_notify()
