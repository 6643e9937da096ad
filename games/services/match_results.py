"""A match record's standing result, published to the table of finished matches.

Called by the rules check (the file's result) and by rulings (a corrected or voided
result), inside their transaction: the row follows the record, it is never deleted.
"""

import datetime
import re

from django.utils import timezone

from games.models import MatchRecord
from results.models import FinishedMatch
from results.services import finished_match_record, finished_match_void

SOURCE = FinishedMatch.Source.MATCH_RECORD
_DATE = re.compile(r"^\s*(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})")


def match_record_result_publish(*, record: MatchRecord) -> FinishedMatch | None:
    """Write (or void) the record's row; money sessions and unfinished matches have none,
    nor has the evidence of a match another app records (its row is that match's)."""
    if record.is_money:
        return None
    if record.winner is None or record.is_evidence:  # unfinished, or every deciding game
        # voided by a ruling; or the file of a tournament, ladder or league match
        return finished_match_void(source=SOURCE, source_id=record.pk)
    winner = record.player_left if record.winner == MatchRecord.Side.LEFT else record.player_right
    return finished_match_record(
        club=record.club, source=SOURCE, source_id=record.pk, player_a=record.player_left,
        player_b=record.player_right, length=record.match_length, winner=winner,
        score_a=record.score_left, score_b=record.score_right,
        finished_at=record_played_at(record), event=record.tags.get("Event", "")[:200],
    )


def record_played_at(record: MatchRecord) -> datetime.datetime:
    """When the match was played: the file's EventDate (or Date) tag, else the upload time."""
    day = played_on(record.tags)
    if day is None:
        return record.uploaded_at
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time(12)))


def played_on(tags) -> datetime.date | None:
    """The day a match file says it was played: its EventDate (XG, gnubg; SGF's DT) or Date
    tag; None when it names no valid day."""
    for key in ("EventDate", "Date"):
        value = next((v for k, v in tags.items() if k.lower() == key.lower()), "")
        found = _DATE.match(value or "")
        if found:
            try:
                return datetime.date(*map(int, found.groups()))
            except ValueError:
                continue
    return None
