"""Position: the board seen from the player on roll, with pip counts, diagram and Position ID.

Index 1..24 are a side's own points counted from that side, 25 its bar, 0 its borne-off
checkers. The opponent's point ``p`` is the mover's point ``25 - p``.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

from .diagram import render
from .errors import InvalidPositionError, InvalidPositionIdError

CHECKERS = 15
BAR = 25
OFF = 0
_START_POINTS = {24: 2, 13: 5, 8: 3, 6: 5}
_ID_PATTERN = re.compile(r"[A-Za-z0-9+/]{13}[AQgw]")
_MASKS = tuple((1 << n) - 1 for n in range(16))


@dataclass(frozen=True, slots=True)
class Position:
    """An immutable backgammon position, always seen from the player on roll."""

    mover: tuple[int, ...]
    opponent: tuple[int, ...]

    def __post_init__(self) -> None:
        mover, opponent = tuple(self.mover), tuple(self.opponent)
        object.__setattr__(self, "mover", mover)
        object.__setattr__(self, "opponent", opponent)
        problem = _problem(mover, opponent)
        if problem:
            raise InvalidPositionError(f"invalid position: {problem}")

    @classmethod
    def start(cls) -> Position:
        return START

    @classmethod
    def from_points(cls, mover: dict[int, int], opponent: dict[int, int]) -> Position:
        """Build from ``{point: count}`` (25 = bar); checkers not given are borne off."""
        return cls(_side_from_points(mover), _side_from_points(opponent))

    @classmethod
    def from_position_id(cls, position_id: str) -> Position:
        """Decode a GNU Backgammon Position ID (player on roll in the second half)."""
        if not isinstance(position_id, str) or not _ID_PATTERN.fullmatch(position_id):
            raise InvalidPositionIdError(str(position_id), "need 14 Base64 characters")
        try:
            raw = base64.b64decode(position_id + "==", validate=True)
        except binascii.Error as exc:  # pragma: no cover - the pattern already checks
            raise InvalidPositionIdError(position_id, str(exc)) from exc
        sides = _decode_key(int.from_bytes(raw, "little"), position_id)
        problem = _problem(sides[1], sides[0])
        if problem:
            raise InvalidPositionIdError(position_id, problem)
        return make_position(tuple(sides[1]), tuple(sides[0]))

    def position_id(self) -> str:
        """The GNU Backgammon Position ID: opponent bits first, the player on roll second."""
        key, shift = 0, 0
        for side in (self.opponent, self.mover):
            for index in range(1, 26):
                count = side[index]
                key |= _MASKS[count] << shift
                shift += count + 1
        return base64.b64encode(key.to_bytes(10, "little")).decode("ascii")[:14]

    def swap(self) -> Position:
        """The same board seen by the other player."""
        return make_position(self.opponent, self.mover)

    def pip_counts(self) -> tuple[int, int]:
        """(mover's pips, opponent's pips); a checker on the bar counts 25."""
        return _pips(self.mover), _pips(self.opponent)

    def diagram(self) -> str:
        return render(self.mover, self.opponent, position_id=self.position_id(),
                      pips=self.pip_counts())

    def __str__(self) -> str:
        return self.position_id()


def make_position(mover: tuple[int, ...], opponent: tuple[int, ...]) -> Position:
    """Build a Position from tuples already known to be valid (no checks: the hot path)."""
    position = object.__new__(Position)
    object.__setattr__(position, "mover", mover)
    object.__setattr__(position, "opponent", opponent)
    return position


def _pips(side: tuple[int, ...]) -> int:
    return sum(index * side[index] for index in range(1, 26))


def _side_from_points(points: dict[int, int]) -> tuple[int, ...]:
    side = [0] * 26
    for point, count in points.items():
        if not 1 <= point <= BAR:
            raise InvalidPositionError(f"point {point} is not 1-25")
        if count < 0:
            raise InvalidPositionError(f"negative count {count} on point {point}")
        side[point] += count
    side[OFF] = CHECKERS - sum(side)
    return tuple(side)


def _decode_key(key: int, position_id: str) -> list[list[int]]:
    sides: list[list[int]] = [[0] * 26, [0] * 26]
    player, index, bit = 0, 1, 0
    while player < 2:
        if bit >= 80:
            raise InvalidPositionIdError(position_id, "too few separators")
        if key >> bit & 1:
            sides[player][index] += 1
        else:
            index += 1
            if index == 26:
                player, index = player + 1, 1
        bit += 1
    if key >> bit:
        raise InvalidPositionIdError(position_id, "bits set after the second side")
    for side in sides:
        side[OFF] = CHECKERS - sum(side[1:])
    return sides


def _problem(mover: tuple[int, ...], opponent: tuple[int, ...]) -> str:
    """Why these tuples are not a position (gnubg's CheckPosition plus shape), or ''."""
    for name, side in (("mover", mover), ("opponent", opponent)):
        if len(side) != 26 or any(type(c) is not int or c < 0 for c in side):
            return f"{name} needs 26 non-negative ints"
        if sum(side) != CHECKERS:
            return f"{name} has {sum(side) - side[OFF]} checkers on the board and "\
                f"{side[OFF]} off, not {CHECKERS} in all"
    for point in range(1, 25):
        if mover[point] and opponent[25 - point]:
            return f"both sides on the mover's point {point}"
    if mover[BAR] and opponent[BAR] and _closed(mover) and _closed(opponent):
        return "both sides on the bar against closed boards"
    return ""


def _closed(side: tuple[int, ...]) -> bool:
    return all(side[point] >= 2 for point in range(1, 7))


START = Position(_side_from_points(_START_POINTS), _side_from_points(_START_POINTS))
