"""One checker step on private scratch lists: the rules of a single move live here.

``m`` and ``o`` are lists of the mover's and the opponent's counts (index 1..24 points from
that side, 25 bar, 0 off); the opponent's count on the mover's point p is ``o[25 - p]``.
"""

from __future__ import annotations

from collections.abc import Sequence

BAR = 25
_POINTS_DOWN = tuple(range(24, 0, -1))
_BAR_ONLY = (BAR,)


def destination(m: Sequence[int], o: Sequence[int], src: int, die: int) -> int:
    """Where a checker from ``src`` lands with ``die``: a point, 0 for off, or -1 if it can't.

    The caller has checked that the mover has a checker on ``src`` and that the bar rule
    allows moving it.
    """
    dst = src - die
    if dst > 0:
        # "A checker may never land on a point occupied by two or more enemy checkers."
        return -1 if o[25 - dst] >= 2 else dst
    # "A player may not bear off any checkers unless all of his checkers are in his
    # home board."
    for point in range(7, 26):
        if m[point]:
            return -1
    # "A number may not be used to bear off checkers from a lower point unless there are
    # no checkers on any higher points."
    if dst < 0:
        for point in range(src + 1, 7):
            if m[point]:
                return -1
    return 0


def sources(m: Sequence[int]) -> Sequence[int]:
    """The points a checker may leave now, highest first.

    "A player with one or more checkers on the bar may not move any other checkers until
    all of the checkers on the bar have re-entered the opponents home field."
    """
    if m[BAR]:
        return _BAR_ONLY
    return [point for point in _POINTS_DOWN if m[point]]


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
