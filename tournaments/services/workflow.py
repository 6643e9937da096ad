"""The one result workflow, for every kind of match an event has: a knockout's (or a
round's) match, a ladder's challenge, a league's fixture.

    report -> confirm -> decided        one player reports, the opponent confirms
    enter -> decided                    the director enters a result at once
    correct (a reason) -> decided       a decided result changed, kept in the audit log
    report with a match file -> the file's rules check confirms it (``evidence_verdict``),
        unless a person must decide (``person_decides``: the report says why, or the file
        does not agree): then the opponent, or the club's admins and referees, decide

Every step locks the event, then the row; asks who may (the two players report, the
reporter's opponent confirms); checks the score against the match length
(``scores.result_check``); and hands the decided row back to its kind, which does what
follows (advance the bracket, reorder the ladder, publish the fixture). What differs by
kind is in a :class:`ResultKind`, as what differs by format is in the format REGISTRY's
handlers (``registry.py``). Callers run these inside ``transaction.atomic``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, gettext_noop

from audit.models import AuditEntry
from audit.services import audit_record
from clubs.permissions import is_referee
from clubs.selectors import player_of_user
from config.texts import StoredText, english, stored
from results.models import FinishedMatch

from .errors import NotAllowed, TournamentError
from .scores import result_check


class ResultKind:
    """What a kind of match says about its results; the workflow does the rest.

    The default stores a report on the row itself (a status, the winner, the scores, who
    reported): ladders and leagues. The knockouts keep reports as rows of their own (two
    reports confirm or dispute each other, a match file comes with one) and override
    :meth:`report`, :meth:`waiting` and :meth:`confirm`."""

    #: The statuses: a reported result waiting for the opponent; a played result; a
    #: walkover (None: the kind has none); those a correction applies to.
    reported: str
    finished: str
    walkover: str | None = None
    correctable: tuple[str, ...]
    #: The refusals, in the kind's words.
    outsider_reports: str = gettext_noop("Only the two players report their match.")
    not_reportable: str
    not_waiting: str
    not_enterable: str
    not_correctable: str

    # ------------------------------------------------------------------ the row

    def locked(self, row) -> tuple[Any, Any]:
        """(the event, the row), both locked for this transaction."""
        raise NotImplementedError

    def players(self, row) -> tuple[int | None, int | None]:
        return row.player_a_id, row.player_b_id

    def scores(self, row) -> tuple[int | None, int | None]:
        return row.score_a, row.score_b

    def set_result(self, row, *, winner: int | None, score_a: int | None,
                   score_b: int | None) -> None:
        row.winner_id, row.score_a, row.score_b = winner, score_a, score_b

    def reportable(self, row) -> bool:
        raise NotImplementedError

    def enterable(self, row) -> bool:
        raise NotImplementedError

    def refusal(self, which: str, row) -> str:
        """The refusal ``which`` (``not_reportable``...) for this row, translated."""
        return gettext(getattr(self, which))

    # ------------------------------------------------------------------ the steps

    def report(self, event, row, *, by, winner: int, score_a: int, score_b: int,
               **evidence):
        """Keep the report on the row: the opponent confirms it."""
        row.status, row.reported_by = self.reported, by
        self.set_result(row, winner=winner, score_a=score_a, score_b=score_b)
        row.save()
        return row

    def waiting(self, row, **found):
        """The report waiting for a confirmation (here, the row itself)."""
        return row

    def is_waiting(self, report) -> bool:
        return report.status == self.reported

    def confirm(self, event, row, report, *, by):
        row.confirmed_by = by
        self.decide(event, row, status=self.finished)
        return row

    def before_enter(self, row, *, by) -> None:
        """What an entered result settles first (nothing, but for the knockouts' reports)."""

    def decide(self, event, row, *, status: str) -> None:
        """Store the decided row (its result, who reported and confirmed it set) and do
        what follows."""
        raise NotImplementedError


def check_score(kind: ResultKind, row, *, winner: int, score_a: int, score_b: int) -> None:
    result_check(length=row.length, players=kind.players(row), winner=winner,
                 score_a=score_a, score_b=score_b)


def _player_of(kind: ResultKind, row, by, refusal: str):
    player = player_of_user(user=by)
    if player is None or player.pk not in kind.players(row):
        raise NotAllowed(refusal)
    return player


def result_report(kind: ResultKind, *, row, by, winner: int, score_a: int, score_b: int,
                  **evidence):
    """One of the two players reports their match; the opponent confirms it."""
    event, row = kind.locked(row)
    # Who, before what; a match still waiting for its players (never reportable) has
    # nobody to ask yet.
    if None not in kind.players(row):
        _player_of(kind, row, by, kind.refusal("outsider_reports", row))
    if not kind.reportable(row):
        raise TournamentError(kind.refusal("not_reportable", row))
    check_score(kind, row, winner=winner, score_a=score_a, score_b=score_b)
    return kind.report(event, row, by=by, winner=winner, score_a=score_a, score_b=score_b,
                       **evidence)


def result_confirm(kind: ResultKind, *, row, by, **found):
    """The reporter's opponent confirms, or one of the club's admins or referees (a report
    that only one login made, such as a match played on one device, is decided by a second
    person either way): the result is final."""
    event, row = kind.locked(row)
    report = kind.waiting(row, **found)
    if not (is_opponent(kind, row, report, by) or _decides_for_club(event, report, by)):
        raise NotAllowed(gettext("Only the opponent, or the club's admins and referees, confirm a "
                         "reported result."))
    if not kind.is_waiting(report):
        raise TournamentError(kind.refusal("not_waiting", row))
    return kind.confirm(event, row, report, by=by)


def _decides_for_club(event, report, user) -> bool:
    """An admin or referee of the event's club, who did not make the report."""
    return report.reported_by_id != user.pk and is_referee(user=user, club=event.club)


def is_opponent(kind: ResultKind, row, report, user) -> bool:
    """Whether ``user`` plays ``row`` and did not make ``report`` (who may answer it)."""
    player = player_of_user(user=user)
    return (player is not None and player.pk in kind.players(row)
            and report.reported_by_id != user.pk)


def result_enter(kind: ResultKind, *, row, by, winner: int, score_a: int | None,
                 score_b: int | None, walkover: bool = False):
    """The director (or a referee) enters a result (or a walkover): final at once."""
    event, row = kind.locked(row)
    if not kind.enterable(row):
        raise TournamentError(kind.refusal("not_enterable", row))
    if walkover:
        if winner not in kind.players(row):
            raise TournamentError(gettext("The winner must be one of the two players."))
        score_a = score_b = None
    else:
        check_score(kind, row, winner=winner, score_a=score_a, score_b=score_b)
    kind.before_enter(row, by=by)
    kind.set_result(row, winner=winner, score_a=score_a, score_b=score_b)
    row.reported_by = row.confirmed_by = by
    kind.decide(event, row, status=kind.walkover if walkover else kind.finished)
    return row


def reason_given(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise TournamentError(gettext("Give a reason: it is kept in the audit log."))
    return reason


def result_correct(kind: ResultKind, *, row, by, winner: int, score_a: int, score_b: int,
                   reason: str):
    """A director or referee changes a decided result; the change and its reason go to
    the audit log, and the kind does what follows as for any decided result."""
    reason = reason_given(reason)
    event, row = kind.locked(row)
    if row.status not in kind.correctable:
        raise TournamentError(kind.refusal("not_correctable", row))
    check_score(kind, row, winner=winner, score_a=score_a, score_b=score_b)
    before = {"winner": row.winner_id, "score": list(kind.scores(row)), "status": row.status}
    after = {"winner": winner, "score": [score_a, score_b], "status": kind.finished}
    if before == after:
        raise TournamentError(gettext("That is the result already recorded."))
    audit_record(club_id=event.club_id, actor=by, action=AuditEntry.Action.RESULT_CORRECTED,
                 target=row, reason=reason, before=before, after=after)
    kind.set_result(row, winner=winner, score_a=score_a, score_b=score_b)
    row.confirmed_by = by
    kind.decide(event, row, status=kind.finished)
    return row


# ------------------------------------------------------------------ a match file as evidence


def evidence_import(*, club, data: bytes, filename: str, by, left, right, crawford: bool = True):
    """A reported result's match file, stored as its evidence (checked and analysed; the
    result, not the file, goes to the table of finished matches)."""
    from games.services.match_import import MatchImportError, RuleOptions, match_import

    try:
        return match_import(club=club, data=data, filename=filename, uploaded_by=by,
                            player_left=left, player_right=right,
                            options=RuleOptions(crawford=crawford), evidence=True)
    except MatchImportError as exc:
        raise TournamentError(gettext("The match file was not accepted: %(error)s") % {
            "error": exc}) from exc


def evidence_fields(record, unconfirmed_because=(),
                    venue: str = FinishedMatch.Venue.BOARD) -> dict:
    """A report's evidence as its row keeps it: the match file, whether a person must
    decide (``unconfirmed_because`` says why: one login played both sides), the why kept
    as the note, and where it was played (``venue``: "site" when a live board reports)."""
    return {"match_record": record, "person_decides": bool(unconfirmed_because),
            "note": english(unconfirmed_because), "note_message": stored(unconfirmed_because),
            "venue": venue}


@dataclass(frozen=True)
class Verdict:
    """What a checked match file says of the result reported with it: it ``confirms`` it,
    or ``why`` not (a person decides)."""

    confirms: bool
    why: StoredText | None = None


def evidence_verdict(record, *, players: tuple[int, int], winner: int, score_a: int,
                     score_b: int) -> Verdict | None:
    """The verdict of ``record`` (its rules check ended) on a reported result; None while
    the file is not checked yet (the check's end asks again)."""
    status = record.rules_check.status
    if status not in ("passed", "failed", "error"):
        return None
    file_winner = None if record.winner is None else players[record.winner]
    agrees = (file_winner, record.score_left, record.score_right) == (winner, score_a, score_b)
    if agrees and status == "passed":
        return Verdict(True)
    scores = {"a": score_a, "b": score_b}
    if status == "failed":
        why = StoredText.gettext(
            "Reported %(a)s–%(b)s, but the rules check found violations.", **scores)
    elif status == "error":
        why = StoredText.gettext(
            "Reported %(a)s–%(b)s, but the rules check could not replay the match file.",
            **scores)
    else:
        why = StoredText.gettext("Reported %(a)s–%(b)s, but the match file's score is "
                                 "%(left)s–%(right)s.", left=record.score_left,
                                 right=record.score_right, **scores)
    return Verdict(False, why)
