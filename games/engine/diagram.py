"""ASCII board diagram: X is the player on roll (home board bottom right), O the opponent.

It draws two sides' counts (index 1..24 points from that side, 25 bar, 0 off) and knows
nothing of ``Position``: ``Position.diagram()`` passes its sides, Position ID and pip counts
in, so the drawing sits below the position and imports no engine module.
"""

from __future__ import annotations

from collections.abc import Sequence

Side = Sequence[int]

_TOP = (tuple(range(13, 19)), tuple(range(19, 25)))
_BOTTOM = (tuple(range(12, 6, -1)), tuple(range(6, 0, -1)))
_ROWS = 5


def render(mover: Side, opponent: Side, *, position_id: str, pips: tuple[int, int]) -> str:
    """The board as text, with the Position ID and pip counts; X on roll, moving 24 -> 1."""
    sides = (mover, opponent)
    lines = [f" Position ID: {position_id}   X on roll"]
    lines.append(_numbers(_TOP))
    lines += [_row(sides, _TOP, row, opponent[25], "O") for row in range(_ROWS)]
    lines.append(" |                  |BAR|                  |")
    bottom = [_row(sides, _BOTTOM, row, mover[25], "X") for row in range(_ROWS)]
    lines += reversed(bottom)
    lines.append(_numbers(_BOTTOM))
    lines.append(f" X: {pips[0]} pips, {mover[0]} off;"
                 f" O: {pips[1]} pips, {opponent[0]} off")
    return "\n".join(lines)


def _numbers(halves: tuple[tuple[int, ...], tuple[int, ...]]) -> str:
    left, right = ("".join(f"{p:>3}" for p in half) for half in halves)
    return f" +{left}|   |{right}+"


def _row(sides: tuple[Side, Side], halves, row: int, bar_count: int, bar_char: str) -> str:
    left, right = ("".join(_cell(sides, p, row) for p in half) for half in halves)
    return f" |{left}|{_stack(bar_count, bar_char, row)}|{right}|"


def _cell(sides: tuple[Side, Side], point: int, row: int) -> str:
    mover, opponent = sides[0][point], sides[1][25 - point]
    if mover:
        return _stack(mover, "X", row)
    return _stack(opponent, "O", row)


def _stack(count: int, char: str, row: int) -> str:
    if count <= row:
        return "   "
    if row == _ROWS - 1 and count > _ROWS:
        return f"{count:^3}"
    return f" {char} "
