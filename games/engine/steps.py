"""One checker step on private scratch lists: the rules of a single move live here.

``m`` and ``o`` are lists of the mover's and the opponent's counts (index 1..24 points from
that side, 25 bar, 0 off); the opponent's count on the mover's point p is ``o[25 - p]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress

BAR = 25
_POINTS_DOWN = tuple(range(24, 0, -1))
_BAR_ONLY = (BAR,)
# "A checker may never land on a point occupied by two or more enemy checkers."
_OPEN = (2).__gt__  # the opponent's count on the point is below two


def open_points(o: Sequence[int]) -> tuple[bool, ...]:
    """Whether the mover may land on each of its points 1..24 (index 0 unused).

    Hits during a turn only empty points of a single checker, so this holds for the whole
    turn.
    """
    return (False, *map(_OPEN, o[24:0:-1]))


def destination(m: Sequence[int], o: Sequence[int], src: int, die: int) -> int:
    """Where a checker from ``src`` lands with ``die``: a point, 0 for off, or -1 if it can't.

    The caller has checked that the mover has a checker on ``src`` and that the bar rule
    allows moving it.
    """
    dst = src - die
    if dst > 0:
        return dst if _OPEN(o[25 - dst]) else -1
    return bear_off(m, src, dst)


def bear_off(m: Sequence[int], src: int, dst: int) -> int:
    """0 when the checker on ``src`` may bear off with a die reaching ``dst`` (<= 0), else -1."""
    # "A player may not bear off any checkers unless all of his checkers are in his
    # home board."
    if any(m[7:26]):
        return -1
    # "A number may not be used to bear off checkers from a lower point unless there are
    # no checkers on any higher points."
    if dst < 0 and any(m[src + 1:7]):
        return -1
    return 0


def sources(m: Sequence[int]) -> Sequence[int]:
    """The points a checker may leave now, highest first.

    "A player with one or more checkers on the bar may not move any other checkers until
    all of the checkers on the bar have re-entered the opponents home field."
    """
    if m[BAR]:
        return _BAR_ONLY
    return list(compress(_POINTS_DOWN, m[24:0:-1]))


def occupied(m: Sequence[int]) -> list[int]:
    """The mover's points 24..1 holding a checker, highest first (the bar not included)."""
    return list(compress(_POINTS_DOWN, m[24:0:-1]))


def step(m: list[int], o: list[int], src: int, dst: int) -> bool:
    """Move one checker; returns whether it hit.

    "If an opposing counter lands on a blot, the blot is hit and placed on the bar."
    """
    m[src] -= 1
    m[dst] += 1
    if dst and o[25 - dst] == 1:
        o[25 - dst] = 0
        o[BAR] += 1
        return True
    return False


def unstep(m: list[int], o: list[int], src: int, dst: int, hit: bool) -> None:
    m[src] += 1
    m[dst] -= 1
    if hit:
        o[25 - dst] = 1
        o[BAR] -= 1


def outside(m: Sequence[int]) -> int:
    """Checkers not yet in the home board (points 7-24 and the bar)."""
    return sum(m[7:26])
