"""Writing finished matches: one row per source match, created or updated in place.

Every writer (match records today; tournament, ladder and league matches next) goes
through :func:`finished_match_record`, which refuses players who are not members of the
club and winners who did not play.
"""

import datetime

from django.db import transaction
from django.utils.translation import gettext

from clubs.models import Club, Player
from clubs.permissions import club_players
from clubs.services.locks import lock_row
from config.texts import StoredText, english, stored

from .models import FinishedMatch
from .signals import finished_matches_changed


def _changed(*, club_id: int, at: datetime.datetime, match_id: int) -> None:
    """Tell the apps above that the club's finished matches changed from this match on (in
    the finishing order); their receivers act once this transaction commits."""
    finished_matches_changed.send(sender=FinishedMatch, club_id=club_id, at=at,
                                  match_id=match_id)


class FinishedMatchError(ValueError):
    """A finished match that cannot be stored as given."""


def _members(club: Club, players: list[Player]) -> None:
    """Members past or present: a result is history, and a ruling or a correction after a
    player left the club must still land (the writes that start a match ask for current
    members: the upload, the entry, the ladder, the league)."""
    club_players(club=club, players=players, past_too=True, error=FinishedMatchError)


@transaction.atomic
def finished_match_record(
    *, club: Club, source: str, source_id: int, player_a: Player, player_b: Player | None,
    length: int, winner: Player | None, finished_at: datetime.datetime,
    score_a: int | None = None, score_b: int | None = None,
    outcome: str = FinishedMatch.Outcome.PLAYED, event: str | StoredText = "",
) -> FinishedMatch:
    """Create or update the row of one source match (a correction updates it in place).
    ``event`` is a plain name or a sentence to translate wherever it is shown."""
    if source not in FinishedMatch.Source.values:
        raise FinishedMatchError(gettext("Unknown source %(source)r.") % {"source": source})
    if outcome not in FinishedMatch.Outcome.values:
        raise FinishedMatchError(gettext("Unknown outcome %(outcome)r.")
                                 % {"outcome": outcome})
    players = [p for p in (player_a, player_b) if p is not None]
    if player_b is not None and player_a.pk == player_b.pk:
        raise FinishedMatchError(gettext("A match needs two different players."))
    if outcome != FinishedMatch.Outcome.VOID and (winner is None or winner.pk not in
                                                   {p.pk for p in players}):
        raise FinishedMatchError(gettext("The winner must be one of the two players."))
    if not 1 <= length <= 64:
        raise FinishedMatchError(gettext("A match length is 1 to 64 points, not %(length)s.")
                                 % {"length": length})
    _members(club, players)
    values = {
        "club": club, "player_a": player_a, "player_b": player_b, "length": length,
        "winner": None if outcome == FinishedMatch.Outcome.VOID else winner,
        "score_a": score_a, "score_b": score_b, "finished_at": finished_at,
        "outcome": outcome, "event": english(event)[:200], "event_message": stored(event),
    }
    row = lock_row(FinishedMatch, missing_ok=True, source=source, source_id=source_id)
    if row is None:
        row = FinishedMatch.objects.create(source=source, source_id=source_id, **values)
        _changed(club_id=club.pk, at=row.finished_at, match_id=row.pk)
        return row
    before_club, before_at = row.club_id, row.finished_at
    for field, value in values.items():
        setattr(row, field, value)
    row.save()
    if before_club != row.club_id:
        _changed(club_id=before_club, at=before_at, match_id=row.pk)
    _changed(club_id=row.club_id, at=min(before_at, row.finished_at), match_id=row.pk)
    return row


@transaction.atomic
def finished_match_void(*, source: str, source_id: int) -> FinishedMatch | None:
    """Mark a source match's row void (kept, never deleted); None when it has no row."""
    row = lock_row(FinishedMatch, missing_ok=True, source=source, source_id=source_id)
    if row is not None and row.outcome != FinishedMatch.Outcome.VOID:
        row.outcome, row.winner = FinishedMatch.Outcome.VOID, None
        row.save(update_fields=["outcome", "winner", "updated_at"])
        _changed(club_id=row.club_id, at=row.finished_at, match_id=row.pk)
    return row
