"""Advancing a bracket: who plays in each match, given the entrants and the results so far.

:func:`bracket_state` is a pure function of (graph, entrants, results): there is no stored
progress to get out of step, the same results reported in any order give the same state,
and a correction is just another call with the corrected results.

A result names the winner of a match by slot (``0`` or ``1``: any ``int`` is read as a
slot) or by entrant (``Winner(key)``, or a bare key that is not an ``int``). Wrap integer
keys such as player ids in ``Winner`` so they are not taken for a slot.

After a correction a result may have been played by players who no longer belong in its
match (:func:`resolve`'s ``played``): such a result is held back (the match reads as not
played, so nobody advances from it into a match they did not earn) until a referee lets it
stand (``stands``): then its winner and loser, the players who played it, go on.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum

from .errors import EntrantsError, MatchNotReadyError, UnknownMatchError, WinnerNotInMatchError
from .graph import Bracket, Bye, LoserOf, Match, Seed, Slot, WinnerOf
from .i18n import gettext_noop


class _ByeMarker(Enum):
    """Nobody: what a bye slot resolves to. Falsy, so ``if participant`` reads "a player"."""

    BYE = "bye"

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "BYE"


BYE = _ByeMarker.BYE

#: A resolved slot: an entrant key, ``BYE`` (nobody), or None (not known yet).
Participant = Hashable | None


class Status(StrEnum):
    WAITING = "waiting"    # a participant is not known yet
    READY = "ready"        # both known: to be played
    FINISHED = "finished"  # played: the result is in
    BYE = "bye"            # a bye in a slot: the other side advances without playing
    SKIPPED = "skipped"    # not needed: the reset when the winners' bracket champion won F1


@dataclass(frozen=True, slots=True)
class Winner:
    """A result naming the winning entrant rather than the winning slot."""

    entrant: Hashable


@dataclass(frozen=True, slots=True)
class MatchState:
    match: Match
    participants: tuple[Participant, Participant]
    status: Status
    winner: Participant = None
    loser: Participant = None
    #: Who played it, when a referee let stand a result played by others than the
    #: participants (``winner`` and ``loser`` are then two of these).
    played: tuple[Participant, Participant] | None = None

    @property
    def id(self) -> str:
        return self.match.id

    @property
    def seeds(self) -> tuple[Participant, Participant]:
        """The participants, read as seeds (under :func:`resolve` every entrant is its seed)."""
        return self.participants


@dataclass(frozen=True, slots=True)
class BracketState(Mapping):
    """Every match's state, in the graph's order; also a mapping from match id to state."""

    bracket: Bracket
    #: The entrant keys in seed order (seed 1 first).
    entrants: tuple[Hashable, ...]
    states: tuple[MatchState, ...]
    _by_id: dict[str, MatchState] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {s.match.id: s for s in self.states})

    def __getitem__(self, match_id: str) -> MatchState:
        try:
            return self._by_id[match_id]
        except (KeyError, TypeError):
            raise UnknownMatchError(match_id) from None

    def __contains__(self, match_id: object) -> bool:
        return match_id in self._by_id

    def get(self, match_id: str, default=None):
        return self._by_id.get(match_id, default)

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self.states)

    @property
    def ready(self) -> tuple[MatchState, ...]:
        """Who plays whom next: the matches that can be played now, in the graph's order."""
        return tuple(s for s in self.states if s.status == Status.READY)

    @property
    def finished(self) -> bool:
        """True when nothing is left to play (every match played, a bye, or skipped)."""
        return all(s.status not in (Status.WAITING, Status.READY) for s in self.states)

    def due_elsewhere(self, match_id: str, entrants: Collection[Hashable]) -> set[Hashable]:
        """Which of ``entrants`` are due in a match still to play (ready, or waiting on an
        opponent) other than ``match_id`` and those its winner and loser go to: a result
        they played in someone else's place cannot stand (they would be in two places)."""
        found = set()
        for state in self.states:
            if state.id == match_id or state.status not in (Status.WAITING, Status.READY):
                continue
            for slot, entrant in zip(state.match.slots, state.participants, strict=True):
                fed = isinstance(slot, WinnerOf | LoserOf) and slot.match == match_id
                if entrant in entrants and not fed:
                    found.add(entrant)
        return found


def bracket_state(bracket: Bracket, entrants: Mapping[int, Hashable] | Sequence[Hashable],
                  results: Mapping[str, object]) -> BracketState:
    """Each match's participants, status, winner and loser.

    ``entrants``: seed -> entrant key (or a list, strongest first). ``results``: match id
    -> winner (see the module doc). A result for a match that is not ready, or whose
    winner is not in the match, is refused with a typed error.
    """
    return _resolve(bracket, _seeds(bracket, entrants), results, strict=True)


def resolve(bracket: Bracket, results: Mapping[str, object], *, strict: bool = True,
            played: Mapping[str, tuple] | None = None,
            stands: Collection[str] = ()) -> BracketState:
    """:func:`bracket_state` with every entrant keyed by its own seed.

    ``strict=False`` (after a correction): a result for a match that is no longer ready
    (a reset no longer needed) is left out instead of refused.

    ``played``: match id -> the two seeds who played its result. A result played by
    others than the match's participants is held back (the match reads as ready, later
    matches wait on it) unless its id is in ``stands`` (a referee let it stand): then the
    players who played it go on, the winner by winning, the loser by losing."""
    seeds = range(1, bracket.entrants + 1)
    return _resolve(bracket, dict(zip(seeds, seeds, strict=True)), results, strict=strict,
                    played=played or {}, stands=frozenset(stands))


def ready_matches(bracket: Bracket, entrants, results) -> tuple[MatchState, ...]:
    """Who plays whom next."""
    return bracket_state(bracket, entrants, results).ready


def _seeds(bracket: Bracket, entrants) -> dict[int, Hashable]:
    if not isinstance(entrants, Mapping):
        entrants = dict(enumerate(entrants, start=1))
    if set(entrants) != set(range(1, bracket.entrants + 1)):
        raise EntrantsError(gettext_noop("Entrants must be given for seeds 1 to %(count)s, once "
                                         "each."), count=bracket.entrants)
    keys = list(entrants.values())
    if any(key is None or key is BYE or isinstance(key, Winner) for key in keys):
        raise EntrantsError(gettext_noop("An entrant key cannot be None, BYE or a Winner."))
    if len(set(keys)) != len(keys):
        raise EntrantsError(gettext_noop("Two seeds have the same entrant."))
    return dict(entrants)


def _resolve(bracket: Bracket, seeds: dict[int, Hashable], results: Mapping[str, object],
             *, strict: bool, played: Mapping[str, tuple] | None = None,
             stands: frozenset = frozenset()) -> BracketState:
    """One pass in graph order (every match comes after the matches it depends on).
    Not strict: a result that no longer applies (after a correction) is left out."""
    for match_id in results:
        bracket.match(match_id)  # refuses unknown ids
    states: dict[str, MatchState] = {}
    for match in bracket.matches:
        participants = (_slot(match.slots[0], seeds, states),
                        _slot(match.slots[1], seeds, states))
        states[match.id] = _match_state(bracket, match, participants, results, states,
                                        strict=strict, played=(played or {}).get(match.id),
                                        stands=match.id in stands)
    entrants = tuple(seeds[k] for k in range(1, bracket.entrants + 1))
    return BracketState(bracket, entrants, tuple(states.values()))


def _slot(slot: Slot, seeds: dict[int, Hashable], states: dict[str, MatchState]
          ) -> Participant:
    if isinstance(slot, Seed):
        return seeds.get(slot.seed, BYE)
    if isinstance(slot, Bye):
        return BYE
    source = states[slot.match]
    return source.winner if isinstance(slot, WinnerOf) else source.loser


#: Why a match with a result cannot take it, by the status it has without one.
_NOT_READY = {
    Status.WAITING: "its players are not known yet",
    Status.BYE: "it is a bye, there is nothing to play",
    Status.SKIPPED: "the reset is not needed (the winners' bracket champion won F1)",
}


def _match_state(bracket: Bracket, match: Match, participants, results, states, *,
                 strict: bool, played: tuple | None = None,
                 stands: bool = False) -> MatchState:
    unplayed = _unplayed(bracket, match, participants, states)
    reported = match.id in results
    if unplayed is not None:
        if reported and strict:
            raise MatchNotReadyError(match.id, _NOT_READY[unplayed.status])
        return unplayed
    others = played is not None and set(played) != set(participants)
    if not reported or (others and not stands):
        # Not played, or played by others: nobody goes on from it until a referee rules.
        return MatchState(match, participants, Status.READY)
    who = tuple(played) if others else participants
    slot = _winner_slot(match, who, results[match.id], strict=strict)
    if slot is None:
        return MatchState(match, participants, Status.READY)
    return MatchState(match, participants, Status.FINISHED, who[slot], who[1 - slot],
                      who if others else None)


def _unplayed(bracket: Bracket, match: Match, participants, states) -> MatchState | None:
    """The state of a match that cannot be played (yet): skipped, waiting, or a bye (the
    other side advances; a bye against a bye advances a bye)."""
    a, b = participants
    if match.id == bracket.reset and _reset_not_needed(match, states):
        return MatchState(match, participants, Status.SKIPPED)
    if a is None or b is None:
        return MatchState(match, participants, Status.WAITING)
    if a is BYE or b is BYE:
        return MatchState(match, participants, Status.BYE, b if a is BYE else a, BYE)
    return None


def _reset_not_needed(match: Match, states: dict[str, MatchState]) -> bool:
    """The reset's slot 1 is the winner of F1: not needed once F1's slot 0 (the winners'
    bracket champion, never beaten) has won it."""
    first = states[match.slots[1].match]
    return first.status == Status.FINISHED and first.winner == first.participants[0]


def _winner_slot(match: Match, participants, winner: object, *, strict: bool) -> int | None:
    if isinstance(winner, bool):  # neither a slot nor a sensible key
        slot = None
    elif isinstance(winner, int):
        slot = winner if winner in (0, 1) else None
    else:
        key = winner.entrant if isinstance(winner, Winner) else winner
        slot = participants.index(key) if key in participants else None
    if slot is None and strict:
        raise WinnerNotInMatchError(match.id, winner, participants)
    return slot


@dataclass(frozen=True, slots=True)
class Change:
    """A match whose participants a correction changes. ``played``: it has a result, so it
    was played by someone who should not have been there (a referee decides)."""

    match: str
    before: tuple[Participant, Participant]
    after: tuple[Participant, Participant]
    played: bool


def changed_matches(bracket: Bracket, entrants, before: Mapping[str, object],
                    after: Mapping[str, object]) -> tuple[Change, ...]:
    """The matches whose participants differ between two sets of results, in graph order.

    After a correction, later results may name a winner who is no longer in the match, or
    sit on a match that is no longer ready: such a result is left out (its match counts
    as not played) instead of being refused, so every consequence is reported at once.
    """
    seeds = _seeds(bracket, entrants)
    old = _resolve(bracket, seeds, before, strict=False)
    new = _resolve(bracket, seeds, after, strict=False)
    return tuple(
        Change(state.id, old[state.id].participants, state.participants, state.id in after)
        for state in new.states if old[state.id].participants != state.participants
    )
