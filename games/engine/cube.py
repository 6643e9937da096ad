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
    ``beavers`` = 0 for an ordinary double, 1 after a beaver, 2 after a raccoon; ``turned``
    = a double was accepted on this cube (Jacoby: gammons count only then).

    The one cube model: the engine's ``Game``, the replay of match files and the chouette's
    member cubes all move it through these methods. ``as_played=True`` (the replay of a
    record, which has already flagged the broken rule) makes a forbidden double or beaver
    as it was played instead of refusing it.
    """

    value: int = 1
    owner: int | None = None
    pending: int | None = None
    beavers: int = 0
    turned: bool = False

    def available_to(self, player: int) -> bool:
        """No double waits for an answer and the cube is centred or ``player``'s.

        "At the start, the cube is in the center and either player can double.
        Subsequently, only the player who owns the cube can double."
        """
        return self.pending is None and self.owner in (None, player)

    def can_double(self, player: int, *, rules: Rules, crawford_game: bool = False) -> Rule | None:
        """None when ``player`` may double now, else the rule that forbids it."""
        # "the doubling cube is removed from play for the following game (doubling is not
        # allowed)" - the Crawford game.
        if crawford_game and rules.crawford_in_force:
            return Rule.CRAWFORD_NO_DOUBLE
        if not self.available_to(player):
            return Rule.CUBE_NOT_OWNED
        # "There is no limit to the number of redoubles in a game" unless a cube limit is set.
        if rules.cube_limit is not None and self.value * 2 > rules.cube_limit:
            return Rule.CUBE_LIMIT
        return None

    def double(self, player: int, *, rules: Rules, crawford_game: bool = False,
               as_played: bool = False) -> CubeState:
        if not as_played:
            rule = self.can_double(player, rules=rules, crawford_game=crawford_game)
            if rule is not None:
                raise CubeError(rule, f"player {player} may not double {self.describe()}")
        return CubeState(self.value, self.owner, player, 0, self.turned)

    def take(self) -> CubeState:
        """"A player who accepts a double becomes the owner of the doubling cube". A beaver
        redoubles "without giving up possession of the cube", and after a raccoon "cube
        ownership remains with" the beaver too: the beaver owns the cube after either."""
        doubler = self._pending()
        owner = doubler if self.beavers == 1 else 1 - doubler
        return CubeState(self.value * 2, owner, None, 0, True)

    def drop(self) -> tuple[int, int]:
        """(winner, points): "If he declines then the game ends immediately with the value of
        the cube being what it was before the double"."""
        return self._pending(), self.value

    def beaver(self, player: int, *, rules: Rules, as_played: bool = False) -> CubeState:
        """The doubled ``player`` takes and at once redoubles, keeping the cube (money play).

        A second beaver in a row, by the original doubler, is a raccoon.
        """
        doubler = self._pending()
        if not as_played:
            self._check_beaver(player, doubler, rules)
        return CubeState(self.value * 2, player, player, self.beavers + 1, True)

    def _check_beaver(self, player: int, doubler: int, rules: Rules) -> None:
        if player == doubler:
            raise CubeError(Rule.BEAVER_NOT_ALLOWED, f"player {player} cannot beaver own double")
        allowed = rules.beavers_in_force if self.beavers == 0 else \
            rules.raccoons_in_force and self.beavers == 1
        if not allowed:
            raise CubeError(Rule.BEAVER_NOT_ALLOWED, f"{self.describe()}: not allowed by {rules}")
        if rules.cube_limit is not None and self.value * 4 > rules.cube_limit:
            raise CubeError(Rule.CUBE_LIMIT, f"a beaver would pass the limit {rules.cube_limit}")

    def automatic_double(self) -> CubeState:
        """"The cube stays in the center but its value automatically goes to 2" (not a turn
        of the cube: ``turned`` stays as it was)."""
        return CubeState(self.value * 2, None, None, 0, self.turned)

    def describe(self) -> str:
        owner = "centred" if self.owner is None else f"owned by player {self.owner}"
        pending = "" if self.pending is None else f", double by player {self.pending} pending"
        return f"cube {self.value} {owner}{pending}"

    def _pending(self) -> int:
        if self.pending is None:
            raise CubeError(Rule.NO_DOUBLE_PENDING, f"no double to answer ({self.describe()})")
        return self.pending
