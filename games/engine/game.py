"""Game: the state machine of one game (opening roll, turns, cube, resignations, result).

Players are 0 and 1; ``position`` is always seen from ``on_roll``. The values inside (
Position, CubeState, Play, GameResult) are immutable; the Game object moves between them.

The one machine that advances a game: live play uses it strictly (an action out of phase
or against a rule raises), and the replay of a match file drives it ``as_played`` (the
record is kept as it was played: the replay judges each action first with the engine's
rules and reports what is wrong, then makes it here).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .checking import check_play
from .cube import CubeState
from .dice import normalize_dice
from .errors import GameStateError, IllegalPlayError
from .moves import Move
from .notation import match_play
from .plays import Play, Plays, apply_play, legal_plays
from .position import Position, make_position
from .rules import Rule, Rules
from .scoring import MatchId, MatchScore, ResultKind, game_points, game_result, loser_on_bar


class Phase(StrEnum):
    OPENING = "opening"  # each player rolls one die
    ROLL = "roll"  # the player on roll may double, resign or roll
    MOVE = "move"  # the dice are rolled; the player on roll must play
    DOUBLE = "double"  # a double awaits an answer
    RESIGN = "resign"  # a resignation awaits an answer
    OVER = "over"


_RESIGN_CODE = {ResultKind.SINGLE: 1, ResultKind.GAMMON: 2, ResultKind.BACKGAMMON: 3}


@dataclass(frozen=True, slots=True)
class GameResult:
    winner: int
    kind: ResultKind
    points: int
    ended_by: str  # "bearoff", "resign" or "drop"


class Game:
    """One game under ``rules``; ``score`` (match play) decides whether it is the Crawford game.

    ``as_played=True`` replays a record: actions come in the record's order whatever the
    phase, dice are taken as written, and a double or beaver the rules forbid stands; the
    caller reports those (``replay`` does). A finished game still refuses every action.
    """

    def __init__(self, rules: Rules | None = None, *, score: MatchScore | None = None,
                 rng: random.Random | None = None, as_played: bool = False) -> None:
        self.rules = rules or Rules()
        self.as_played = as_played
        self.score = score or MatchScore(self.rules.match_length, crawford=self.rules.crawford)
        self.crawford_game = self.score.is_crawford_game()
        self.rng = rng or random.Random()
        self.position = Position.start()
        self.on_roll = 0
        self.dice: tuple[int, int] | None = None
        self.cube = CubeState()
        self.phase = Phase.OPENING
        self.result: GameResult | None = None
        self.automatic_doubles = 0
        self.resignation: tuple[int, ResultKind] | None = None
        self._before_resign = Phase.ROLL

    # --- the opening roll -------------------------------------------------------------

    def roll_opening(self, dice: Sequence[int] | None = None) -> bool:
        """Player 0's die and player 1's die; False on a tie (roll again).

        "If equal numbers come up, then both players roll again until they roll different
        numbers. The player throwing the higher number now moves his counters according to
        the numbers showing on both dice."
        """
        self._expect(Phase.OPENING)
        first, second = dice if dice is not None else (self._die(), self._die())
        normalize_dice((first, second))
        if first == second:
            self._automatic_double()
            return False
        self.on_roll = 0 if first > second else 1
        self.dice = (first, second) if self.on_roll == 0 else (second, first)
        self.phase = Phase.MOVE
        return True

    def roll_opening_won(self, winner: int, dice: Sequence[int]) -> None:
        """The opening roll as players with real dice write it: ``winner`` won it with
        ``dice`` (in any order: the higher die is the winner's) and plays them.

        "If equal numbers come up, then both players roll again": a doublet is no opening
        roll anyone won, so it is refused (the engine's own ``roll_opening`` rolls again).
        """
        self._expect(Phase.OPENING)
        first, second = dice
        normalize_dice((first, second))
        if first == second:
            raise GameStateError(f"an opening roll is never a doublet ({first}-{second})",
                                 Rule.OPENING_DOUBLET, self.position.position_id())
        high, low = max(first, second), min(first, second)
        self.roll_opening((high, low) if winner == 0 else (low, high))

    def start(self) -> tuple[int, int]:
        """Roll opening dice until they differ; returns the opening roll."""
        while not self.roll_opening():
            pass
        return self.dice

    def begin(self, player: int) -> None:
        """The opening as a record gives it: ``player`` won the opening roll and moves first;
        ``roll`` then gives the dice of that roll."""
        self._expect(Phase.OPENING)
        self.on_roll = player
        self.phase = Phase.ROLL

    def _automatic_double(self) -> None:
        # "Automatic double: when the very first dice roll produces doubles, the cube stays in
        # the center but its value automatically goes to 2 ... only one automatic double per
        # game" by convention: the limit is a setting. Money play only.
        limit = self.rules.cube_limit
        if self.automatic_doubles < self.rules.automatic_doubles_in_force and \
                (limit is None or self.cube.value * 2 <= limit):
            self.cube = self.cube.automatic_double()
            self.automatic_doubles += 1

    # --- turns ------------------------------------------------------------------------

    def roll(self, dice: Sequence[int] | None = None) -> tuple[int, int]:
        """Roll for the player on roll (cube actions are no longer possible this turn)."""
        self._expect(Phase.ROLL)
        rolled = tuple(dice) if dice is not None else (self._die(), self._die())
        if not self.as_played:  # a record's dice are kept as written, even out of range
            normalize_dice(rolled)
        self.dice = (rolled[0], rolled[1])
        self.phase = Phase.MOVE
        return self.dice

    def legal_plays(self) -> Plays:
        self._expect(Phase.MOVE)
        return legal_plays(self.position, self.dice)

    def play(self, play: Play | Sequence[Move] | str) -> Play:
        """Play the rolled dice: a Play from legal_plays(), a list of Moves, or text."""
        self._expect(Phase.MOVE)
        chosen = self._resolve(play)
        self._end_turn(chosen.result)
        return chosen

    def end_turn(self, result: Position) -> None:
        """As played: the mover's turn ends with the board ``result`` (seen by the opponent,
        like a Play's result) however the record reached it - a play the replay judged, an
        illegal play made as written, a board set by hand, a turn passed."""
        if not self.as_played:
            raise GameStateError("only a record replayed as played sets the board",
                                 position_id=self.position.position_id())
        self._expect(Phase.MOVE)
        self._end_turn(result)

    def _end_turn(self, result: Position) -> None:
        kind = game_result(result)
        if kind is None:
            self.position, self.on_roll, self.dice = result, 1 - self.on_roll, None
            self.phase = Phase.ROLL
            return
        # The winner stays "on roll": the final board is kept from the winner's side.
        self.position = result.swap()
        points = self.points_for(kind, on_bar=loser_on_bar(result))
        self._finish(GameResult(self.on_roll, kind, points, "bearoff"))

    def _resolve(self, play: Play | Sequence[Move] | str) -> Play:
        if isinstance(play, str):
            return match_play(self.position, self.dice, play)
        if isinstance(play, Play):
            # Checked like is_legal (no play generated), and the board must be this one's.
            verdict, board = check_play(self.position, self.dice, play.moves)
            if verdict is not None or make_position(board[1], board[0]) != play.result:
                raise IllegalPlayError(Rule.RESULT_MISMATCH, self.position.position_id(),
                                       str(play), "not one of the legal plays of this roll")
            return play
        return apply_play(self.position, self.dice, play)

    def turn_to(self, player: int) -> None:
        """As played: ``player`` acts although it is the other player's turn (the board is
        then seen from them)."""
        if player == self.on_roll:
            return
        if not self.as_played:
            raise GameStateError(f"it is player {self.on_roll}'s turn, not player {player}'s",
                                 position_id=self.position.position_id())
        self.position, self.on_roll = self.position.swap(), player

    # --- the cube ---------------------------------------------------------------------

    def can_double(self) -> Rule | None:
        if self.phase is not Phase.ROLL:
            return Rule.NO_DOUBLE_PENDING if self.phase is Phase.DOUBLE else Rule.CUBE_NOT_OWNED
        return self.cube.can_double(self.on_roll, rules=self.rules,
                                    crawford_game=self.crawford_game)

    def double(self) -> None:
        """"He may do this only at the start of his own turn and before he has rolled the dice"
        (a player who cannot move may still double)."""
        self._expect(Phase.ROLL)
        self.cube = self.cube.double(self.on_roll, rules=self.rules,
                                     crawford_game=self.crawford_game, as_played=self.as_played)
        self.phase = Phase.DOUBLE

    def take(self) -> None:
        self._expect(Phase.DOUBLE)
        self.cube = self.cube.take()
        self.phase = Phase.ROLL

    def drop(self) -> GameResult:
        self._expect(Phase.DOUBLE)
        winner, points = self.cube.drop()
        return self._finish(GameResult(winner, ResultKind.SINGLE, points, "drop"))

    def beaver(self, player: int | None = None) -> None:
        """The player who must answer (``player``) takes and redoubles at once (a raccoon
        after a beaver)."""
        self._expect(Phase.DOUBLE)
        self.cube = self.cube.beaver(self.turn if player is None else player, rules=self.rules,
                                     as_played=self.as_played)
        self.phase = Phase.DOUBLE

    # --- resignations -----------------------------------------------------------------

    def resign_refusal(self, player: int) -> GameStateError | None:
        """Why ``player`` may not offer a resignation now (None: they may).

        A player resigns on their own turn (before or after rolling, then the opponent
        answers), or on the opponent's before the opponent has rolled; never while the
        opponent has dice to play, nor while a cube or a resignation waits for its answer.
        A record replayed as played may resign at any point of a game.
        """
        refused = (Phase.OVER,) if self.as_played else \
            (Phase.OVER, Phase.OPENING, Phase.RESIGN, Phase.DOUBLE)
        if self.phase in refused:
            return GameStateError(f"cannot resign during {self.phase.value}",
                                  position_id=self.position.position_id())
        if not self.as_played and self.phase is Phase.MOVE and player != self.on_roll:
            return GameStateError(f"player {player} resigns only once player {self.on_roll} "
                                  "has played", Rule.RESIGN_TURN, self.position.position_id())
        return None

    def resign(self, player: int, kind: ResultKind = ResultKind.SINGLE) -> None:
        """``player`` offers to resign a single game, a gammon or a backgammon."""
        if (refusal := self.resign_refusal(player)) is not None:
            raise refusal
        self._before_resign = self.phase
        self.resignation = (player, kind)
        self.phase = Phase.RESIGN

    def accept_resignation(self) -> GameResult:
        self._expect(Phase.RESIGN)
        player, kind = self.resignation
        return self._finish(GameResult(1 - player, kind, self.points_for(kind), "resign"))

    def reject_resignation(self) -> None:
        self._expect(Phase.RESIGN)
        self.resignation = None
        self.phase = self._before_resign

    # --- state ------------------------------------------------------------------------

    @property
    def turn(self) -> int:
        """The player who must act now (differs from ``on_roll`` while an answer is due)."""
        if self.phase is Phase.DOUBLE:
            return 1 - self.cube.pending
        if self.phase is Phase.RESIGN:
            return 1 - self.resignation[0]
        return self.on_roll

    def position_for(self, player: int) -> Position:
        return self.position if player == self.on_roll else self.position.swap()

    def score_after(self) -> MatchScore:
        if self.result is None:
            raise GameStateError("the game is not over", Rule.GAME_UNFINISHED)
        return self.score.after_game(self.result.winner, self.result.points)

    def match_id(self) -> str:
        """The GNU Backgammon Match ID of the current state (player 0 = the first player)."""
        ended = {"resign": 3, "drop": 4}.get(self.result.ended_by, 2) if self.result else 1
        resigned = _RESIGN_CODE[self.resignation[1]] if self.resignation else 0
        return MatchId(
            cube_value=self.cube.value, cube_owner=self.cube.owner, on_roll=self.on_roll,
            crawford=self.crawford_game, game_state=ended if self.phase is not Phase.OPENING
            else 0, turn=self.turn, doubled=self.phase is Phase.DOUBLE, resignation=resigned,
            dice=tuple(sorted(self.dice, reverse=True)) if self.dice else (0, 0),
            match_length=self.rules.match_length, scores=self.score.scores,
            jacoby_off=not self.rules.jacoby_in_force,
        ).encode()

    def points_for(self, kind: ResultKind, *, on_bar: bool = False) -> int:
        """What a win of ``kind`` is worth now (the cube, Jacoby, the rules' multipliers)."""
        return game_points(cube=self.cube.value, kind=kind, rules=self.rules,
                           cube_turned=self.cube.turned, on_bar=on_bar)

    def _finish(self, result: GameResult) -> GameResult:
        self.result = result
        self.phase = Phase.OVER
        return result

    def _expect(self, phase: Phase) -> None:
        if self.phase is not phase and not (self.as_played and self.phase is not Phase.OVER):
            rule = Rule.NO_DOUBLE_PENDING if phase is Phase.DOUBLE else None
            raise GameStateError(f"expected {phase.value}, the game is in {self.phase.value}",
                                 rule, self.position.position_id())

    def _die(self) -> int:
        return self.rng.randint(1, 6)
