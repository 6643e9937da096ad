"""Listeners: events in the apps below become notifications.

They run inside the transaction of the change (Django's ``post_save``), so the notification
and its mail row commit or roll back with it (the outbox pattern); the mail itself is sent
after the commit by the outbox's task. The apps below do not know this app exists.
"""

from django.contrib.auth import get_user_model
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.urls import reverse

from accounts.models import JoinRequest
from audit.models import AuditEntry
from chouette.models import ChouetteSession
from chouette.selectors import session_balances, settlement
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


#: The fields naming the two players of whatever a referee rules on or corrects.
_SIDES = ("player_a", "player_b", "player_left", "player_right", "challenger", "challenged")
RULED = (AuditEntry.Action.RULING, AuditEntry.Action.RESULT_CORRECTED,
         AuditEntry.Action.RESULT_DISPUTE_RESOLVED)


@receiver(post_save, sender=AuditEntry, dispatch_uid="notifications.ruling")
def ruling_recorded(sender, instance: AuditEntry, created: bool, **kwargs) -> None:
    """A referee's ruling or a correction (every one is in the audit log, with its reason):
    both players of the match it touches are told, whichever kind of match it is."""
    if not created or instance.action not in RULED:
        return
    target = instance.target
    players = [getattr(target, f, None) for f in _SIDES if hasattr(target, f)]
    users = [p.user for p in players if p is not None and p.user_id]
    if not users:
        return
    what = "corrected the result of" if instance.action == AuditEntry.Action.RESULT_CORRECTED \
        else "ruled on"
    url = target.get_absolute_url() if hasattr(target, "get_absolute_url") else ""
    notify(key=f"ruling:{instance.pk}", kind=Kind.REPORT_RULED, users=users,
           actor=instance.actor,
           text=f"A referee {what} your match ({instance.target_label}): {instance.reason}",
           url=url, club_id=instance.club_id)


def _money(amount, currency: str) -> str:
    return f"{abs(amount):.2f} {currency}"


@receiver(post_save, sender=ChouetteSession, dispatch_uid="notifications.chouette_closed")
def chouette_session_saved(sender, instance: ChouetteSession, created: bool, **kwargs) -> None:
    """A closed evening tells each player who sat in it their result for the evening and,
    from the club's settlement plan, whom they pay or who pays them."""
    session = instance
    if created or session.status != ChouetteSession.Status.CLOSED:
        return
    rows = session_balances(session=session)
    if not rows:
        return
    plan = settlement(club=session.club)["plan"]
    users = dict(session.seats.filter(player__user__isnull=False)
                 .values_list("player_id", "player__user"))
    people = get_user_model().objects.in_bulk(users.values())
    when, currency = f"{session.date:%a %d %b}", session.currency
    for row in rows:
        user = people.get(users.get(row["player_id"]))
        if user is None:
            continue
        won, points = ("won" if row["points"] >= 0 else "lost"), abs(row["points"])
        plural = "" if points == 1 else "s"
        lines = [f"The chouette evening of {when} at {session.club.name} was settled: you "
                 f"{won} {points} point{plural} ({_money(row['amount'], currency)})."]
        for step in plan:
            if step["payer_id"] == row["player_id"]:
                lines.append(f"You pay {step['payee']} {_money(step['amount'], currency)}.")
            elif step["payee_id"] == row["player_id"]:
                lines.append(f"{step['payer']} pays you {_money(step['amount'], currency)}.")
        notify(key=f"chouette-closed:{session.pk}", kind=Kind.CHOUETTE_SETTLED, users=[user],
               text=" ".join(lines)[:300],
               body="\n".join(lines), url=session.get_absolute_url(),
               club_id=session.club_id)
