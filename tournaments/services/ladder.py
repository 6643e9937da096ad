"""Ladders: join at the bottom, challenge up to N places above, accept, report and confirm
(or the director enters the result), lose by default after D days, corrections with a
reason. The rules are ``tournaments.formats.ladder``'s; every decided challenge is a row of
the finished matches (a default marked as a forfeit, not played)."""

import datetime

from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from audit.models import AuditEntry
from audit.services import audit_record
from clubs.models import Club, Player
from clubs.permissions import club_players
from clubs.selectors import player_of_user
from config.refusals import refusal_text
from config.texts import english, stored
from ops.locks import lock_row
from results.models import FinishedMatch
from results.services import finished_match_record
from tournaments.formats import DEFAULT_LENGTH
from tournaments.formats import ladder as rules
from tournaments.models import Challenge, Ladder, LadderRung
from tournaments.models_formats import LadderDeparture

from .errors import NotAllowed, TournamentError, lock_event
from .options import match_length
from .workflow import (
    ResultKind,
    evidence_fields,
    evidence_import,
    evidence_verdict,
    result_confirm,
    result_correct,
    result_enter,
    result_report,
)

ChallengeStatus = Challenge.Status
_UNPLAYED = (ChallengeStatus.OPEN, ChallengeStatus.ACCEPTED)
_DECIDED = (ChallengeStatus.DECIDED, ChallengeStatus.EXPIRED)


def _lock(ladder_id: int) -> Ladder:
    return lock_event(Ladder, ladder_id)




@transaction.atomic
def ladder_create(*, club: Club, name: str, reach: int = rules.DEFAULT_REACH,
                  days: int = rules.DEFAULT_DAYS,
                  length: int = DEFAULT_LENGTH) -> Ladder:
    name = (name or "").strip()
    if not name:
        raise TournamentError(gettext("A ladder needs a name."))
    match_length(length, gettext("The ladder's match length"))
    if reach < 1 or days < 1:
        raise TournamentError(gettext("Reach and days are 1 or more."))
    if Ladder.objects.filter(club=club, name=name).exists():
        raise TournamentError(gettext("%(club)s already has a ladder called %(name)s.") % {
            "club": club, "name": repr(name)})
    return Ladder.objects.create(club=club, name=name, reach=reach, days=days, length=length)


@transaction.atomic
def ladder_join(*, ladder: Ladder, player: Player | int) -> LadderRung:
    """New players join at the bottom."""
    ladder = _lock(ladder.pk)
    player_id = player.pk if isinstance(player, Player) else player
    club_players(club=ladder.club_id, players=[player_id], error=TournamentError)
    if ladder.rungs.filter(player_id=player_id).exists():
        raise TournamentError(gettext("That player is already on the ladder."))
    return LadderRung.objects.create(ladder=ladder, player_id=player_id,
                                     position=ladder.rungs.count() + 1)


def _order(ladder: Ladder) -> list[int]:
    return list(ladder.rungs.order_by("position").values_list("player_id", flat=True))


@transaction.atomic
def challenge_issue(*, ladder: Ladder, by, challenged: Player | int, challenger=None,
                    now: datetime.datetime | None = None) -> Challenge:
    """A player challenges someone above them (the director may issue for a player)."""
    ladder = _lock(ladder.pk)
    if not ladder.is_open:
        raise TournamentError(gettext("This ladder is closed."))
    challenger = challenger or player_of_user(user=by)
    if challenger is None:
        raise NotAllowed(gettext("Only a player on the ladder challenges."))
    challenger_id = challenger.pk if isinstance(challenger, Player) else challenger
    challenged_id = challenged.pk if isinstance(challenged, Player) else challenged
    last = dict(ladder.rungs.values_list("player_id", "last_opponent_id"))
    busy = set()
    for a, b in ladder.challenges.filter(status__in=Challenge.OPEN_STATUSES).values_list(
            "challenger_id", "challenged_id"):
        busy.update((a, b))
    names = dict(Player.objects.filter(pk__in=[challenger_id, challenged_id])
                 .values_list("pk", "name"))
    try:
        rules.check_challenge(_order(ladder), challenger_id, challenged_id, reach=ladder.reach,
                              last_opponent={k: v for k, v in last.items() if v},
                              busy=busy, names=names)
    except rules.ChallengeError as exc:
        raise TournamentError(refusal_text(exc)) from exc
    issued = now or timezone.now()
    return Challenge.objects.create(ladder=ladder, challenger_id=challenger_id,
                                    challenged_id=challenged_id, issued_at=issued,
                                    deadline=rules.deadline(issued, ladder.days),
                                    length=ladder.length)


def _locked(challenge: Challenge) -> tuple[Ladder, Challenge]:
    ladder = _lock(challenge.ladder_id)
    return ladder, lock_row(Challenge, pk=challenge.pk)


@transaction.atomic
def challenge_accept(*, challenge: Challenge, by) -> Challenge:
    _, row = _locked(challenge)
    player = player_of_user(user=by)
    if player is None or player.pk != row.challenged_id:
        raise NotAllowed(gettext("Only the challenged player accepts a challenge."))
    if row.status != ChallengeStatus.OPEN:
        raise TournamentError(gettext("This challenge is not waiting for an answer."))
    row.status, row.accepted_at = ChallengeStatus.ACCEPTED, timezone.now()
    row.save(update_fields=["status", "accepted_at"])
    return row


class ChallengeResults(ResultKind):
    """A ladder's challenge in the result workflow (``workflow.py``): the challenger's
    and the challenged player's points; a decided challenge reorders the ladder."""

    reported, finished = ChallengeStatus.REPORTED, ChallengeStatus.DECIDED
    correctable = _DECIDED
    outsider_reports = gettext_noop("Only the two players report their challenge.")
    not_reportable = gettext_noop("This challenge has no result to report now.")
    not_waiting = gettext_noop("This challenge is not waiting for a confirmation.")
    not_enterable = gettext_noop("This challenge is already decided.")
    not_correctable = gettext_noop("Only a decided challenge is corrected.")

    def locked(self, row):
        return _locked(row)

    def players(self, row):
        return row.challenger_id, row.challenged_id

    def scores(self, row):
        return row.score_challenger, row.score_challenged

    def set_result(self, row, *, winner, score_a, score_b) -> None:
        row.winner_id, row.score_challenger, row.score_challenged = winner, score_a, score_b

    def reportable(self, row) -> bool:
        return row.status in _UNPLAYED

    def enterable(self, row) -> bool:
        return row.is_open

    def decide(self, event, row, *, status: str) -> None:
        _decide(event, row, status=status)


RESULTS = ChallengeResults()


@transaction.atomic
def challenge_report(*, challenge: Challenge, by, winner: int, score_challenger: int,
                     score_challenged: int) -> Challenge:
    """One of the two players reports; the other confirms."""
    return result_report(RESULTS, row=challenge, by=by, winner=winner,
                         score_a=score_challenger, score_b=score_challenged)


@transaction.atomic
def challenge_report_with_file(*, challenge: Challenge, by, winner: int, score_challenger: int,
                               score_challenged: int, match_file: bytes, filename: str,
                               unconfirmed_because=(),
                               venue: str = FinishedMatch.Venue.BOARD) -> Challenge:
    """A result reported with its match file (a live match's, the challenger on the left):
    the file's rules check confirms it (``challenge_verify``), unless
    ``unconfirmed_because`` says why a person must (one login played both sides): then the
    file is the evidence the opponent, or a club admin or referee, decides on. The opponent
    may confirm it first either way (the result workflow's step, as for the knockouts)."""
    row = challenge_report(challenge=challenge, by=by, winner=winner,
                           score_challenger=score_challenger,
                           score_challenged=score_challenged)
    record = evidence_import(club=row.ladder.club, data=match_file, filename=filename, by=by,
                             left=row.challenger, right=row.challenged)
    fields = evidence_fields(record, unconfirmed_because, venue)
    for name, value in fields.items():
        setattr(row, name, value)
    row.save(update_fields=list(fields))
    return row


def challenge_verify(*, challenge_id: int) -> Challenge | None:
    """Once the reported file is checked: a passed check whose score agrees confirms the
    result; anything else leaves it for the opponent or the director, saying why."""
    with transaction.atomic():
        row = Challenge.objects.select_related("match_record__rules_check").filter(
            pk=challenge_id, status=ChallengeStatus.REPORTED, match_record__isnull=False,
            person_decides=False).first()
        if row is None:
            return None  # none, or a person decides
        ladder, row = _locked(row)  # re-read under the lock: confirmed meanwhile?
        if row.status != ChallengeStatus.REPORTED or row.match_record is None \
                or row.person_decides:
            return None
        verdict = evidence_verdict(row.match_record, players=(row.challenger_id,
                                                              row.challenged_id),
                                   winner=row.winner_id, score_a=row.score_challenger,
                                   score_b=row.score_challenged)
        if verdict is None:
            return None
        if not verdict.confirms:
            row.person_decides = True
            row.note, row.note_message = english(verdict.why), stored(verdict.why)
            row.save(update_fields=["person_decides", "note", "note_message"])
            return None
        _decide(ladder, row, status=ChallengeStatus.DECIDED)
        return row


@transaction.atomic
def challenge_confirm(*, challenge: Challenge, by) -> Challenge:
    return result_confirm(RESULTS, row=challenge, by=by)


@transaction.atomic
def challenge_enter(*, challenge: Challenge, by, winner: int, score_challenger: int,
                    score_challenged: int) -> Challenge:
    """The director enters a result directly."""
    return result_enter(RESULTS, row=challenge, by=by, winner=winner,
                        score_a=score_challenger, score_b=score_challenged)


def _decide(ladder: Ladder, row: Challenge, *, status: str) -> None:
    row.status, row.decided_at = status, row.decided_at or timezone.now()
    row.save()
    _rebuild(ladder)
    _publish(ladder, row)


def _publish(ladder: Ladder, row: Challenge) -> None:
    outcome = FinishedMatch.Outcome.FORFEIT if row.status == ChallengeStatus.EXPIRED else \
        FinishedMatch.Outcome.PLAYED
    finished_match_record(
        club=ladder.club, source=FinishedMatch.Source.LADDER, source_id=row.pk,
        player_a=row.challenger, player_b=row.challenged, length=row.length,
        winner=row.winner, score_a=row.score_challenger, score_b=row.score_challenged,
        finished_at=row.decided_at, outcome=outcome, event=ladder.name, event_kind="ladder",
        venue=row.venue)


def _rebuild(ladder: Ladder) -> None:
    """Positions and last opponents replayed from the joins, the departures and the decided
    challenges in time order, so a correction reorders the ladder as if it had always been
    so (with those who left in it until they left)."""
    rungs = list(ladder.rungs.all())
    events = [(r.joined_at, 0, r.pk, ("join", r.player_id)) for r in rungs]
    for d in ladder.departures.all():
        events.append((d.joined_at, 0, -d.pk, ("join", d.player_id)))
        events.append((d.left_at, 2, d.pk, ("leave", d.player_id)))
    for c in ladder.challenges.filter(status__in=_DECIDED):
        events.append((c.decided_at, 1, c.pk, ("result", c)))
    order: tuple = ()
    last: dict[int, int] = {}
    for _, _, _, (kind, item) in sorted(events, key=lambda e: e[:3]):
        if kind == "join":
            order = rules.join(order, item)
            continue
        if kind == "leave":
            order = rules.leave(order, item)
            continue
        order = rules.apply_result(order, item.challenger_id, item.challenged_id,
                                   item.winner_id == item.challenger_id)
        last[item.challenger_id], last[item.challenged_id] = item.challenged_id, \
            item.challenger_id
    position = {p: i for i, p in enumerate(order, start=1)}
    for rung in rungs:
        rung.position, rung.last_opponent_id = position[rung.player_id], last.get(
            rung.player_id)
    LadderRung.objects.bulk_update(rungs, ["position", "last_opponent"])


def challenges_expire(*, now: datetime.datetime | None = None) -> list[int]:
    """Open or accepted challenges past their deadline: the challenged player loses by
    default (a forfeit, not played). Idempotent: each is claimed under a row lock and
    only while still open, so a second run (or a redelivered task) finds nothing."""
    now = now or timezone.now()
    due = list(Challenge.objects.filter(status__in=_UNPLAYED, deadline__lte=now)
               .values_list("pk", flat=True))
    expired = []
    for pk in due:
        with transaction.atomic():
            challenge = Challenge.objects.get(pk=pk)
            ladder, row = _locked(challenge)
            if row.status not in _UNPLAYED or row.deadline > now:
                continue
            row.winner_id = row.challenger_id
            row.score_challenger = row.score_challenged = None
            row.decided_at = now
            _decide(ladder, row, status=ChallengeStatus.EXPIRED)
            expired.append(row.pk)
    return expired


@transaction.atomic
def challenge_correct(*, challenge: Challenge, by, winner: int, score_challenger: int,
                      score_challenged: int, reason: str) -> Challenge:
    """A director or referee changes a decided challenge (kept in the audit log); the
    ladder is replayed."""
    return result_correct(RESULTS, row=challenge, by=by, winner=winner,
                          score_a=score_challenger, score_b=score_challenged,
                          reason=reason)


@transaction.atomic
def challenge_cancel(*, challenge: Challenge, by, reason: str = "",
                     as_admin: bool = False) -> Challenge:
    """The challenger withdraws a challenge not yet accepted. A club admin (``as_admin``,
    gated by the caller) may cancel any open or accepted challenge: a correction, kept in
    the audit log with its reason."""
    ladder, row = _locked(challenge)
    player = player_of_user(user=by)
    own = player is not None and player.pk == row.challenger_id
    if as_admin and not own:
        if row.status not in _UNPLAYED:
            raise TournamentError(gettext("Only a challenge not yet played is cancelled."))
        audit_record(club_id=ladder.club_id, actor=by,
                     action=AuditEntry.Action.CHALLENGE_CANCELLED, target=row, reason=reason,
                     before={"status": row.status}, after={"status": ChallengeStatus.CANCELLED})
    elif not own:
        raise NotAllowed(gettext("Only the challenger cancels their challenge."))
    elif row.status != ChallengeStatus.OPEN:
        raise TournamentError(gettext("The challenge was accepted: it is played now (or the "
                              "director cancels it)."))
    row.status, row.decided_at = ChallengeStatus.CANCELLED, timezone.now()
    row.save(update_fields=["status", "decided_at"])
    return row


@transaction.atomic
def ladder_leave(*, ladder: Ladder, by, player: Player | int | None = None, reason: str = "",
                 now: datetime.datetime | None = None) -> LadderDeparture:
    """A player leaves the ladder (everyone below moves up one); their challenges not yet
    decided are cancelled. A club admin removing someone else (``player``, gated by the
    caller) is a correction, kept in the audit log."""
    ladder = _lock(ladder.pk)
    me = player_of_user(user=by)
    player_id = (player.pk if isinstance(player, Player) else player) or (me and me.pk)
    rung = ladder.rungs.select_related("player").filter(player_id=player_id).first()
    if rung is None:
        raise TournamentError(gettext("That player is not on the ladder."))
    pending = ladder.challenges.filter(status__in=Challenge.OPEN_STATUSES).filter(
        models.Q(challenger_id=player_id) | models.Q(challenged_id=player_id))
    if me is None or me.pk != player_id:
        audit_record(club_id=ladder.club_id, actor=by,
                     action=AuditEntry.Action.LADDER_PLAYER_REMOVED, target=ladder,
                     reason=reason,
                     before={"player": player_id, "position": rung.position,
                             "open_challenges": sorted(pending.values_list("pk", flat=True))},
                     after={"player": player_id, "position": None})
    left_at = now or timezone.now()
    pending.update(status=ChallengeStatus.CANCELLED, decided_at=left_at)
    departure = LadderDeparture.objects.create(ladder=ladder, player_id=player_id,
                                               joined_at=rung.joined_at, left_at=left_at,
                                               by=by if by and by.is_authenticated else None)
    rung.delete()
    _rebuild(ladder)
    return departure
