"""Final placings of a finished bracket, per competition, as far as the format decides them.

A knockout only ranks players by how long they lasted: everyone who went out in the same
round shares a place (the two losing semi-finalists are 3rd=). Competitions: ``main``
(with double elimination's losers' bracket and grand final), ``consolation`` and
``last_chance``; a player who drops from one into the next is placed in both (a main
round-1 loser is, say, 9th= in the main flight and may win the consolation).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from .errors import NotFinishedError
from .graph import Flight
from .i18n import gettext_noop
from .state import BracketState, MatchState, Status

#: Which competition each flight belongs to.
COMPETITION = {Flight.MAIN: "main", Flight.LOSERS: "main", Flight.FINAL: "main",
               Flight.CONSOLATION: "consolation", Flight.LAST_CHANCE: "last_chance"}


@dataclass(frozen=True, slots=True)
class Placing:
    place: int
    #: Entrants sharing the place, in seed order.
    entrants: tuple[Hashable, ...]

    @property
    def label(self) -> str:
        """``1st``, ``2nd``, ``3rd=`` ... (``=`` when the place is shared)."""
        return ordinal(self.place) + ("=" if len(self.entrants) > 1 else "")


def ordinal(number: int) -> str:
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


def placings(state: BracketState) -> dict[str, tuple[Placing, ...]]:
    """Placings per competition (those the format has and someone entered), best first."""
    if not state.finished:
        waiting = [s.id for s in state.states if s.status in (Status.WAITING, Status.READY)]
        raise NotFinishedError(gettext_noop("The bracket is not finished: %(count)s match(es) "
                                            "to play, first %(first)s."),
                               count=len(waiting), first=waiting[0])
    seed_of = {entrant: seed for seed, entrant in enumerate(state.entrants, start=1)}
    result = {}
    for competition in dict.fromkeys(COMPETITION.values()):
        states = [s for s in state.states if COMPETITION[s.match.flight] == competition]
        ranked = _ranked(states)
        if ranked:
            result[competition] = tuple(_places(ranked, seed_of))
    return result


def _ranked(states: list[MatchState]) -> list[list[Hashable]]:
    """Groups of entrants, best first: the winner, then those out in the latest round.

    A player is out where they last lost, unless they play on (in graph order, which is
    each player's order of play): double elimination's drops, the grand final's loser when
    the reset is played, a player in whose place a referee let a result stand (who is out
    there instead; the one who played it plays on)."""
    flights = list(dict.fromkeys(s.match.flight for s in states))
    out: dict[Hashable, tuple[int, int]] = {}
    for s in states:
        if s.status not in (Status.FINISHED, Status.BYE):
            continue
        for entrant in s.played or s.participants:
            out.pop(entrant, None)
        if s.status == Status.FINISHED:
            where = (flights.index(s.match.flight), s.match.round)
            out[s.loser] = where
            for entrant in s.participants:
                if s.played and entrant and entrant not in s.played:
                    out[entrant] = where
    groups: dict[tuple[int, int], list[Hashable]] = {}
    for entrant, where in out.items():
        groups.setdefault(where, []).append(entrant)
    entered = dict.fromkeys(p for s in states for p in (*s.participants, *(s.played or ()))
                            if p)
    winner = [p for p in entered if p not in out]  # one, in a finished bracket
    return ([winner] if winner else []) + [groups[key] for key in sorted(groups, reverse=True)]


def _places(ranked: list[list[Hashable]], seed_of: dict) -> list[Placing]:
    places, place = [], 1
    for group in ranked:
        places.append(Placing(place, tuple(sorted(group, key=seed_of.__getitem__))))
        place += len(group)
    return places
