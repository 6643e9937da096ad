"""Dice: validation and the 21 distinct rolls, computed once."""

from __future__ import annotations

from .errors import InvalidDiceError

#: The 21 distinct rolls as (higher, lower), with their chance out of 36.
ROLLS: tuple[tuple[int, int], ...] = tuple(
    (high, low) for high in range(1, 7) for low in range(1, high + 1)
)
ROLL_WEIGHTS: dict[tuple[int, int], int] = {
    roll: 1 if roll[0] == roll[1] else 2 for roll in ROLLS
}
_VALID = {(a, b): (max(a, b), min(a, b)) for a in range(1, 7) for b in range(1, 7)}


def normalize_dice(dice) -> tuple[int, int]:
    """The roll as (higher, lower); raises InvalidDiceError unless it is two dice of 1-6."""
    try:
        return _VALID[tuple(dice)]
    except (KeyError, TypeError):
        raise InvalidDiceError(dice) from None
