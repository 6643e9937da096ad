"""Typed errors of the formats package: all ``ValueError`` subclasses, so a caller can catch
``FormatError`` (or ``ValueError``) once and still tell the cases apart when it needs to."""

from __future__ import annotations


class FormatError(ValueError):
    """Base class of every error this package raises."""


class UnknownFormatError(FormatError):
    """A format name this package does not build."""

    def __init__(self, name: object, known: tuple[str, ...]) -> None:
        self.name = name
        super().__init__(f"Unknown format {name!r}: use one of {', '.join(known)}.")


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
        super().__init__(f"No match {match_id!r} in this bracket.")


class MatchNotReadyError(FormatError):
    """A result for a match that cannot be played yet (or at all: a bye, a reset not
    needed). The match id is kept so a caller can point at it."""

    def __init__(self, match_id: str, reason: str) -> None:
        self.match_id = match_id
        super().__init__(f"Match {match_id} is not ready: {reason}.")


class WinnerNotInMatchError(FormatError):
    """A result whose winner is neither of the match's two participants."""

    def __init__(self, match_id: str, winner: object, participants: tuple) -> None:
        self.match_id = match_id
        self.winner = winner
        super().__init__(
            f"Match {match_id}: the winner {winner!r} is not in the match "
            f"(it is {participants[0]!r} v {participants[1]!r}; a slot is 0 or 1)."
        )


class NotFinishedError(FormatError):
    """Placings asked for while matches remain to be played."""


class MatchLengthError(FormatError):
    """A match length that backgammon clubs do not play: not odd, or outside 1-25."""
