"""The doubling cube: double, take, drop, beaver and raccoon, with the Crawford rule and limit.

Players are 0 and 1. As in gnubg, the cube keeps its value while a double is pending and
changes only when the double is taken.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import CubeError
from .rules import Rule, Rules


@dataclass(frozen=True, slots=True)
class CubeState:
    """``owner`` None = centred; ``pending`` = the player whose (re)double awaits an answer;
    ``beavers`` = 0 for an ordinary double, 1 after a beaver, 2 after a raccoon."""

    value: int = 1
    owner: int | None = None
    pending: int | None = None
    beavers: int = 0

    def can_double(self, player: int, *, rules: Rules, crawford_game: bool = False) -> Rule | None:
        """None when ``player`` may double now, else the rule that forbids it."""
        # "the doubling cube is removed from play for the following game (doubling is not
        # allowed)" - the Crawford game.
        if crawford_game and rules.crawford_in_force:
            return Rule.CRAWFORD_NO_DOUBLE
        # "At the start, the cube is in the center and either player can double.
        # Subsequently, only the player who owns the cube can double."
        if self.pending is not None or self.owner not in (None, player):
            return Rule.CUBE_NOT_OWNED
        # "There is no limit to the number of redoubles in a game" unless a cube limit is set.
        if rules.cube_limit is not None and self.value * 2 > rules.cube_limit:
            return Rule.CUBE_LIMIT
        return None

    def double(self, player: int, *, rules: Rules, crawford_game: bool = False) -> CubeState:
        rule = self.can_double(player, rules=rules, crawford_game=crawford_game)
        if rule is not None:
            raise CubeError(rule, f"player {player} may not double {self.describe()}")
        return CubeState(self.value, self.owner, player, 0)

    def take(self) -> CubeState:
        """"A player who accepts a double becomes the owner of the doubling cube"; after a
        beaver or raccoon the player who redoubled keeps it."""
        doubler = self._pending()
        owner = 1 - doubler if self.beavers == 0 else doubler
        return CubeState(self.value * 2, owner, None, 0)

    def drop(self) -> tuple[int, int]:
        """(winner, points): "If he declines then the game ends immediately with the value of
        the cube being what it was before the double"."""
        return self._pending(), self.value

    def beaver(self, player: int, *, rules: Rules) -> CubeState:
        """The doubled ``player`` takes and at once redoubles, keeping the cube (money play).

        A second beaver in a row, by the original doubler, is a raccoon.
        """
        doubler = self._pending()
        if player == doubler:
            raise CubeError(Rule.BEAVER_NOT_ALLOWED, f"player {player} cannot beaver own double")
        allowed = rules.beavers_in_force if self.beavers == 0 else \
            rules.raccoons_in_force and self.beavers == 1
        if not allowed:
            raise CubeError(Rule.BEAVER_NOT_ALLOWED, f"{self.describe()}: not allowed by {rules}")
        if rules.cube_limit is not None and self.value * 4 > rules.cube_limit:
            raise CubeError(Rule.CUBE_LIMIT, f"a beaver would pass the limit {rules.cube_limit}")
        return CubeState(self.value * 2, player, player, self.beavers + 1)

    def automatic_double(self) -> CubeState:
        """"The cube stays in the center but its value automatically goes to 2"."""
        return CubeState(self.value * 2, None, None, 0)

    def describe(self) -> str:
        owner = "centred" if self.owner is None else f"owned by player {self.owner}"
        pending = "" if self.pending is None else f", double by player {self.pending} pending"
        return f"cube {self.value} {owner}{pending}"

    def _pending(self) -> int:
        if self.pending is None:
            raise CubeError(Rule.NO_DOUBLE_PENDING, f"no double to answer ({self.describe()})")
        return self.pending
