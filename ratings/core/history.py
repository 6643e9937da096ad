"""Replaying a club's rated matches in the order they finished, with the full history.

``replay(matches, settings)`` returns the final standings ``{player: (rating, experience)}``
and one ``MatchChange`` per match: P, and for each player the rating and experience before
and after, the change and K. Players are any hashable ids (the Django layer passes player
ids); each match carries an opaque ``key`` (its id) that comes back in the history.

Incremental recompute. The history is a chain: a match's "before" values are the players'
"after" values of their previous matches, so only the matches from the first affected one
onward can change. The Django layer can therefore

1. keep one history row per (match, player) with the values of ``PlayerChange``, plus the
   match's order key (finish time, id) and P, and the current standings;
2. when a rated match is added, corrected, voided or moved to position M in the finishing
   order: take the snapshot just before M, i.e. each player's "after" values of their
   latest row before M (``standings_after(rows before M)``, or one query for the latest row
   per player); players with no row start fresh;
3. in one transaction (the club's rating list locked): delete the rows from M on, call
   ``replay(rated matches from M on, settings, start=snapshot)``, insert its history and
   store its standings as the club's list.

The result is exactly that of a full replay (same float operations in the same order; a
test checks it). Changing the club's settings changes every row: replay from the start.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from .errors import RatingInputError
from .formula import (
    DEFAULT_SETTINGS,
    FORMULAS,
    RatingSettings,
    Standing,
    check_length,
    exchange,
)


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """A finished rated match: ``winner`` is ``a`` or ``b``; ``key`` identifies it."""

    a: Hashable
    b: Hashable
    length: int
    winner: Hashable
    key: Hashable = None

    def __post_init__(self) -> None:
        check_length(self.length)
        if self.a == self.b:
            raise RatingInputError(f"match {self.key!r}: a and b are the same player "
                                   f"({self.a!r})")
        if self.winner != self.a and self.winner != self.b:
            raise RatingInputError(f"match {self.key!r}: winner {self.winner!r} is neither "
                                   f"{self.a!r} nor {self.b!r}")

    @property
    def loser(self) -> Hashable:
        return self.b if self.winner == self.a else self.a


@dataclass(frozen=True, slots=True)
class PlayerChange:
    """One player's line in one match: before, after, the change and the K used."""

    player: Hashable
    rating_before: float
    experience_before: int
    rating_after: float
    experience_after: int
    change: float  # rating_after - rating_before: > 0 for the winner, < 0 for the loser
    k: float

    @property
    def before(self) -> Standing:
        return Standing(self.rating_before, self.experience_before)

    @property
    def after(self) -> Standing:
        return Standing(self.rating_after, self.experience_after)


@dataclass(frozen=True, slots=True)
class MatchChange:
    """The history entry of one rated match."""

    key: Hashable
    length: int
    p: float  # the FIBS P: P_upset if the favourite won, 1 - P_upset if the underdog won
    winner: PlayerChange
    loser: PlayerChange

    @property
    def players(self) -> tuple[PlayerChange, PlayerChange]:
        return self.winner, self.loser


@dataclass(frozen=True, slots=True)
class Replay:
    """The final standings of every player seen (snapshot included) and the history."""

    standings: dict[Hashable, Standing]
    history: list[MatchChange]


def replay(matches: Iterable[RatedMatch], settings: RatingSettings = DEFAULT_SETTINGS, *,
           start: Mapping[Hashable, tuple[float, int]] | None = None) -> Replay:
    """Rate ``matches`` in order, from ``start`` (the snapshot) or from a fresh list."""
    standings = _snapshot(start)
    fresh = settings.start
    history = []
    for match in matches:
        winner, loser = match.winner, match.loser
        won = standings.get(winner, fresh)
        lost = standings.get(loser, fresh)
        result = exchange(won, lost, match.length, settings)
        winner_line = _line(winner, won, result.gain, match.length, result.winner_k)
        loser_line = _line(loser, lost, -result.loss, match.length, result.loser_k)
        standings[winner] = winner_line.after
        standings[loser] = loser_line.after
        history.append(MatchChange(match.key, match.length, result.p, winner_line, loser_line))
    return Replay(standings, history)


def replay_flat(matches: Iterable[tuple], settings: RatingSettings = DEFAULT_SETTINGS, *,
                start: Mapping[Hashable, tuple[float, int]] | None = None,
                ) -> tuple[dict, list[tuple]]:
    """``replay`` on plain tuples, for long lists (a national list's 500,000 matches): the
    same float operations in the same order, so the same numbers.

    ``matches`` are ``(key, a, b, length, winner)``, already checked. Returns the standings
    ``{player: (rating, experience)}`` and one history tuple per match: ``(key, length, P,
    winner, rating before, experience before, rating after, experience after, change, K,
    loser, rating before, experience before, rating after, experience after, change, K)``.
    """
    standings = {player: (s.rating, s.experience) for player, s in _snapshot(start).items()}
    fresh = (settings.start_rating, 0)
    flat = FORMULAS[settings.formula].flat
    history = []
    append = history.append
    for key, a, b, length, winner in matches:
        loser = b if winner == a else a
        w_rating, w_experience = standings.get(winner, fresh)
        l_rating, l_experience = standings.get(loser, fresh)
        p, w_k, l_k, gain, loss = flat(w_rating, w_experience, l_rating, l_experience, length,
                                       settings)
        w_after, l_after = w_rating + gain, l_rating + -loss
        standings[winner] = (w_after, w_experience + length)
        standings[loser] = (l_after, l_experience + length)
        append((key, length, p, winner, w_rating, w_experience, w_after, w_experience + length,
                gain, w_k, loser, l_rating, l_experience, l_after, l_experience + length, -loss,
                l_k))
    return standings, history


def standings_after(history: Iterable[MatchChange],
                    start: Mapping[Hashable, tuple[float, int]] | None = None,
                    ) -> dict[Hashable, Standing]:
    """The standings after the given history rows: each player's latest "after" values."""
    standings = _snapshot(start)
    for entry in history:
        for line in entry.players:
            standings[line.player] = line.after
    return standings


def _line(player: Hashable, before: Standing, change: float, length: int,
          k: float) -> PlayerChange:
    return PlayerChange(player, before.rating, before.experience, before.rating + change,
                        before.experience + length, change, k)


def _snapshot(start: Mapping[Hashable, tuple[float, int]] | None) -> dict[Hashable, Standing]:
    if not start:
        return {}
    snapshot = {}
    for player, (rating, experience) in start.items():
        if isinstance(experience, bool) or not isinstance(experience, int) or experience < 0:
            raise RatingInputError(f"snapshot of {player!r}: experience must be an int >= 0, "
                                   f"not {experience!r}")
        snapshot[player] = Standing(float(rating), experience)
    return snapshot
