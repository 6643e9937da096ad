"""Head-to-head records: for each player, their record against each opponent."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

from .errors import RatingInputError


@dataclass(frozen=True, slots=True)
class FinishedMatch:
    """A finished match: ``winner`` is ``a`` or ``b``; scores in points at the end."""

    a: Hashable
    b: Hashable
    winner: Hashable
    score_a: int
    score_b: int

    def __post_init__(self) -> None:
        if self.a == self.b or self.winner not in (self.a, self.b):
            raise RatingInputError(f"not a match between two players won by one: {self}")
        if self.score_a < 0 or self.score_b < 0:
            raise RatingInputError(f"scores must be >= 0: {self}")


@dataclass(frozen=True, slots=True)
class Record:
    """One player's record against one opponent."""

    matches: int = 0
    wins: int = 0
    losses: int = 0
    points_for: int = 0
    points_against: int = 0

    def plus(self, *, won: bool, points_for: int, points_against: int) -> Record:
        return Record(self.matches + 1, self.wins + won, self.losses + (not won),
                      self.points_for + points_for, self.points_against + points_against)


def head_to_head(matches: Iterable[FinishedMatch]) -> dict[Hashable, dict[Hashable, Record]]:
    """``result[player][opponent]`` is the player's record against that opponent."""
    records: dict[Hashable, dict[Hashable, Record]] = {}
    for match in matches:
        sides = ((match.a, match.b, match.score_a, match.score_b),
                 (match.b, match.a, match.score_b, match.score_a))
        for player, opponent, scored, conceded in sides:
            against = records.setdefault(player, {})
            against[opponent] = against.get(opponent, Record()).plus(
                won=match.winner == player, points_for=scored, points_against=conceded)
    return records
