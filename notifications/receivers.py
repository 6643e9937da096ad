"""Listeners: events in the apps below become notifications.

They run inside the transaction of the change (Django's ``post_save``), so the notification
and its mail row commit or roll back with it (the outbox pattern); the mail itself is sent
after the commit by the outbox's task. The apps below do not know this app exists.
"""

from django.db.models.signals import post_save
from django.dispatch import receiver
from django.urls import reverse

from accounts.models import JoinRequest
from notifications.models import Kind
from notifications.services import notify
from tournaments.models import ResultReport

R = ResultReport.Status


def _score(report: ResultReport) -> str:
    return f"{report.winner.name} won {report.score_a}–{report.score_b}"


@receiver(post_save, sender=ResultReport, dispatch_uid="notifications.result_report")
def result_report_saved(sender, instance: ResultReport, created: bool, **kwargs) -> None:
    report = instance
    match = report.match
    players = [p for p in (match.player_a, match.player_b) if p is not None]
    event = f"tournament-report:{report.pk}"
    tournament = match.tournament
    where, slug = tournament.name, tournament.club.slug
    if created and report.status == R.PENDING:
        reporter = next((p.name for p in players if p.user_id == report.reported_by_id),
                        "Your opponent")
        notify(key=f"{event}:reported", kind=Kind.RESULT_REPORTED,
               users=[p.user for p in players], actor=report.reported_by,
               text=f"{reporter} reported your match in {where}: {_score(report)}. "
                    "Confirm it or dispute it.",
               url=reverse("tournaments:mine", args=[slug]), club_id=tournament.club_id)
    elif report.status in (R.DISPUTED, R.FLAGGED):
        notify(key=f"{event}:{report.status}", kind=Kind.REPORT_DISPUTED,
               users=[report.reported_by], actor=report.resolved_by,
               text=f"Your report of your match in {where} ({_score(report)}) went to the "
                    f"referees: {report.note}",
               url=reverse("tournaments:detail", args=[slug, tournament.pk]),
               club_id=tournament.club_id)


@receiver(post_save, sender=JoinRequest, dispatch_uid="notifications.join_request")
def join_request_saved(sender, instance: JoinRequest, created: bool, **kwargs) -> None:
    if instance.status == JoinRequest.Status.PENDING:
        return
    answer = "approved: welcome" if instance.status == JoinRequest.Status.APPROVED \
        else "refused"
    notify(key=f"join-request:{instance.pk}:{instance.status}", kind=Kind.MEMBERSHIP,
           users=[instance.user], actor=instance.decided_by,
           text=f"Your request to join {instance.club.name} was {answer}.",
           url=instance.club.get_absolute_url(), club_id=instance.club_id)
