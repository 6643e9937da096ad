"""Rule names (for errors and violations) and the Rules settings value."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Rule(StrEnum):
    """The name of a rule of the game, used by errors and by replay violations."""

    BLOCKED_POINT = "blocked_point"
    BAR_FIRST = "bar_first"
    MUST_USE_BOTH_DICE = "must_use_both_dice"
    HIGHER_DIE = "higher_die"
    BEAROFF_NOT_ALLOWED = "bearoff_not_allowed"
    NO_CHECKER = "no_checker"
    WRONG_DISTANCE = "wrong_distance"
    CUBE_NOT_OWNED = "cube_not_owned"
    CRAWFORD_NO_DOUBLE = "crawford_no_double"
    NO_DOUBLE_PENDING = "no_double_pending"
    CUBE_LIMIT = "cube_limit"
    BEAVER_NOT_ALLOWED = "beaver_not_allowed"
    DICE_RANGE = "dice_range"
    RESULT_MISMATCH = "result_mismatch"
    SCORE_MISMATCH = "score_mismatch"
    MATCH_OVER = "match_over"
    MATCH_UNFINISHED = "match_unfinished"
    GAME_UNFINISHED = "game_unfinished"
    RESIGN_TURN = "resign_turn"
    OPENING_DOUBLET = "opening_doublet"


@dataclass(frozen=True, slots=True)
class Rules:
    """The settings of a match or a money session; variants are settings, not code paths.

    Money-only options (Jacoby, beavers, raccoons, automatic doubles) never apply when
    ``match_length > 0``: read them through the ``*_in_force`` properties.
    """

    match_length: int = 0
    crawford: bool = True
    jacoby: bool = False
    beavers: bool = False
    raccoons: bool = False
    automatic_doubles: int = 0
    cube_limit: int | None = None
    backgammon_multiplier: int = 3
    bar_backgammon_multiplier: int | None = None

    def __post_init__(self) -> None:
        if self.match_length < 0:
            raise ValueError(f"match_length must be >= 0, not {self.match_length}")
        if self.automatic_doubles < 0:
            raise ValueError(f"automatic_doubles must be >= 0, not {self.automatic_doubles}")
        if self.cube_limit is not None and self.cube_limit < 1:
            raise ValueError(f"cube_limit must be >= 1, not {self.cube_limit}")

    @property
    def is_money(self) -> bool:
        return self.match_length == 0

    @property
    def jacoby_in_force(self) -> bool:
        # "In match play ... automatic doubles and the Jacoby rule generally do not apply."
        return self.jacoby and self.is_money

    @property
    def beavers_in_force(self) -> bool:
        return self.beavers and self.is_money

    @property
    def raccoons_in_force(self) -> bool:
        return self.raccoons and self.beavers and self.is_money

    @property
    def automatic_doubles_in_force(self) -> int:
        return self.automatic_doubles if self.is_money else 0

    @property
    def crawford_in_force(self) -> bool:
        return self.crawford and not self.is_money
