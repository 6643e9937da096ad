"""The graph of a knockout event: matches with two slots each, and its JSON form.

A slot says where a player comes from: an entrant by seed (``Seed(k)``), nobody
(``Bye()``), the winner of a match (``WinnerOf(id)``) or its loser (``LoserOf(id)``).
Every format (single, double elimination, consolation, last chance) is one such graph, so
advancing, corrections and placings are written once for all of them.

Match ids are short, readable and stable for a given format, size and settings:
``M<r>-<i>`` main flight (double elimination's winners' bracket), ``L<r>-<i>`` losers'
bracket, ``C<r>-<i>`` consolation, ``LC<r>-<i>`` last chance (round r, match i, both from
1), ``F1`` the grand final and ``F2`` its reset.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .errors import UnknownMatchError


class Flight(StrEnum):
    MAIN = "main"
    LOSERS = "losers"
    FINAL = "final"
    CONSOLATION = "consolation"
    LAST_CHANCE = "last_chance"


#: The id prefix of each flight's matches (the final's are just F1 and F2).
PREFIX = {Flight.MAIN: "M", Flight.LOSERS: "L", Flight.FINAL: "F",
          Flight.CONSOLATION: "C", Flight.LAST_CHANCE: "LC"}


@dataclass(frozen=True, slots=True)
class Seed:
    """The entrant seeded ``seed`` (1 is the strongest)."""

    seed: int


@dataclass(frozen=True, slots=True)
class Bye:
    """Nobody: the other slot's player advances without playing."""


@dataclass(frozen=True, slots=True)
class WinnerOf:
    match: str


@dataclass(frozen=True, slots=True)
class LoserOf:
    """The loser of a match; the loser of a bye is a bye."""

    match: str


Slot = Seed | Bye | WinnerOf | LoserOf


@dataclass(frozen=True, slots=True)
class Match:
    """One match of the graph: ``round`` counts from 1 within the flight, ``index`` from 1
    within the round."""

    id: str
    flight: Flight
    round: int
    index: int
    slots: tuple[Slot, Slot]


@dataclass(frozen=True, slots=True)
class Bracket:
    """The whole graph. ``matches`` is in dependency order (every match after the matches its
    slots name), so one pass over it resolves the bracket."""

    format: str
    entrants: int
    matches: tuple[Match, ...]
    #: The grand final's reset: played only if the losers' bracket winner wins ``F1``.
    reset: str | None = None
    _by_id: dict[str, Match] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {m.id: m for m in self.matches})

    def __contains__(self, match_id: object) -> bool:
        return match_id in self._by_id

    def match(self, match_id: str) -> Match:
        try:
            return self._by_id[match_id]
        except (KeyError, TypeError):
            raise UnknownMatchError(match_id) from None

    def flight(self, flight: str) -> tuple[Match, ...]:
        return tuple(m for m in self.matches if m.flight == flight)

    def rounds(self, flight: str) -> int:
        """How many rounds the flight has (0 when the format has no such flight)."""
        return max((m.round for m in self.matches if m.flight == flight), default=0)


def slot_json(slot: Slot, entrants: int) -> dict:
    """One slot as ``bracket_plan`` prints it; a seed above the field is a bye."""
    if isinstance(slot, Seed):
        return {"seed": slot.seed} if slot.seed <= entrants else {"bye": True}
    if isinstance(slot, Bye):
        return {"bye": True}
    if isinstance(slot, WinnerOf):
        return {"winner_of": slot.match}
    return {"loser_of": slot.match}


def to_json(bracket: Bracket) -> dict:
    """The graph as plain JSON values: every match, byes included, in dependency order."""
    return {"matches": [
        {"id": m.id, "flight": str(m.flight), "round": m.round,
         "slots": [slot_json(s, bracket.entrants) for s in m.slots]}
        for m in bracket.matches
    ]}
