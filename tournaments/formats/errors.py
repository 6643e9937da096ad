"""Typed errors of the formats package: all ``ValueError`` subclasses, so a caller can catch
``FormatError`` (or ``ValueError``) once and still tell the cases apart when it needs to."""

from __future__ import annotations

from .i18n import gettext_noop


class FormatError(ValueError):
    """Base class of every error this package raises. ``message`` is the text (marked with
    ``gettext_noop`` where people read it) with ``%(name)s`` placeholders, ``values`` what
    fills them: a caller translates the text first, then fills it in; ``str()`` is the
    English."""

    def __init__(self, message: str = "", /, **values) -> None:
        self.message, self.values = message, values
        super().__init__(message % values if values else message)

    @property
    def template(self) -> str:
        """The marked text (``config.refusals.refusal_text`` translates it, then fills it)."""
        return self.message

    def filled(self, template: str) -> str:
        return template % self.values if self.values else template


class UnknownFormatError(FormatError):
    """A format name this package does not build."""

    def __init__(self, name: object, known: tuple[str, ...]) -> None:
        self.name = name
        super().__init__(gettext_noop("Unknown format %(name)s: use one of %(known)s."),
                         name=repr(name), known=", ".join(known))


class EntrantCountError(FormatError):
    """Too few or too many entrants for a knockout."""


class SettingError(FormatError):
    """A setting that does not exist, or a value it cannot take."""


class EntrantsError(FormatError):
    """A seed -> entrant mapping that does not cover seeds 1..N once each."""


class UnknownMatchError(FormatError):
    """A match id that is not in the bracket."""

    def __init__(self, match_id: object) -> None:
        self.match_id = match_id
        super().__init__(gettext_noop("No match %(match)s in this bracket."),
                         match=repr(match_id))


class MatchNotReadyError(FormatError):
    """A result for a match that cannot be played yet (or at all: a bye, a reset not
    needed). The match id is kept so a caller can point at it."""

    def __init__(self, match_id: str, reason: str) -> None:
        self.match_id = match_id
        super().__init__(gettext_noop("Match %(match)s is not ready: %(reason)s."),
                         match=match_id, reason=reason)


class WinnerNotInMatchError(FormatError):
    """A result whose winner is neither of the match's two participants."""

    def __init__(self, match_id: str, winner: object, participants: tuple) -> None:
        self.match_id = match_id
        self.winner = winner
        super().__init__(
            gettext_noop("Match %(match)s: the winner %(winner)s is not in the match (it is "
                         "%(a)s v %(b)s; a slot is 0 or 1)."),
            match=match_id, winner=repr(winner), a=repr(participants[0]),
            b=repr(participants[1]))


class NotFinishedError(FormatError):
    """Placings asked for while matches remain to be played."""


class MatchLengthError(FormatError):
    """A match length that backgammon clubs do not play: not odd, or outside 1-25."""
