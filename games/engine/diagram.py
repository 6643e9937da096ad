"""ASCII board diagram: X is the player on roll (home board bottom right), O the opponent."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .position import Position

_TOP = (tuple(range(13, 19)), tuple(range(19, 25)))
_BOTTOM = (tuple(range(12, 6, -1)), tuple(range(6, 0, -1)))
_ROWS = 5


def render(position: Position) -> str:
    """The board as text, with the Position ID and pip counts; X on roll, moving 24 -> 1."""
    mover_pips, opponent_pips = position.pip_counts()
    lines = [f" Position ID: {position.position_id()}   X on roll"]
    lines.append(_numbers(_TOP))
    lines += [_row(position, _TOP, row, position.opponent[25], "O") for row in range(_ROWS)]
    lines.append(" |                  |BAR|                  |")
    bottom = [_row(position, _BOTTOM, row, position.mover[25], "X") for row in range(_ROWS)]
    lines += reversed(bottom)
    lines.append(_numbers(_BOTTOM))
    lines.append(f" X: {mover_pips} pips, {position.mover[0]} off;"
                 f" O: {opponent_pips} pips, {position.opponent[0]} off")
    return "\n".join(lines)


def _numbers(halves: tuple[tuple[int, ...], tuple[int, ...]]) -> str:
    left, right = ("".join(f"{p:>3}" for p in half) for half in halves)
    return f" +{left}|   |{right}+"


def _row(position: Position, halves, row: int, bar_count: int, bar_char: str) -> str:
    left, right = ("".join(_cell(position, p, row) for p in half) for half in halves)
    return f" |{left}|{_stack(bar_count, bar_char, row)}|{right}|"


def _cell(position: Position, point: int, row: int) -> str:
    mover, opponent = position.mover[point], position.opponent[25 - point]
    if mover:
        return _stack(mover, "X", row)
    return _stack(opponent, "O", row)


def _stack(count: int, char: str, row: int) -> str:
    if count <= row:
        return "   "
    if row == _ROWS - 1 and count > _ROWS:
        return f"{count:^3}"
    return f" {char} "
