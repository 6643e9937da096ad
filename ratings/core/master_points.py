"""Master points after the USBGF formulas (the January 2019 revision).

    Match Win Master Points = Event Weight * Division Weight * sqrt(Match Length) / 3
    Placement Master Points = Event Weight * Division Weight * 0.6 * log2(Players) * Rank Factor
    Rank Factor: 1st 1.0, 2nd 0.7, rank R >= 3: 1 / (R - 1)

"Once Master Points are earned, they are never lost": every amount here is >= 0. Players
tied at a rank "split the points for the next N consecutive ranks" (two semi-final losers
tied at 3rd share the factors of ranks 3 and 4).

The event weight comes from the tournament's flight (main, consolation, last chance) and
the division weight from the division's rank (1st division 1.0, 2nd 0.7, the rest 0.5, as
in the USBGF table); both are per-tournament settings.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .errors import RatingInputError
from .formula import check_length


class Flight(StrEnum):
    MAIN = "main"
    CONSOLATION = "consolation"
    LAST_CHANCE = "last_chance"


@dataclass(frozen=True, slots=True)
class MasterPointWeights:
    """A tournament's weights: per flight (event weight) and per division rank."""

    main: float = 1.0
    consolation: float = 0.7
    last_chance: float = 0.5
    divisions: tuple[float, ...] = (1.0, 0.7, 0.5)  # division rank 1, 2, 3 and lower

    def __post_init__(self) -> None:
        weights = (self.main, self.consolation, self.last_chance, *self.divisions)
        if not self.divisions or any(not 0 <= w < math.inf for w in weights):
            raise RatingInputError(f"master point weights must be finite and >= 0: {self}")

    def event_weight(self, flight: Flight | str) -> float:
        return getattr(self, Flight(flight).value)

    def division_weight(self, division_rank: int = 1) -> float:
        if division_rank < 1:
            raise RatingInputError(f"division rank must be >= 1, not {division_rank}")
        return self.divisions[min(division_rank, len(self.divisions)) - 1]

    def weight(self, flight: Flight | str = Flight.MAIN, division_rank: int = 1) -> float:
        """Event weight x division weight: the factor common to both kinds of points."""
        return self.event_weight(flight) * self.division_weight(division_rank)


DEFAULT_WEIGHTS = MasterPointWeights()


def rank_factor(rank: int) -> float:
    """1st 1.0, 2nd 0.7, rank R >= 3: 1 / (R - 1)."""
    if rank < 1:
        raise RatingInputError(f"rank must be >= 1, not {rank}")
    return 1.0 if rank == 1 else 0.7 if rank == 2 else 1.0 / (rank - 1)


def match_win_points(length: int, weight: float = 1.0) -> float:
    """Points for one match won: weight x sqrt(length) / 3."""
    check_length(length)
    return _checked(weight) * math.sqrt(length) / 3.0


def placement_points(players: int, rank: int, weight: float = 1.0, *, tied: int = 1) -> float:
    """Points for finishing at ``rank`` among ``players`` (``tied`` players sharing it)."""
    if players < 1 or tied < 1 or rank + tied - 1 > players:
        raise RatingInputError(f"rank {rank} (tied {tied}) does not fit {players} players")
    factor = sum(rank_factor(r) for r in range(rank, rank + tied)) / tied
    return _checked(weight) * 0.6 * math.log2(players) * factor


def _checked(weight: float) -> float:
    if not 0 <= weight < math.inf:
        raise RatingInputError(f"a master point weight must be finite and >= 0, not {weight}")
    return weight


def tournament_master_points(*, wins: Iterable[int], players: int, rank: int | None,
                             tied: int = 1, flight: Flight | str = Flight.MAIN,
                             division_rank: int = 1,
                             weights: MasterPointWeights = DEFAULT_WEIGHTS) -> float:
    """A player's master points from one tournament flight.

    ``wins`` are the lengths of the matches they won; ``rank`` is None when they did not
    place (only the designated top finishers get placement points).
    """
    weight = weights.weight(flight, division_rank)
    total = sum(match_win_points(length, weight) for length in wins)
    if rank is not None:
        total += placement_points(players, rank, weight, tied=tied)
    return total
