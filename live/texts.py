"""The live board's move list in the reader's language. The match file keeps gnubg's words
("Doubles => 2", "Wins 3 points", "25/22" with the bar as 25, an empty cell for a dance):
what a person reads is said here, through the catalogues, each play in the engine's one
notation (``format_moves``: "bar/22")."""

from django.utils.translation import gettext, ngettext, pgettext

from games.engine import InvalidNotationError, format_moves, parse_moves
from games.engine import matchfile as mf


def play_text(text: str) -> str:
    """A written play in the engine's notation ("25/22 13/9" -> "bar/22 13/9")."""
    try:
        return format_moves(parse_moves(text))
    except InvalidNotationError:
        return text


def event_text(event) -> str:
    """One action of the match file as the move list shows it."""
    if isinstance(event, mf.Roll):
        dice = f"{event.dice[0]}{event.dice[1]}"
        if event.kind is mf.RollKind.PLAY and event.text.strip():
            return f"{dice}: {play_text(event.text)}"
        if event.kind in (mf.RollKind.PLAY, mf.RollKind.EMPTY, mf.RollKind.CANNOT_MOVE):
            return gettext("%(dice)s: no move (dances)") % {"dice": dice}
        return f"{dice}:"
    if isinstance(event, (mf.Double, mf.Beaver, mf.Raccoon)):
        return _cube_text(event)
    if isinstance(event, mf.Take):
        return pgettext("cube", "takes")
    if isinstance(event, mf.Drop):
        return pgettext("cube", "drops")
    if isinstance(event, mf.Resign):
        return pgettext("game", "resigns")
    if isinstance(event, mf.Win):
        if event.and_match:
            return ngettext("wins %(points)s point and the match",
                            "wins %(points)s points and the match",
                            event.points) % {"points": event.points}
        return ngettext("wins %(points)s point", "wins %(points)s points",
                        event.points) % {"points": event.points}
    return mf.format_event(event).strip()


def _cube_text(event) -> str:
    value = {"value": event.value}
    if isinstance(event, mf.Beaver):
        if event.value:
            return pgettext("cube", "beavers to %(value)s") % value
        return pgettext("cube", "beavers")
    if isinstance(event, mf.Raccoon):
        if event.value:
            return pgettext("cube", "raccoons to %(value)s") % value
        return pgettext("cube", "raccoons")
    if event.value:
        return pgettext("cube", "doubles to %(value)s") % value
    return pgettext("cube", "doubles")
