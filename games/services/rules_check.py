"""Rules checks: replay a stored match through the engine and store the verdict.

Idempotent: the check is claimed with a conditional update, its violations are replaced
wholesale, and a finished check is never re-run by a redelivered message.
"""

import logging
from datetime import timedelta

from django.conf import settings
from django.db import InterfaceError, OperationalError, transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from games.engine import Position, Rules, legal_plays
from games.engine.errors import EngineError
from games.engine.replay import replay
from games.models import MatchGame, MatchRecord, MatchTurn, RulesCheck, Violation
from games.signals import rules_check_finished
from ops.locks import lock_row
from ops.models import WorkerHeartbeat
from ops.services import worker_name

from .match_results import match_record_result_publish
from .rulings import record_standing_recompute

log = logging.getLogger(__name__)

STALE_AFTER = RulesCheck.STALE_AFTER
MAX_ALTERNATIVES = 30


def rules_for_record(record: MatchRecord) -> Rules:
    """The engine's Rules for the options stored on the record."""
    return record.engine_rules()


def rules_check_claim(*, check_id: int) -> bool:
    """Mark the check running; False when it is finished or unknown (nothing to do)."""
    claimable = Q(status=RulesCheck.Status.QUEUED) | Q(status=RulesCheck.Status.RUNNING)
    with transaction.atomic():
        check = lock_row(RulesCheck.objects.filter(claimable), pk=check_id, missing_ok=True)
        if check is None:
            return False
        check.status, check.started_at = RulesCheck.Status.RUNNING, timezone.now()
        check.worker = worker_name()
        check.attempts += 1
        check.save(update_fields=["status", "started_at", "worker", "attempts"])
    return True


def rules_check_run(*, check_id: int) -> RulesCheck | None:
    """Claim and run one check; store the outcome on the models."""
    if not rules_check_claim(check_id=check_id):
        return None
    check = RulesCheck.objects.select_related(
        "record__player_left", "record__player_right").get(pk=check_id)
    record = check.record
    try:
        report = replay(record.parsed_file(), rules_for_record(record))
        with transaction.atomic():
            _store_report(check, record, report)
    except (OperationalError, InterfaceError):
        raise  # the database went away: the task retries it (the claim is still ours)
    except Exception as exc:  # a bug or a corrupt record: said on the check, never left
        # "running" (its worker still beats, so the requeue would leave it alone)
        log.exception("rules check %s failed", check_id)
        return _store_error(check, f"{type(exc).__name__}: {exc}")
    return check


def rules_check_requeue(*, older_than: timedelta = STALE_AFTER,
                        running_limit: timedelta | None = None) -> list[int]:
    """The checks to send again: those still queued (e.g. saved while the broker was down)
    and those left running by a killed worker (``rules_checks_abandoned``), queued afresh.
    ``rules_check_requeue_task`` sends them; this module sends no task."""
    now = timezone.now()
    stale = list(RulesCheck.objects.filter(
        status=RulesCheck.Status.QUEUED, queued_at__lt=now - older_than
    ).values_list("pk", flat=True))
    abandoned = rules_checks_abandoned(now=now, limit=running_limit)
    for check_id, started_at in abandoned:
        # Conditional: a worker that claims it meanwhile keeps it (the claim changes it).
        RulesCheck.objects.filter(pk=check_id, status=RulesCheck.Status.RUNNING,
                                  started_at=started_at).update(
            status=RulesCheck.Status.QUEUED, queued_at=now)
    return [*stale, *(check_id for check_id, _ in abandoned)]


def rules_checks_abandoned(*, now=None, limit: timedelta | None = None
                           ) -> list[tuple[int, object]]:
    """(id, started_at) of the checks running longer than ``limit`` (the setting
    ``RULES_CHECK_RUNNING_LIMIT``) whose worker has sent no heartbeat since they started: a
    killed worker's, which the broker would redeliver only much later (an hour with Redis).
    A worker that still beats may still be running it: it is left alone."""
    limit = settings.RULES_CHECK_RUNNING_LIMIT if limit is None else limit
    now = now or timezone.now()
    beat_since = WorkerHeartbeat.objects.filter(worker=OuterRef("worker"),
                                                processed_at__gt=OuterRef("started_at"))
    return list(RulesCheck.objects.filter(
        status=RulesCheck.Status.RUNNING, started_at__lt=now - limit,
    ).exclude(Exists(beat_since)).values_list("pk", "started_at"))


def _store_error(check: RulesCheck, message: str) -> RulesCheck:
    check.status, check.error, check.finished_at = (
        RulesCheck.Status.ERROR, message[:2000], timezone.now()
    )
    check.save(update_fields=["status", "error", "finished_at"])
    _announce(check.record)
    return check


def _announce(record: MatchRecord) -> None:
    """Tell listeners (a tournament waiting on this file) once the outcome is committed."""
    record_id = record.pk
    transaction.on_commit(
        lambda: rules_check_finished.send(sender=RulesCheck, record_id=record_id), robust=True)


def _store_report(check: RulesCheck, record: MatchRecord, report) -> None:
    data = report.to_dict()
    check.violations.all().delete()
    Violation.objects.bulk_create(_violation_rows(check, report))
    _store_games(record, report)
    if not record.rulings.exists():  # once a referee has ruled, only rulings change it
        record_standing_recompute(record=record)
        match_record_result_publish(record=record)
    check.report = data
    check.status = RulesCheck.Status.FAILED if data["violations"] else RulesCheck.Status.PASSED
    check.finished_at, check.error = timezone.now(), ""
    check.save(update_fields=["report", "status", "finished_at", "error"])
    _announce(record)


def _violation_rows(check: RulesCheck, report) -> list[Violation]:
    """One row per violation, with the board before the play and the legal alternatives."""
    turns = {(game.number, turn.line): turn for game in report.games for turn in game.turns
             if not turn.legal}
    rows = []
    for item in report.violations:
        turn = turns.get((item.game, item.line))
        rows.append(Violation(
            rules_check=check, game_number=item.game or None, line=item.line,
            rule=str(item.rule), severity=str(item.severity), message=item.message,
            position_id=turn.position_id if turn else "",
            dice="".join(map(str, turn.dice)) if turn and turn.dice else "",
            play_text=(turn.play_text if turn else "")[:200],
            legal_plays=_alternatives(turn),
        ))
    return rows


def _alternatives(turn) -> list[str]:
    """The legal plays for the roll of an illegal play (asked of the engine)."""
    if turn is None or turn.action != "roll" or not turn.dice or not turn.position_id:
        return []
    try:
        position = Position.from_position_id(turn.position_id)
        plays = legal_plays(position, turn.dice)
    except EngineError:
        return []
    return [str(play) or "(no move)" for play in plays][:MAX_ALTERNATIVES]


def _store_games(record: MatchRecord, report) -> None:
    games = {game.number: game for game in record.games.all()}
    for summary in report.games:
        game = games.get(summary.number)
        if game is None:
            continue
        game.crawford, game.winner = summary.crawford, summary.winner
        game.points = summary.points if summary.winner is not None and summary.counted else None
        game.points_written = summary.written_points
        game.result_kind = summary.result.value if summary.result else ""
        game.ended_by = summary.ended_by or ""
        game.cube_value, game.cube_owner = summary.cube, summary.cube_owner
    MatchGame.objects.bulk_update(games.values(), [
        "crawford", "winner", "points", "points_written", "result_kind", "ended_by",
        "cube_value", "cube_owner",
    ])
    _store_turn_details(record, report)


def _store_turn_details(record: MatchRecord, report) -> None:
    """Position IDs before each action and canonical plays."""
    details = {(game.number, turn.line, turn.player, turn.action): turn
               for game in report.games for turn in game.turns}
    changed = []
    for turn in MatchTurn.objects.filter(game__record=record).select_related("game"):
        detail = details.get((turn.game.number, turn.line, turn.player, turn.kind))
        if detail is not None:
            turn.position_id, turn.canonical = detail.position_id, detail.canonical or ""
            changed.append(turn)
    MatchTurn.objects.bulk_update(changed, ["position_id", "canonical"], batch_size=500)
