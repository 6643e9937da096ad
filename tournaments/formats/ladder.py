"""Ladders (pure, standard library only): an ordered list of players, top first.

- A player may challenge anyone up to ``reach`` places above them (default 3).
- The challenged must play within ``days`` (default 14) or lose by default.
- When the challenger wins they take the challenged player's place and everyone between
  moves down one; when the challenger loses, nothing moves.
- No rematch between the same two until each has played someone else since.
- New players join at the bottom.
"""

from __future__ import annotations

import datetime
from collections.abc import Hashable, Mapping, Sequence

from .errors import FormatError
from .i18n import gettext_noop

DEFAULT_REACH = 3
DEFAULT_DAYS = 14


class ChallengeError(FormatError):
    """A challenge the ladder's rules refuse; the message says why."""


def join(ladder: Sequence[Hashable], player: Hashable) -> tuple:
    if player in ladder:
        raise ChallengeError(gettext_noop("%(player)s is already on the ladder."), player=player)
    return (*ladder, player)


def leave(ladder: Sequence[Hashable], player: Hashable) -> tuple:
    """Everyone below moves up one."""
    return tuple(p for p in ladder if p != player)


def check_challenge(ladder: Sequence[Hashable], challenger: Hashable, challenged: Hashable, *,
                    reach: int = DEFAULT_REACH,
                    last_opponent: Mapping[Hashable, Hashable] | None = None,
                    busy: frozenset | set = frozenset(),
                    names: Mapping[Hashable, str] | None = None) -> None:
    """Raise :class:`ChallengeError` unless ``challenger`` may challenge ``challenged``.

    ``last_opponent`` maps each player to whom they played last; ``busy`` holds the
    players already in an open challenge; ``names`` (optional) names players in the
    messages."""
    last_opponent = last_opponent or {}
    names = names or {}

    def name(player) -> str:
        return str(names.get(player, player))

    position = {p: i for i, p in enumerate(ladder)}
    for who in (challenger, challenged):
        if who not in position:
            raise ChallengeError(gettext_noop("%(player)s is not on the ladder."),
                                 player=name(who))
    if challenger == challenged:
        raise ChallengeError(gettext_noop("A player cannot challenge themselves."))
    gap = position[challenger] - position[challenged]
    if gap <= 0:
        raise ChallengeError(gettext_noop("Challenges go up the ladder, never down."))
    if gap > reach:
        raise ChallengeError(gettext_noop("%(player)s is %(gap)s places up: the reach is "
                                          "%(reach)s."),
                             player=name(challenged), gap=gap, reach=reach)
    if last_opponent.get(challenger) == challenged or last_opponent.get(challenged) == \
            challenger:
        raise ChallengeError(gettext_noop("%(challenger)s and %(challenged)s played each other "
                                          "last: each must play someone else first."),
                             challenger=name(challenger), challenged=name(challenged))
    for who in (challenger, challenged):
        if who in busy:
            raise ChallengeError(gettext_noop("%(player)s already has an open challenge."),
                                 player=name(who))


def apply_result(ladder: Sequence[Hashable], challenger: Hashable, challenged: Hashable,
                 challenger_won: bool) -> tuple:
    """The ladder after a challenge (a default is ``challenger_won=True``)."""
    ladder = list(ladder)
    if not challenger_won:
        return tuple(ladder)
    up, down = ladder.index(challenger), ladder.index(challenged)
    if up < down:  # the challenger already passed them (another result): nothing moves
        return tuple(ladder)
    ladder.pop(up)
    ladder.insert(down, challenger)
    return tuple(ladder)


def deadline(issued: datetime.datetime, days: int = DEFAULT_DAYS) -> datetime.datetime:
    return issued + datetime.timedelta(days=days)


def is_expired(issued: datetime.datetime, now: datetime.datetime,
               days: int = DEFAULT_DAYS) -> bool:
    return now >= deadline(issued, days)
