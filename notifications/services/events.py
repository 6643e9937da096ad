"""The notices of events in the apps below, worked out after the change committed.

The receivers (``notifications.receivers``) only enqueue a task with the row's id once the
change commits; the task calls one function here, which loads the row and tells the people
concerned. The work (the settlement plan of a closed chouette evening, a report's players)
runs outside the transaction of the change, so a notice that fails never rolls it back.
Each notice has a key (``notify``), so a task run twice tells nobody twice.

A task whose message never reached the broker (Redis down when the change committed) loses
no notice: the periodic look (``notifications.services.scan``, every minute) asks
``missed_events`` for the recent events whose key nobody has, and tells them then.
"""

from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from decimal import Decimal
from functools import partial

from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext_lazy

from accounts.models import JoinRequest
from audit.models import AuditEntry
from chouette.models import ChouetteSession
from chouette.selectors import session_balances, settlement
from config.site import on_site
from config.texts import StoredText, restored
from notifications.models import Kind
from notifications.services import notify
from tournaments.models import ResultReport

ReportStatus = ResultReport.Status

#: The fields naming the two players of whatever a referee rules on or corrects.
_SIDES = ("player_a", "player_b", "player_left", "player_right", "challenger", "challenged")
SEE_THE_MATCH = gettext_lazy("See the match")
RULED = (AuditEntry.Action.RULING, AuditEntry.Action.RESULT_CORRECTED,
         AuditEntry.Action.RESULT_DISPUTE_RESOLVED)
#: How far back the periodic look finds events whose notice was never worked out, and how
#: long after an event it leaves the event's own task to do it first.
CATCH_UP, GRACE = timedelta(days=3), timedelta(minutes=2)


def report_key(report_id: int, event: str) -> str:
    return f"tournament-report:{report_id}:{event}"


def join_request_key(request_id: int, status: str) -> str:
    return f"join-request:{request_id}:{status}"


def ruling_key(entry_id: int) -> str:
    return f"ruling:{entry_id}"


def chouette_closed_key(session_id: int) -> str:
    return f"chouette-closed:{session_id}"


def missed_events(*, now: datetime) -> Iterator[tuple[str, Callable[[], None]]]:
    """(key, the call that tells it) for every event of the last ``CATCH_UP`` (but the last
    ``GRACE``) that has a notice: the caller calls those whose key nobody has."""
    since = (now - CATCH_UP, now - GRACE)
    reports = ResultReport.objects.filter(created_at__range=since)
    for pk, status in reports.filter(status__in=(ReportStatus.PENDING, ReportStatus.DISPUTED,
                                                 ReportStatus.FLAGGED)).values_list(
            "pk", "status"):
        event = "reported" if status == ReportStatus.PENDING else str(status)
        yield report_key(pk, event), partial(result_report_notify, report_id=pk, event=event)
    for pk, status in (JoinRequest.objects.filter(decided_at__range=since)
                       .exclude(status=JoinRequest.Status.PENDING).values_list("pk", "status")):
        yield join_request_key(pk, status), partial(join_request_notify, request_id=pk)
    for pk in AuditEntry.objects.filter(created_at__range=since, action__in=RULED
                                        ).values_list("pk", flat=True):
        yield ruling_key(pk), partial(ruling_notify, entry_id=pk)
    for pk in ChouetteSession.objects.filter(status=ChouetteSession.Status.CLOSED,
                                             closed_at__range=since).values_list("pk",
                                                                                 flat=True):
        yield chouette_closed_key(pk), partial(chouette_session_notify, session_id=pk)


def _score(report: ResultReport) -> dict:
    """The values of "Ann won 7–3": the winner's score first, whichever side of the match
    they were on."""
    won, lost = ((report.score_a, report.score_b) if report.winner_id == report.match.player_a_id
                 else (report.score_b, report.score_a))
    return {"winner": report.winner.name, "won": won, "lost": lost}


def _report_url(match) -> str:
    """The event's page at the match's report, where its players confirm or dispute it."""
    return f"{match.tournament.get_absolute_url()}#confirm-{match.key}"


@on_site
@transaction.atomic
def result_report_notify(*, report_id: int, event: str) -> None:
    """``event``: "reported" (the opponent is told, while the report waits for them) or the
    status the report went to (disputed or flagged: the reporter is told)."""
    report = (ResultReport.objects.select_related(
        "match__tournament__club", "match__player_a__user", "match__player_b__user",
        "winner", "reported_by", "resolved_by").filter(pk=report_id).first())
    if report is None:
        return
    match = report.match
    players = [p for p in (match.player_a, match.player_b) if p is not None]
    where = match.tournament.name
    score = _score(report)
    if event == "reported" and report.status == ReportStatus.PENDING:
        reporter = next((p.name for p in players if p.user_id == report.reported_by_id), "")
        text = (StoredText.gettext(
            "%(reporter)s reported your match in %(event)s: %(winner)s won %(won)s–%(lost)s. "
            "Confirm it or dispute it.", reporter=reporter, event=where, **score)
            if reporter else StoredText.gettext(
                "Your opponent reported your match in %(event)s: %(winner)s won "
                "%(won)s–%(lost)s. Confirm it or dispute it.", event=where, **score))
        notify(key=report_key(report.pk, "reported"), kind=Kind.RESULT_REPORTED,
               users=[p.user for p in players], actor=report.reported_by,
               subject=StoredText.gettext(
                   "Result to confirm: %(winner)s won %(won)s–%(lost)s, %(event)s",
                   event=where, **score),
               text=text, action=gettext_lazy("Confirm or dispute the result"),
               url=_report_url(match), club_id=match.tournament.club_id)
    elif event in (ReportStatus.DISPUTED, ReportStatus.FLAGGED):
        notify(key=report_key(report.pk, event), kind=Kind.REPORT_DISPUTED,
               users=[report.reported_by], actor=report.resolved_by,
               subject=StoredText.gettext("Your result went to the referees: %(event)s",
                                          event=where),
               text=StoredText.gettext(
                   "Your report of your match in %(event)s (%(winner)s won %(won)s–%(lost)s) "
                   "went to the referees: %(note)s", event=where,
                   note=restored(report.note_message, report.note), **score),
               action=SEE_THE_MATCH, url=_report_url(match),
               club_id=match.tournament.club_id)


@on_site
@transaction.atomic
def join_request_notify(*, request_id: int) -> None:
    request = (JoinRequest.objects.select_related("club", "user", "decided_by")
               .filter(pk=request_id).first())
    if request is None or request.status == JoinRequest.Status.PENDING:
        return
    approved = request.status == JoinRequest.Status.APPROVED
    club = request.club
    if approved:
        subject = StoredText.gettext("%(club)s: your request to join was approved",
                                     club=club.name)
        text = StoredText.gettext("Your request to join %(club)s was approved: welcome.",
                                  club=club.name)
    else:
        subject = StoredText.gettext("%(club)s: your request to join was refused",
                                     club=club.name)
        text = StoredText.gettext("Your request to join %(club)s was refused.", club=club.name)
    notify(key=join_request_key(request.pk, request.status), kind=Kind.MEMBERSHIP,
           users=[request.user], actor=request.decided_by, subject=subject, text=text,
           action=StoredText.gettext("Open %(club)s's page", club=club.name),
           url=club.get_absolute_url(), club_id=club.pk)


def _page_of(target) -> str:
    """The page showing the match a ruling touched: its own page, or its event's."""
    if hasattr(target, "get_absolute_url"):
        return target.get_absolute_url()
    if hasattr(target, "tournament"):
        return target.tournament.get_absolute_url()
    if hasattr(target, "ladder"):
        return reverse("tournaments:ladder", args=[target.ladder.club.slug, target.ladder_id])
    season = target.division.season
    return reverse("tournaments:league", args=[season.club.slug, season.pk])


@on_site
@transaction.atomic
def ruling_notify(*, entry_id: int) -> None:
    """A referee's ruling or a correction (every one is in the audit log, with its reason):
    both players of the match it touches are told, whichever kind of match it is."""
    entry = AuditEntry.objects.select_related("actor").filter(pk=entry_id).first()
    if entry is None or entry.action not in RULED or entry.target is None:
        return
    target = entry.target
    players = [getattr(target, f, None) for f in _SIDES if hasattr(target, f)]
    users = [p.user for p in players if p is not None and p.user_id]
    if not users:
        return
    values = {"match": entry.target_label, "reason": entry.reason}
    if entry.action == AuditEntry.Action.RESULT_CORRECTED:
        subject = StoredText.gettext("Result corrected: %(match)s", **values)
        text = StoredText.gettext(
            "A referee corrected the result of your match (%(match)s): %(reason)s", **values)
    else:
        subject = StoredText.gettext("Referee ruling: %(match)s", **values)
        text = StoredText.gettext("A referee ruled on your match (%(match)s): %(reason)s",
                                  **values)
    notify(key=ruling_key(entry.pk), kind=Kind.REPORT_RULED, users=users, actor=entry.actor,
           subject=subject, text=text, action=SEE_THE_MATCH, url=_page_of(target),
           club_id=entry.club_id)


@on_site
@transaction.atomic
def chouette_session_notify(*, session_id: int) -> None:
    """A closed evening tells each player who sat in it their result for the evening and,
    from the club's settlement plan, whom they pay or who pays them."""
    session = ChouetteSession.objects.select_related("club").filter(pk=session_id).first()
    if session is None or session.status != ChouetteSession.Status.CLOSED:
        return
    rows = session_balances(session=session)
    if not rows:
        return
    plan = settlement(club=session.club)["plan"]
    users = dict(session.seats.filter(player__user__isnull=False)
                 .values_list("player_id", "player__user"))
    people = get_user_model().objects.in_bulk(users.values())
    where = {"date": session.date, "club": session.club.name}
    currency = session.currency
    for row in rows:
        user = people.get(users.get(row["player_id"]))
        if user is None:
            continue
        points, amount = abs(row["points"]), _money(row["amount"])
        if row["points"] >= 0:
            lines = [StoredText.ngettext(
                "The chouette evening of %(date)s at %(club)s was settled: you won "
                "%(points)s point (%(amount)s %(currency)s).",
                "The chouette evening of %(date)s at %(club)s was settled: you won "
                "%(points)s points (%(amount)s %(currency)s).", points,
                points=points, amount=amount, currency=currency, **where)]
        else:
            lines = [StoredText.ngettext(
                "The chouette evening of %(date)s at %(club)s was settled: you lost "
                "%(points)s point (%(amount)s %(currency)s).",
                "The chouette evening of %(date)s at %(club)s was settled: you lost "
                "%(points)s points (%(amount)s %(currency)s).", points,
                points=points, amount=amount, currency=currency, **where)]
        for step in plan:
            if step["payer_id"] == row["player_id"]:
                lines.append(StoredText.gettext(
                    "You pay %(payee)s %(amount)s %(currency)s.", payee=step["payee"],
                    amount=_money(step["amount"]), currency=currency))
            elif step["payee_id"] == row["player_id"]:
                lines.append(StoredText.gettext(
                    "%(payer)s pays you %(amount)s %(currency)s.", payer=step["payer"],
                    amount=_money(step["amount"]), currency=currency))
        notify(key=chouette_closed_key(session.pk), kind=Kind.CHOUETTE_SETTLED, users=[user],
               subject=StoredText.gettext("Chouette settled: %(date)s at %(club)s", **where),
               text=lines, body=lines, action=gettext_lazy("See who pays whom"),
               url=reverse("chouette:settlement", args=[session.club.slug]),
               club_id=session.club_id)


def _money(amount) -> Decimal:
    """An amount without its sign, to the cent (shown in the reader's number format)."""
    return abs(Decimal(amount)).quantize(Decimal("0.01"))
