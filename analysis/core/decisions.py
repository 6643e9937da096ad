"""The decisions of an analysed match, read from the SGF file gnubg saves after its analysis
(through the engine's one SGF reader, ``games.engine.sgf``).

Each chequer play, each cube decision (doubling or not before a roll, double, take, pass)
becomes a ``Decision`` with the play made, gnubg's best play, the equity lost in EMG
(gnubg's normalised equity: the cube's value won or lost is +1/-1) and **gnubg's own mark**
(``BM[2]`` very bad, ``BM[1]`` bad, ``DO[]`` doubtful; ``BC``/``DC`` for the cube decision
before a roll), set by the thresholds gnubg analysed with. The match's figures are not
added up here: they are gnubg's (``analysis.core.statistics``).

gnubg stores cube analyses as match winning chances in match play; the caller passes
``to_emg``, gnubg's own conversion (``gnubg.mwc2eq``) at the decision's cube and score (the
engine's ``CubeState`` and ``MatchScore``), so this module stays free of gnubg and of Django.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from games.engine.cube import CubeState
from games.engine.rules import Rules
from games.engine.scoring import MatchScore
from games.engine.sgf import SgfNode, letter_point

from .errors import AnalysisFileError

MOVE, CUBE, DOUBLE, TAKE, DROP = "move", "cube", "double", "take", "drop"
#: gnubg counts a cube decision as close when the best action is within this of doubling.
CLOSE_CUBE = 0.16
#: The match record's turns (games' ``MatchTurn.kind``, the replay's frame actions) each
#: kind of decision sits on.
TURN_KINDS = {"roll": (MOVE, CUBE), "double": (DOUBLE,), "beaver": (DOUBLE,),
              "raccoon": (DOUBLE,), "take": (TAKE,), "drop": (DROP,)}
#: gnubg's marks in its SGF: chequer play (and a cube action's node), the cube before a roll.
_MOVE_MARKS = {"BM": {"2": "very_bad", "1": "bad"}, "DO": {"": "doubtful"}}
_CUBE_MARKS = {"BC": {"2": "very_bad", "1": "bad"}, "DC": {"": "doubtful"}}


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Equity lost (EMG) above which gnubg marks a decision doubtful, bad, very bad (its
    ``set analysis threshold``; gnubg's defaults today)."""

    doubtful: float = 0.03
    bad: float = 0.06
    very_bad: float = 0.12

    def __post_init__(self) -> None:
        if not 0 < self.doubtful < self.bad < self.very_bad:
            raise ValueError("the thresholds must rise: 0 < doubtful < bad < very bad "
                             f"(not {self.doubtful}, {self.bad}, {self.very_bad})")


@dataclass(frozen=True, slots=True)
class DecisionPoint:
    """Where a decision is taken: the engine's cube and match score, the player on roll."""

    cube: CubeState
    score: MatchScore
    mover: int
    crawford_game: bool


@dataclass(frozen=True, slots=True)
class Decision:
    game: int  # 1-based
    number: int  # the action's place in the game's record, from 0
    player: int
    kind: str  # move, cube (no double before a roll), double, take, drop
    dice: tuple[int, int] | None
    played: str
    best: str
    equity_lost: float  # EMG, >= 0
    mark: str  # gnubg's: "", doubtful, bad, very_bad
    unforced: bool = False  # a move with more than one legal play
    close: bool = False  # a cube decision gnubg counts (close, or an actual cube action)
    luck: float | None = None  # the roll's luck for the player (EMG, signed: gnubg's LU)
    cube_equities: tuple[float, float, float] | None = None  # no double, double/take, pass

    def to_dict(self) -> dict:
        return {
            "game": self.game, "number": self.number, "player": self.player,
            "kind": self.kind, "dice": list(self.dice) if self.dice else None,
            "played": self.played, "best": self.best,
            "equity_lost": round(self.equity_lost, 6), "mark": self.mark,
            "unforced": self.unforced, "close": self.close,
            "luck": None if self.luck is None else round(self.luck, 6),
            "cube_equities": ([round(x, 6) for x in self.cube_equities]
                              if self.cube_equities else None),
        }


ToEmg = Callable[[float, DecisionPoint], float]


def turns_of(kind: str) -> tuple[str, ...]:
    """The turns a decision of ``kind`` may sit on (a double: a double, beaver or raccoon)."""
    return tuple(turn for turn, kinds in TURN_KINDS.items() if kind in kinds)


def read_decisions(games: list[list[SgfNode]], *, to_emg: ToEmg) -> list[Decision]:
    decisions: list[Decision] = []
    for number, nodes in enumerate(games, start=1):
        decisions.extend(_GameReader(number, nodes, to_emg).decisions())
    return decisions


def player_names(games: list[list[SgfNode]]) -> tuple[str, str]:
    root = games[0][0]
    return root.first("PW"), root.first("PB")


def _mark(node: SgfNode, marks: dict[str, dict[str, str]]) -> str:
    for prop, values in marks.items():
        if prop in node.props:
            return values.get(node.first(prop).strip(), "")
    return ""


class _GameReader:
    def __init__(self, number: int, nodes: list[SgfNode], to_emg: ToEmg):
        if not nodes:
            raise AnalysisFileError(f"game {number} has no nodes")
        self.number, self.nodes, self.to_emg = number, nodes, to_emg
        root = nodes[0]
        info = dict(item.split(":", 1) for item in root.props.get("MI", []) if ":" in item)
        rules = root.first("RU").split(":")
        length = int(info.get("length", 0))
        self.rules = Rules(match_length=length, crawford="Crawford" in rules)
        self.score = MatchScore(length, (int(info.get("ws", 0)), int(info.get("bs", 0))),
                                crawford=self.rules.crawford)
        self.crawford_game = "CrawfordGame" in rules
        self.cube_used = "NoCube" not in rules
        self.cube = CubeState(value=int(root.first("CV", "1") or 1))

    def decisions(self) -> Iterator[Decision]:
        for index, node in enumerate(self.nodes[1:]):
            for colour, player in (("W", 0), ("B", 1)):
                if colour in node.props:
                    yield from self._action(index, player, node.first(colour), node)

    def _point(self, player: int) -> DecisionPoint:
        return DecisionPoint(self.cube, self.score, player, self.crawford_game)

    def _action(self, index: int, player: int, value: str, node: SgfNode
                ) -> Iterator[Decision]:
        analysed = "DA" in node.props and self.cube_used
        if value == "double":
            first = self.cube.pending is None
            if first and analysed:
                yield self._double(index, player, node)
            self.cube = self.cube.double(player, rules=self.rules, as_played=True) if first \
                else self.cube.beaver(player, rules=self.rules, as_played=True)
        elif value in ("take", "drop"):
            if analysed and (value == "drop" or not self.cube.beavers):
                yield self._answer(index, player, value, node)
            self.cube = self.cube.take() if value == "take" and self.cube.pending is not None \
                else CubeState(self.cube.value, self.cube.owner, turned=self.cube.turned)
        elif value[:2].isdigit():
            if analysed:
                yield self._no_double(index, player, node)
            yield self._move(index, player, value, node)

    # -------------------------------------------------------------- cube decisions

    def _equities(self, player: int, node: SgfNode) -> tuple[float, float, float, float]:
        """(no double, double/take, double/pass, optimal) in EMG, the doubler's. gnubg writes
        a cube analysis only where the cube was available to ``player``."""
        values = node.first("DA").split()
        if len(values) < 21 or values[0] != "E":
            raise AnalysisFileError(f"game {self.number}: unreadable cube analysis")
        point = self._point(player)
        no_double = self.to_emg(float(values[13]), point)
        take = self.to_emg(float(values[20]), point)
        drop = 1.0  # a pass wins the cube's value: +1 in normalised equity
        return no_double, take, drop, max(no_double, min(take, drop))

    def _cube_decision(self, index: int, player: int, kind: str, played: str, best: str,
                       lost: float, equities, close: bool, mark: str) -> Decision:
        return Decision(self.number, index, player, kind, None, played, best, max(lost, 0.0),
                        mark, close=close, cube_equities=equities)

    def _no_double(self, index: int, player: int, node: SgfNode) -> Decision:
        no_double, take, drop, optimal = self._equities(player, node)
        close = optimal - min(take, 1.0) < CLOSE_CUBE
        best = "Double" if no_double < optimal else _no_double_label(no_double, take, drop)
        return self._cube_decision(index, player, CUBE, "No double", best, optimal - no_double,
                                   (no_double, take, drop), close, _mark(node, _CUBE_MARKS))

    def _double(self, index: int, player: int, node: SgfNode) -> Decision:
        no_double, take, drop, optimal = self._equities(player, node)
        doubled = min(take, drop)
        best = "Double" if doubled >= optimal else _no_double_label(no_double, take, drop)
        return self._cube_decision(index, player, DOUBLE, "Double", best, optimal - doubled,
                                   (no_double, take, drop), True, _mark(node, _MOVE_MARKS))

    def _answer(self, index: int, player: int, value: str, node: SgfNode) -> Decision:
        # the equities are the doubler's: the taker keeps -take, the passer -drop
        no_double, take, drop, _ = self._equities(1 - player, node)
        best = "Take" if take <= drop else "Pass"
        lost = take - drop if value == "take" else drop - take
        return self._cube_decision(index, player, TAKE if value == "take" else DROP,
                                   "Take" if value == "take" else "Pass", best, lost,
                                   (no_double, take, drop), True, _mark(node, _MOVE_MARKS))

    # -------------------------------------------------------------- chequer play

    def _move(self, index: int, player: int, value: str, node: SgfNode) -> Decision:
        dice = (int(value[0]), int(value[1]))
        played = format_move(value[2:], player)
        luck = float(node.first("LU")) if node.first("LU") else None
        analysis = node.props.get("A", [])
        if len(analysis) < 2:  # no legal play (a dance), or not analysed
            return Decision(self.number, index, player, MOVE, dice, played, played, 0.0, "",
                            luck=luck)
        chosen = int(analysis[0])
        moves = [_candidate(item) for item in analysis[1:]]
        best_text, best_score = moves[0]
        lost = best_score - moves[chosen][1] if chosen < len(moves) else 0.0
        return Decision(self.number, index, player, MOVE, dice, played,
                        format_move(best_text, player), max(lost, 0.0),
                        _mark(node, _MOVE_MARKS), unforced=len(moves) > 1, luck=luck)


def _no_double_label(no_double: float, take: float, drop: float) -> str:
    # gnubg's "too good" cases all have no double above double/pass
    return "Too good to double" if no_double > drop else "No double"


def _candidate(item: str) -> tuple[str, float]:
    """One entry of gnubg's move list: the move's letters, then 'E ver 3' and 5
    probabilities, then the move's equity."""
    parts = item.split()
    if parts and parts[0] == "E":  # no chequer moved (cannot happen with a choice)
        parts = ["", *parts]
    if len(parts) < 10 or parts[1] != "E":
        raise AnalysisFileError(f"unreadable move analysis {item[:60]!r}")
    return parts[0], float(parts[9])


def format_move(letters: str, player: int) -> str:
    """'8/5 6/5' from gnubg's letters (the engine reads them); the bar is 'bar', bearing
    off 'off'."""
    steps = []
    for start in range(0, len(letters) - 1, 2):
        origin, target = (letter_point(c, player) for c in letters[start:start + 2])
        steps.append(f"{'bar' if origin == 25 else origin}/{'off' if target == 0 else target}")
    return " ".join(steps)
