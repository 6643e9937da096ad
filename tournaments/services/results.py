"""Results: started, entered by the director, reported by a player and confirmed by the
opponent (or by a match file whose rules check agrees), disputed, resolved by a referee,
corrected with a reason. Every decided result advances the bracket at once and is
published to the table of finished matches."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext

from audit.models import AuditEntry
from audit.services import audit_record
from clubs.selectors import player_of_user
from config.texts import StoredText, english, stored
from ops.locks import lock_row
from results.models import FinishedMatch
from tournaments.formats import Status
from tournaments.models import ResultReport, Tournament, TournamentMatch

from .bracket import bracket_due, is_bracket_flag
from .errors import NotAllowed, TournamentError, lock
from .outcomes import publish
from .registry import tournament_refresh
from .workflow import (
    ResultKind,
    check_score,
    evidence_fields,
    evidence_import,
    evidence_verdict,
    is_opponent,
    reason_given,
    result_confirm,
    result_correct,
    result_enter,
    result_report,
)

MatchStatus = TournamentMatch.Status
ReportStatus = ResultReport.Status
#: A report not settled yet: waiting for the opponent, or with the referees.
OPEN_REPORTS = (ReportStatus.PENDING, ReportStatus.DISPUTED, ReportStatus.FLAGGED)


def _locked_match(match: TournamentMatch) -> tuple[Tournament, TournamentMatch]:
    tournament = lock(match.tournament_id)
    row = lock_row(TournamentMatch, pk=match.pk, of=("self",), related=("player_a", "player_b"))
    return tournament, row




def _playable(row: TournamentMatch) -> None:
    if not RESULTS.reportable(row):
        raise TournamentError(RESULTS.refusal("not_reportable", row))


def decide(tournament: Tournament, row: TournamentMatch, *, winner_id: int, score_a, score_b,
           status: str = MatchStatus.FINISHED, reported_by=None, confirmed_by=None,
           record=None, venue: str | None = None) -> None:
    """Store a result on a locked match, publish it, advance the bracket (or the rounds).

    A correction keeps the match's place in time: it was played when it was first decided,
    and every list replays it there (stamping the moment of the correction would replay it
    last). Only a match without a time (never decided, or reset) takes the present.
    ``venue``: where the report that decides it says it was played (kept otherwise)."""
    row.winner_id, row.score_a, row.score_b, row.status = winner_id, score_a, score_b, status
    row.reported_by, row.confirmed_by = reported_by, confirmed_by
    row.finished_at = row.finished_at or timezone.now()
    row.started_at = row.started_at or row.finished_at
    if record is not None:
        row.match_record = record
    if venue is not None:
        row.venue = venue
    row.save()
    row.tournament = tournament
    publish(row)
    tournament_refresh(tournament=tournament, by=confirmed_by or reported_by)


@transaction.atomic
def match_start(*, match: TournamentMatch) -> TournamentMatch:
    _, row = _locked_match(match)
    if row.status != MatchStatus.READY:
        raise TournamentError(gettext("Match %(key)s cannot start: it is %(status)s.") % {
            "key": row.key, "status": row.get_status_display().lower()})
    row.status, row.started_at = MatchStatus.IN_PROGRESS, timezone.now()
    row.save(update_fields=["status", "started_at"])
    return row


class MatchResults(ResultKind):
    """A knockout's (or a round's) match in the result workflow (``workflow.py``). Its
    reports are rows of their own: a second report confirms the first or disputes it, a
    match file comes with one; an entered result first settles a report waiting for the
    opponent. A decided match advances the bracket (or the rounds)."""

    finished = MatchStatus.FINISHED
    correctable = (MatchStatus.FINISHED, MatchStatus.WALKOVER)
    outsider_reports = gettext_noop("Only the two players of a match report its result.")
    not_waiting = gettext_noop("This report is no longer waiting for a confirmation.")

    def locked(self, row):
        return _locked_match(row)

    def reportable(self, row) -> bool:
        return row.status in (MatchStatus.READY, MatchStatus.IN_PROGRESS)

    enterable = reportable

    def refusal(self, which: str, row) -> str:
        if which == "not_correctable":
            return gettext("Match %(key)s has no result to correct yet.") % {"key": row.key}
        if which in ("not_reportable", "not_enterable"):
            return gettext("Match %(key)s is not ready to be played (%(status)s).") % {
                "key": row.key, "status": row.get_status_display().lower()}
        return super().refusal(which, row)

    def report(self, event, row, *, by, winner, score_a, score_b, match_file=None,
               filename="", unconfirmed_because=(), venue=FinishedMatch.Venue.BOARD):
        open_report = row.reports.filter(status__in=OPEN_REPORTS).first()
        if open_report is not None:
            return _second_report(event, row, open_report, by=by, winner=winner,
                                  score_a=score_a, score_b=score_b)
        # The event's Crawford setting is what the players played under (a file's own
        # header tags still win, as for any upload).
        record = evidence_import(
            club=event.club, data=match_file, filename=filename, by=by, left=row.player_a,
            right=row.player_b, crawford=event.options.get("crawford", True),
        ) if match_file else None
        report = ResultReport.objects.create(
            match=row, reported_by=by, winner_id=winner, score_a=score_a, score_b=score_b,
            **evidence_fields(record, unconfirmed_because, venue))
        if row.status == MatchStatus.READY:
            row.status, row.started_at = MatchStatus.IN_PROGRESS, row.started_at or timezone.now()
            row.save(update_fields=["status", "started_at"])
        # With a match file, the end of its rules check confirms or flags the report
        # (tournaments.receivers -> report_verify).
        return report

    def waiting(self, row, *, report: ResultReport) -> ResultReport:
        return lock_row(ResultReport, pk=report.pk)

    def is_waiting(self, report) -> bool:
        return report.status == ReportStatus.PENDING

    def confirm(self, event, row, report, *, by):
        return _confirm(event, row, report, by=by)

    def before_enter(self, row, *, by) -> None:
        """A report waiting for the opponent gives way; a disputed or flagged one is the
        referees' to settle with a reason (:func:`match_result_resolve`)."""
        if row.reports.filter(status__in=[ReportStatus.DISPUTED, ReportStatus.FLAGGED]).exists():
            raise TournamentError(gettext("Match %(key)s's result is with the referees: "
                                          "settle it with a reason.") % {"key": row.key})
        row.reports.filter(status=ReportStatus.PENDING).update(
            status=ReportStatus.WITHDRAWN, resolved_by=by, resolved_at=timezone.now())

    def decide(self, event, row, *, status: str) -> None:
        decide(event, row, winner_id=row.winner_id, score_a=row.score_a, score_b=row.score_b,
               status=status, reported_by=row.reported_by, confirmed_by=row.confirmed_by)


RESULTS = MatchResults()


@transaction.atomic
def match_result_enter(*, match: TournamentMatch, winner: int, score_a: int, score_b: int,
                       by) -> TournamentMatch:
    """The director (or a referee) enters a result directly: it is final at once."""
    return result_enter(RESULTS, row=match, by=by, winner=winner, score_a=score_a,
                        score_b=score_b)


@transaction.atomic
def match_result_report(*, match: TournamentMatch, by, winner: int, score_a: int,
                        score_b: int, match_file: bytes | None = None,
                        filename: str = "", unconfirmed_because=(),
                        venue: str = FinishedMatch.Venue.BOARD) -> ResultReport:
    """A player reports their own match. The opponent's identical report confirms it; a
    different one disputes it. A match file is imported and checked: the check confirms or
    flags the report (see :func:`report_verify`). ``unconfirmed_because`` (a
    ``config.texts`` sentence or a list of them, kept as the report's note): the file was
    not made by each player's own login (a live match played on one device), so it stays
    the evidence but only flags: the opponent confirms."""
    return result_report(RESULTS, row=match, by=by, winner=winner, score_a=score_a,
                         score_b=score_b, match_file=match_file, filename=filename,
                         unconfirmed_because=unconfirmed_because, venue=venue)


def _second_report(tournament, row, report, *, by, winner, score_a, score_b) -> ResultReport:
    if report.reported_by_id == by.pk:
        raise TournamentError(
            gettext("You already reported this match: your opponent confirms it."))
    if report.status != ReportStatus.PENDING:
        raise TournamentError(gettext("This match's result is with the referees."))
    if (report.winner_id, report.score_a, report.score_b) == (winner, score_a, score_b):
        return _confirm(tournament, row, report, by=by)
    return _dispute(row, report, by=by, reason=StoredText.gettext(
        "The players disagree: the other report says %(score_a)s–%(score_b)s.",
        score_a=score_a, score_b=score_b))


def _confirm(tournament, row, report, *, by) -> ResultReport:
    report.status, report.resolved_by = ReportStatus.CONFIRMED, by
    report.resolved_at = timezone.now()
    report.save(update_fields=["status", "resolved_by", "resolved_at"])
    decide(tournament, row, winner_id=report.winner_id, score_a=report.score_a,
           score_b=report.score_b, reported_by=report.reported_by, confirmed_by=by,
           record=report.match_record, venue=report.venue)
    return report


def _dispute(row, report, *, by, reason, status: str = ReportStatus.DISPUTED) -> ResultReport:
    """``reason``: the player's own words, or a ``config.texts`` sentence (shown in each
    reader's language)."""
    report.status, report.note, report.note_message = status, english(reason), stored(reason)
    report.save(update_fields=["status", "note", "note_message"])
    row.flag, row.flag_message = report.note, report.note_message
    row.save(update_fields=["flag", "flag_message"])
    return report


@transaction.atomic
def match_result_confirm(*, report: ResultReport, by) -> ResultReport:
    """The opponent confirms a pending report: the result is final."""
    return result_confirm(RESULTS, row=report.match, by=by, report=report)


@transaction.atomic
def match_result_dispute(*, report: ResultReport, by, reason: str) -> ResultReport:
    """The opponent disputes a report: the match goes to the club's referees."""
    _, row = _locked_match(report.match)
    report = lock_row(ResultReport, pk=report.pk)
    if not is_opponent(RESULTS, row, report, by):
        raise NotAllowed(gettext("Only the opponent disputes a reported result."))
    reason = (reason or "").strip()
    if not reason:
        raise TournamentError(gettext("Say what is wrong with the reported result."))
    if report.status != ReportStatus.PENDING:
        raise TournamentError(gettext("This report is no longer waiting for a confirmation."))
    player = player_of_user(user=by)
    return _dispute(row, report, by=by, reason=StoredText.gettext(
        "Disputed by %(player)s: %(reason)s", player=player.name if player else "",
        reason=reason))


def report_verify(*, report_id: int) -> ResultReport | None:
    """Once the attached match file is checked: confirm the report when the check's final
    score agrees and it found no violations; otherwise flag the match for the referees."""
    with transaction.atomic():
        report = ResultReport.objects.select_related("match", "match_record__rules_check") \
            .filter(pk=report_id, status=ReportStatus.PENDING).first()
        if report is None or report.match_record is None:
            return None
        check = report.match_record.rules_check
        if check.status not in ("passed", "failed", "error"):
            return None  # not checked yet: the check's end calls us again
        tournament, row = _locked_match(report.match)
        # Re-read under the lock: the opponent may have confirmed or disputed meanwhile.
        report = ResultReport.objects.select_related("match_record").filter(
            pk=report_id, status=ReportStatus.PENDING).first()
        if report is None:
            return None
        verdict = evidence_verdict(report.match_record, players=(row.player_a_id,
                                                                 row.player_b_id),
                                   winner=report.winner_id, score_a=report.score_a,
                                   score_b=report.score_b)
        if verdict is None or (verdict.confirms and report.person_decides):
            return None  # not checked yet; or a person decides, not the file
        if verdict.confirms:
            return _confirm(tournament, row, report, by=None)
        report.person_decides = True
        report.save(update_fields=["person_decides"])
        return _dispute(row, report, by=None, status=ReportStatus.FLAGGED, reason=verdict.why)


@transaction.atomic
def match_result_resolve(*, match: TournamentMatch, by, winner: int, score_a: int,
                         score_b: int, reason: str) -> TournamentMatch:
    """A referee settles a disputed or flagged match (reason kept in the audit log).

    A match a correction flagged (played by others than the bracket now gives) gets its
    new result between the players the bracket gives: the result played is voided first,
    in the same transaction (the ruling "a new result"; see :func:`match_replay`)."""
    reason = reason_given(reason)
    tournament, row = _locked_match(match)
    before = {"flag": row.flag}
    if is_bracket_flag(row.flag):
        before["played"] = _played_dict(row)
        row = _void_for_replay(tournament, row)
    _playable(row)
    check_score(RESULTS, row, winner=winner, score_a=score_a, score_b=score_b)
    open_report = row.reports.filter(status__in=OPEN_REPORTS).first()
    before["report"] = _report_dict(open_report)
    row.reports.filter(status__in=OPEN_REPORTS).update(
        status=ReportStatus.WITHDRAWN, resolved_by=by, resolved_at=timezone.now())
    audit_record(club_id=tournament.club_id, actor=by, target=row, reason=reason,
                 action=AuditEntry.Action.RESULT_DISPUTE_RESOLVED, before=before,
                 after={"winner": winner, "score": [score_a, score_b]})
    row.flag = ""
    decide(tournament, row, winner_id=winner, score_a=score_a, score_b=score_b,
           reported_by=open_report.reported_by if open_report else by, confirmed_by=by,
           record=open_report.match_record if open_report else None,
           venue=open_report.venue if open_report else None)
    return row


def _report_dict(report: ResultReport | None) -> dict | None:
    if report is None:
        return None
    return {"id": report.pk, "winner": report.winner_id, "score": [report.score_a,
                                                                    report.score_b],
            "status": report.status, "note": report.note}


@transaction.atomic
def match_result_correct(*, match: TournamentMatch, by, winner: int, score_a: int,
                         score_b: int, reason: str) -> TournamentMatch:
    """A director or referee changes a decided result. The bracket is recomputed: later
    matches not started get the right players; those already started or played with a
    player who should not be there are flagged for the referee (nothing is deleted)."""
    return result_correct(RESULTS, row=match, by=by, winner=winner, score_a=score_a,
                          score_b=score_b, reason=reason)


@transaction.atomic
def match_flag_clear(*, match: TournamentMatch, by, reason: str) -> TournamentMatch:
    """A referee decides that a flagged match's result stands as it is (for instance a
    later match a correction flagged: it was played, the referee keeps it; the bracket
    then credits whoever won it). A match with an open report is settled with
    :func:`match_result_resolve` instead; one a correction made unneeded, or that waits
    on an earlier match again, cannot stand (:func:`match_replay` voids it)."""
    reason = reason_given(reason)
    tournament, row = _locked_match(match)
    if not row.flag:
        raise TournamentError(gettext("Match %(key)s is not flagged.") % {"key": row.key})
    if row.reports.filter(status__in=OPEN_REPORTS).exists():
        raise TournamentError(gettext("Match %(key)s has a report waiting: settle it with a "
                                      "result.") % {"key": row.key})
    stands = is_bracket_flag(row.flag)
    if stands:
        _check_can_stand(tournament, row)
    audit_record(club_id=tournament.club_id, actor=by, target=row, reason=reason,
                 action=AuditEntry.Action.RESULT_DISPUTE_RESOLVED,
                 before={"flag": row.flag}, after={"flag": "", "result_stands": True})
    row.flag, row.result_stands = "", row.result_stands or stands
    row.save(update_fields=["flag", "result_stands"])
    if stands:
        tournament_refresh(tournament=tournament, by=by)
    return row


def _check_can_stand(tournament: Tournament, row: TournamentMatch) -> None:
    status, _, elsewhere = bracket_due(tournament=tournament, match=row, stands=True)
    if status not in (Status.READY, Status.FINISHED):
        raise TournamentError(gettext("Match %(key)s waits on an earlier match or is no "
                                      "longer needed: its result cannot stand. Order a "
                                      "replay (the result is voided) or correct the earlier "
                                      "match.") % {"key": row.key})
    twice = [p for p in (row.player_a, row.player_b) if p is not None and p.pk in elsewhere]
    if twice:
        names = gettext("%(first)s and %(second)s") % {
            "first": twice[0].name, "second": twice[1].name} if len(twice) > 1 \
            else twice[0].name
        raise TournamentError(
            ngettext("%(names)s now also plays elsewhere in the bracket (after the correction): "
                     "match %(key)s's result cannot stand. Order a replay or record a new "
                     "result between the right players.",
                     "%(names)s now also play elsewhere in the bracket (after the correction): "
                     "match %(key)s's result cannot stand. Order a replay or record a new "
                     "result between the right players.", len(twice))
            % {"names": names, "key": row.key})


@transaction.atomic
def match_replay(*, match: TournamentMatch, by, reason: str) -> TournamentMatch:
    """A referee voids a match a correction flagged: it is played again by the players the
    bracket now gives (or not at all, if it is no longer needed); the result played leaves
    the table of finished matches and the later matches follow (those already played are
    flagged in turn)."""
    reason = reason_given(reason)
    tournament, row = _locked_match(match)
    if not is_bracket_flag(row.flag):
        raise TournamentError(gettext("Match %(key)s is not flagged after a correction: only "
                                      "such a match is ordered replayed.") % {"key": row.key})
    audit_record(club_id=tournament.club_id, actor=by, target=row, reason=reason,
                 action=AuditEntry.Action.RESULT_DISPUTE_RESOLVED,
                 before={"flag": row.flag, "played": _played_dict(row)},
                 after={"replay": True})
    return _void_for_replay(tournament, row)


def _played_dict(row: TournamentMatch) -> dict:
    return {"players": [row.player_a_id, row.player_b_id], "status": row.status,
            "winner": row.winner_id, "score": [row.score_a, row.score_b]}


def _void_for_replay(tournament: Tournament, row: TournamentMatch) -> TournamentMatch:
    """Clear a match's result and players; the bracket gives it its players again."""
    row.reports.filter(status__in=OPEN_REPORTS).update(
        status=ReportStatus.WITHDRAWN, resolved_at=timezone.now())
    row.status, row.winner_id, row.score_a, row.score_b = MatchStatus.WAITING, None, None, None
    row.player_a_id = row.player_b_id = None
    row.reported_by = row.confirmed_by = row.match_record = None
    row.ready_at = row.started_at = row.finished_at = None
    row.flag, row.result_stands = "", False
    row.save()
    publish(row)
    tournament_refresh(tournament=tournament)
    return TournamentMatch.objects.select_related("player_a", "player_b").get(pk=row.pk)
