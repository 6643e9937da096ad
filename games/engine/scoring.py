"""Results and their value, the match score with the Crawford rule, and the GNU Match ID."""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass, replace
from enum import Enum

from .errors import GameStateError, InvalidMatchIdError
from .position import BAR, CHECKERS, Position
from .rules import Rule, Rules

#: The longest match, in points: the one bound of every door (the file readers, live play,
#: the table of finished matches and the database's checks). GNU Backgammon stops at 64
#: (shared match-format doc §18) and so does its Match ID's analysis; a longer "match" is
#: no match a club plays. 0 is a money session.
MAX_MATCH_LENGTH = 64


class ResultKind(Enum):
    SINGLE = "single"
    GAMMON = "gammon"
    BACKGAMMON = "backgammon"


_BASE_MULTIPLIER = {ResultKind.SINGLE: 1, ResultKind.GAMMON: 2}


def game_result(position: Position) -> ResultKind | None:
    """The result once a play's ``result`` shows the winner (``opponent``) with all 15 off.

    The loser is on roll in ``position``; None while the game is not over.
    """
    if position.opponent[0] != CHECKERS:
        return None
    loser = position.mover
    # "If the other player has not borne off any checkers by the time his opponent has
    # borne off all fifteen he has lost a gammon"
    if loser[0]:
        return ResultKind.SINGLE
    # "If he has not borne off any checkers and still has checkers on the bar or in his
    # opponent's home board ... he has lost a backgammon" (the winner's home board is the
    # loser's points 19-24).
    if any(loser[point] for point in range(19, BAR + 1)):
        return ResultKind.BACKGAMMON
    return ResultKind.GAMMON


def loser_on_bar(position: Position) -> bool:
    """Whether the loser (on roll in a finished ``position``) still has a checker on the bar."""
    return position.mover[BAR] > 0


def game_points(*, cube: int, kind: ResultKind, rules: Rules, cube_turned: bool,
                on_bar: bool = False) -> int:
    """THE one place that values a game: cube x 1, 2 or 3 (or the variants' multipliers)."""
    # Jacoby: "if the cube has not been doubled during the game, gammons and backgammons are
    # worth only one point" (money play only).
    if rules.jacoby_in_force and not cube_turned:
        return cube
    if kind is ResultKind.BACKGAMMON:
        # "Sometimes a distinction is made between pieces in the opponents home board
        # (triple loss) and pieces on the bar (quadruple loss)."
        if on_bar and rules.bar_backgammon_multiplier:
            return cube * rules.bar_backgammon_multiplier
        # "Note: in some countries, a backgammon is worth only double rather than triple."
        return cube * rules.backgammon_multiplier
    return cube * _BASE_MULTIPLIER[kind]


@dataclass(frozen=True, slots=True)
class MatchScore:
    """The score before a game; ``length`` 0 is a money session (never over)."""

    length: int
    scores: tuple[int, int] = (0, 0)
    crawford_played: bool = False
    crawford: bool = True

    def __post_init__(self) -> None:
        if self.length < 0 or min(self.scores) < 0 or len(self.scores) != 2:
            raise ValueError(f"invalid match score {self.scores} to {self.length}")

    def is_over(self) -> bool:
        return self.winner() is not None

    def winner(self) -> int | None:
        """"The first player to reach or exceed the set number of points" wins the match."""
        if not self.length:
            return None
        for player in (0, 1):
            if self.scores[player] >= self.length:
                return player
        return None

    def is_final(self) -> bool:
        """A score a finished match can stand at: "the first player to reach or exceed the
        set number of points" wins, and play stops there, so exactly one player has
        reached the length (the winner may pass it with a gammon or a doubled game)."""
        return bool(self.length) and sum(s >= self.length for s in self.scores) == 1

    def is_crawford_game(self) -> bool:
        """"If one player reaches a score of exactly 1 point less than the match target, the
        doubling cube is removed from play for the following game"; once only."""
        if not (self.length and self.crawford) or self.crawford_played or self.is_over():
            return False
        return [score == self.length - 1 for score in self.scores].count(True) == 1

    def is_post_crawford(self) -> bool:
        at_match_point = self.length - 1 in self.scores
        return bool(self.length and self.crawford) and at_match_point \
            and not self.is_crawford_game() and not self.is_over()

    def points_needed(self, player: int) -> int | None:
        return max(self.length - self.scores[player], 0) if self.length else None

    def after_game(self, winner: int, points: int) -> MatchScore:
        """The score after ``winner`` won ``points`` (real value, not capped)."""
        if self.is_over():
            raise GameStateError(f"the match is over at {self.scores}", Rule.MATCH_OVER)
        if winner not in (0, 1) or points < 1:
            raise ValueError(f"invalid game result: player {winner}, {points} points")
        scores = list(self.scores)
        scores[winner] += points
        played = self.crawford_played or self.is_crawford_game()
        return replace(self, scores=(scores[0], scores[1]), crawford_played=played)


# --- GNU Backgammon Match ID ---------------------------------------------------------------

_MATCH_ID = re.compile(r"[A-Za-z0-9+/]{12}")
# (name, first bit, width), position-and-match-ids.md §3.1.
_FIELDS = (
    ("cube_log", 0, 4), ("owner", 4, 2), ("on_roll", 6, 1), ("crawford", 7, 1),
    ("state", 8, 3), ("turn", 11, 1), ("doubled", 12, 1), ("resignation", 13, 2),
    ("die1", 15, 3), ("die2", 18, 3), ("length", 21, 15), ("score0", 36, 15),
    ("score1", 51, 15), ("jacoby_off", 66, 1), ("unused", 67, 5),
)


@dataclass(frozen=True, slots=True)
class MatchId:
    """The fields of a GNU Backgammon Match ID (player 0 is the first player)."""

    cube_value: int = 1
    cube_owner: int | None = None
    on_roll: int = 0
    crawford: bool = False
    game_state: int = 1
    turn: int = 0
    doubled: bool = False
    resignation: int = 0
    dice: tuple[int, int] = (0, 0)
    match_length: int = 0
    scores: tuple[int, int] = (0, 0)
    jacoby_off: bool = True

    def encode(self) -> str:
        values = self._values()
        key = 0
        for name, first, width in _FIELDS:
            value = values.get(name, 0)
            if not 0 <= value < 1 << width:
                raise InvalidMatchIdError(str(self), f"{name} {value} does not fit")
            key |= value << first
        return base64.b64encode(key.to_bytes(9, "little")).decode("ascii")

    def match_id(self) -> str:
        return self.encode()

    def _values(self) -> dict[str, int]:
        cube_log = self.cube_value.bit_length() - 1
        if self.cube_value != 1 << cube_log:
            raise InvalidMatchIdError(str(self.cube_value), "the cube value is not a power of 2")
        return {
            "cube_log": cube_log, "owner": 3 if self.cube_owner is None else self.cube_owner,
            "on_roll": self.on_roll, "crawford": int(self.crawford), "state": self.game_state,
            "turn": self.turn, "doubled": int(self.doubled), "resignation": self.resignation,
            "die1": self.dice[0], "die2": self.dice[1], "length": self.match_length,
            "score0": self.scores[0], "score1": self.scores[1],
            "jacoby_off": int(self.jacoby_off),
        }

    @classmethod
    def decode(cls, match_id: str) -> MatchId:
        """Decode, with gnubg's checks plus a cube no higher than 4096."""
        if not isinstance(match_id, str) or not _MATCH_ID.fullmatch(match_id):
            raise InvalidMatchIdError(str(match_id), "need 12 Base64 characters")
        try:
            key = int.from_bytes(base64.b64decode(match_id, validate=True), "little")
        except binascii.Error as exc:  # pragma: no cover - the pattern already checks
            raise InvalidMatchIdError(match_id, str(exc)) from exc
        raw = {name: key >> first & ((1 << width) - 1) for name, first, width in _FIELDS}
        problem = _match_id_problem(raw)
        if problem:
            raise InvalidMatchIdError(match_id, problem)
        return cls(
            cube_value=1 << raw["cube_log"], cube_owner=raw["owner"] if raw["owner"] < 2 else None,
            on_roll=raw["on_roll"], crawford=bool(raw["crawford"]), game_state=raw["state"],
            turn=raw["turn"], doubled=bool(raw["doubled"]), resignation=raw["resignation"],
            dice=(raw["die1"], raw["die2"]), match_length=raw["length"],
            scores=(raw["score0"], raw["score1"]), jacoby_off=bool(raw["jacoby_off"]),
        )

    from_match_id = decode


def _match_id_problem(raw: dict[str, int]) -> str:
    if raw["die1"] > 6 or raw["die2"] > 6:
        return f"dice {raw['die1']}-{raw['die2']} out of range ({Rule.DICE_RANGE.value})"
    if raw["cube_log"] > 12:
        return f"cube 2**{raw['cube_log']} above 4096"
    if raw["length"] > MAX_MATCH_LENGTH:
        return f"match length {raw['length']} above {MAX_MATCH_LENGTH}"
    if raw["length"] and max(raw["score0"], raw["score1"]) > raw["length"]:
        return f"score above the match length {raw['length']}"
    if not raw["length"] and raw["crawford"]:
        return "Crawford flag in a money game"
    if raw["state"] > 4:
        return f"unknown game state {raw['state']}"
    if raw["unused"]:
        return "unused bits 67-71 are set"
    return ""
