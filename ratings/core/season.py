"""The season points race: points per match won, per evening attended, and for placings.

With the default settings a player gets 1 point per match won and 1 per attendance, and
for each placing the field size times a share: 1st the whole field, 2nd half of it, 3rd a
quarter (1st of 12 = 12 points, 2nd = 6, 3rd = 3). Every number is a club setting.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .errors import RatingInputError


@dataclass(frozen=True, slots=True)
class SeasonPointRules:
    per_match_win: float = 1.0
    per_attendance: float = 1.0
    placement_shares: tuple[float, ...] = (1.0, 0.5, 0.25)  # of the field size, by rank

    def __post_init__(self) -> None:
        values = (self.per_match_win, self.per_attendance, *self.placement_shares)
        if any(not 0 <= value < math.inf for value in values):
            raise RatingInputError(f"season point settings must be finite and >= 0: {self}")


@dataclass(frozen=True, slots=True)
class Placing:
    """A finish at ``rank`` in an event with ``field_size`` players."""

    rank: int
    field_size: int

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= self.field_size:
            raise RatingInputError(f"rank {self.rank} does not fit a field of "
                                   f"{self.field_size}")


@dataclass(frozen=True, slots=True)
class SeasonFacts:
    """What a player did in the season."""

    match_wins: int = 0
    attendances: int = 0
    placings: tuple[Placing, ...] = ()

    def __post_init__(self) -> None:
        if self.match_wins < 0 or self.attendances < 0:
            raise RatingInputError(f"counts must be >= 0: {self}")


DEFAULT_SEASON_RULES = SeasonPointRules()


def placing_points(placing: Placing, rules: SeasonPointRules = DEFAULT_SEASON_RULES) -> float:
    """Field size x the share for the rank (0 beyond the ranks that score)."""
    shares = rules.placement_shares
    share = shares[placing.rank - 1] if placing.rank <= len(shares) else 0.0
    return placing.field_size * share


def season_points(facts: SeasonFacts, rules: SeasonPointRules = DEFAULT_SEASON_RULES) -> float:
    """A player's season total from their facts."""
    return (facts.match_wins * rules.per_match_win
            + facts.attendances * rules.per_attendance
            + sum(placing_points(placing, rules) for placing in facts.placings))
