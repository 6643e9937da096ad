"""The dry run's checks of one row (pure: the row's cells in, its errors and values out),
and the checks across rows once names are people (duplicates, the same as a stored one).

Each error is a ``config.texts.StoredText`` (shown in the reader's language); a row gets
every error it has, not the first only.
"""

import datetime
import re

from config.spreadsheets import unquoted
from config.texts import StoredText
from games.engine.scoring import MAX_MATCH_LENGTH

KINDS = ("tournament", "league", "friendly")
YES, NO = ("yes", "y", "true", "1", "x"), ("no", "n", "false", "0", "")
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_ = StoredText.gettext


def plain(text: str) -> str:
    """A cell as written, without the quote an export put before a formula's sign."""
    return unquoted(text)


def _date(text: str, today: datetime.date, errors: list, column: str, required: bool = True
          ) -> datetime.date | None:
    if not text:
        if required:
            errors.append(_("The %(column)s is empty.", column=column))
        return None
    try:
        day = datetime.date.fromisoformat(text[:10])
        if len(text) > 10 and text[10] not in "T ":
            raise ValueError(text)
    except ValueError:
        errors.append(_("%(value)s is not a date written YYYY-MM-DD.", value=repr(text)))
        return None
    if day > today:
        errors.append(_("%(day)s is in the future.", day=day.isoformat()))
    return day


def _number(text: str, errors: list, column: str) -> int | None:
    try:
        number = int(text)
    except ValueError:
        errors.append(_("The %(column)s %(value)s is not a whole number.", column=column,
                        value=repr(text)))
        return None
    if number < 0:
        errors.append(_("The %(column)s %(value)s is below 0.", column=column,
                        value=repr(text)))
        return None
    return number


def _yes(text: str, errors: list, column: str) -> bool | None:
    word = text.strip().lower()
    if word in YES:
        return True
    if word in NO:
        return False
    errors.append(_("The %(column)s is %(value)s: write yes or no.", column=column,
                    value=repr(text)))
    return None


def result_row_check(data: dict, today: datetime.date) -> tuple[list, dict]:
    """A result row's errors and its values (None where a cell is wrong)."""
    errors: list = []
    day = _date(data.get("date", ""), today, errors, "date")
    player, opponent = plain(data.get("player", "")), plain(data.get("opponent", ""))
    if not player:
        errors.append(_("The player is empty."))
    if not opponent:
        errors.append(_("The opponent is empty."))
    if player and player == opponent:
        errors.append(_("%(name)s cannot play against themself.", name=player))
    length = _number(data.get("length", ""), errors, "length")
    if length is not None and not 1 <= length <= MAX_MATCH_LENGTH:
        errors.append(_("A match length is 1 to %(most)s points, not %(length)s.",
                        most=MAX_MATCH_LENGTH, length=length))
        length = None
    score_a = _number(data.get("score_player", ""), errors, "score_player")
    score_b = _number(data.get("score_opponent", ""), errors, "score_opponent")
    kind = data.get("kind", "").strip().lower()
    if kind not in KINDS:
        errors.append(_("The kind is %(value)s: write tournament, league or friendly.",
                        value=repr(data.get("kind", ""))))
    rated = _yes(data.get("rated", ""), errors, "rated")
    resigned = _yes(data.get("resigned", ""), errors, "resigned")
    if None not in (length, score_a, score_b):
        high, low = max(score_a, score_b), min(score_a, score_b)
        if high == low:
            errors.append(_("The score %(a)s-%(b)s names no winner.", a=score_a, b=score_b))
        elif low >= length:
            errors.append(_("Both scores, %(a)s-%(b)s, reach the length %(length)s.",
                            a=score_a, b=score_b, length=length))
        elif high < length and not resigned:
            errors.append(_("The score %(a)s-%(b)s does not finish a %(length)s-point match "
                            "(write yes under resigned if the loser resigned).",
                            a=score_a, b=score_b, length=length))
    return errors, {"date": day, "player": player, "opponent": opponent, "length": length,
                    "score_a": score_a, "score_b": score_b,
                    "event": plain(data.get("event", "")), "kind": kind, "rated": rated}


def member_row_check(data: dict, today: datetime.date) -> tuple[list, dict | None]:
    errors: list = []
    name = plain(data.get("name", "")).strip()
    if not name:
        errors.append(_("The name is empty."))
    elif len(name) > 120:
        errors.append(_("The name is longer than 120 characters."))
    email = data.get("email", "").strip()
    if email and not EMAIL.match(email):
        errors.append(_("%(value)s is not an email address.", value=repr(email)))
    joined = _date(data.get("joined", ""), today, errors, "joined", required=False)
    if errors:
        return errors, None
    return [], {"name": name, "email": email.lower(), "joined": joined}


def result_key(values: dict, a: int | str, b: int | str) -> tuple:
    """One match whichever player is written first."""
    return (values["date"], values["length"],
            frozenset({(a, values["score_a"]), (b, values["score_b"])}))
