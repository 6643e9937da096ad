"""Referees' rulings on match records: the only way a standing result changes after the
check. Each ruling is an audit row (who, when, what, why, before/after), in one
transaction with the change it makes.
"""

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext

from audit.models import AuditEntry
from audit.services import audit_record
from clubs.permissions import is_referee
from games.engine import MatchScore
from games.models import MatchGame, MatchRecord, Ruling, Violation
from ops.locks import lock_row

from .match_results import match_record_result_publish


class RulingError(ValueError):
    """A ruling that cannot be made as asked."""


def _standing(record: MatchRecord) -> dict:
    return {"score": [record.score_left, record.score_right], "winner": record.winner}


def _game_state(game: MatchGame | None) -> dict:
    if game is None:
        return {}
    return {"game": game.number, "winner": game.winner, "points": game.points,
            "void": game.is_void}


def record_standing_recompute(*, record: MatchRecord) -> None:
    """Standing score = the points of every game not voided, to its winner; the match is
    won when the engine's ``MatchScore`` says the score is a final one (exactly one player
    has reached the length), by the player it names."""
    points_of = [0, 0]
    for winner, points in record.games.filter(is_void=False).values_list("winner", "points"):
        if winner is not None and points:
            points_of[winner] += points
    standing = MatchScore(record.match_length, (points_of[0], points_of[1]))
    record.score_left, record.score_right = standing.scores
    record.winner = standing.winner() if standing.is_final() else None
    record.save(update_fields=["score_left", "score_right", "winner"])


@transaction.atomic
def ruling_record(
    *,
    record: MatchRecord,
    referee,
    kind: str,
    reason: str,
    violation: Violation | None = None,
    game_number: int | None = None,
    winner: int | None = None,
    points: int | None = None,
) -> Ruling:
    """Record a ruling: the play stands, the game is void, or the result is corrected."""
    if not is_referee(user=referee, club=record.club):
        raise PermissionDenied(gettext("Only this club's referees can rule on its matches."))
    reason = (reason or "").strip()
    if not reason:
        raise RulingError(gettext("A ruling needs a reason."))
    record = lock_row(MatchRecord, pk=record.pk)
    if violation is not None and violation.rules_check.record_id != record.pk:
        raise RulingError(gettext("That violation belongs to another match."))
    number = game_number or (violation.game_number if violation else None)
    game = record.games.filter(number=number).first() if number else None
    if kind != Ruling.Kind.STANDS and game is None:
        raise RulingError(gettext("Name the game this ruling applies to."))
    before = {**_standing(record), **_game_state(game)}
    _apply(kind, game, winner=winner, points=points)
    if kind != Ruling.Kind.STANDS:
        record_standing_recompute(record=record)
        match_record_result_publish(record=record)
    after = {**_standing(record), **_game_state(game)}
    ruling = Ruling.objects.create(
        record=record, violation=violation, game=game, kind=kind, reason=reason,
        before=before, after=after, referee=referee,
    )
    audit_record(club_id=record.club_id, actor=referee, action=AuditEntry.Action.RULING,
                 target=record, reason=reason, before=before,
                 after={**after, "ruling": kind, "ruling_id": ruling.pk,
                        "violation_id": violation.pk if violation else None})
    return ruling


def _apply(kind: str, game: MatchGame | None, *, winner, points) -> None:
    if kind == Ruling.Kind.STANDS:
        return
    if kind == Ruling.Kind.VOID:
        game.is_void = True
        game.save(update_fields=["is_void"])
        return
    if kind != Ruling.Kind.CORRECT:
        raise RulingError(gettext("Unknown ruling %(kind)r.") % {"kind": kind})
    if winner not in (0, 1) or not points or points < 1:
        raise RulingError(
            gettext("A corrected result needs a winner (left or right) and points ≥ 1."))
    game.winner, game.points, game.is_void = winner, points, False
    game.save(update_fields=["winner", "points", "is_void"])
