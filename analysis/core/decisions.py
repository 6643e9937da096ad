"""The decisions of an analysed match, read from the SGF file gnubg saves after its analysis.

Each chequer play, each cube decision (doubling or not before a roll, double, take, pass)
becomes a ``Decision`` with the play made, gnubg's best play and the equity lost in EMG
(gnubg's normalised equity: the cube's value won or lost is +1/-1). gnubg stores cube
analyses as match winning chances in match play; the caller passes ``to_emg``, gnubg's own
conversion (``gnubg.mwc2eq``), so this module stays free of gnubg and of Django.

The rules below follow gnubg's ``AnalyzeMove``, ``FindBestCubeDecision`` and
``updateStatcontext`` (analysis.c, eval.c), described, not copied.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .sgf import AnalysisFileError, Node

MOVE, CUBE, DOUBLE, TAKE, DROP = "move", "cube", "double", "take", "drop"
#: gnubg counts a cube decision as close when the best action is within this of doubling.
CLOSE_CUBE = 0.16


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Equity lost (EMG) above which a decision is marked doubtful, bad, very bad."""

    doubtful: float = 0.04
    bad: float = 0.08
    very_bad: float = 0.16

    def mark(self, lost: float) -> str:
        # gnubg's Skill(): strictly more than the threshold
        if lost > self.very_bad:
            return "very_bad"
        if lost > self.bad:
            return "bad"
        if lost > self.doubtful:
            return "doubtful"
        return ""


@dataclass(frozen=True, slots=True)
class CubeState:
    """What gnubg's ``cubeinfo`` holds at a decision (players 0 and 1 as gnubg numbers them)."""

    cube: int
    owner: int  # -1 centred
    mover: int
    length: int  # 0: money
    score: tuple[int, int]
    crawford: bool

    def available(self) -> bool:
        """gnubg's GetDPEq: may the player on roll double now?"""
        if self.owner not in (-1, self.mover):
            return False
        if not self.length:
            return True
        post_crawford = not self.crawford and self.length - 1 in self.score
        return (not self.crawford and self.score[self.mover] + self.cube < self.length
                and not (post_crawford and self.score[self.mover] == self.length - 1))


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
    mark: str  # "", doubtful, bad, very_bad
    unforced: bool = False  # a move with more than one legal play
    close: bool = False  # a cube decision gnubg counts (close, or an actual cube action)
    luck: float | None = None  # the roll's luck for the player (EMG, signed)
    #: the same luck unnormalised, as gnubg's statistics put it in brackets: match winning
    #: chance in match play, points (times the cube) in money play
    luck_raw: float | None = None
    cube_equities: tuple[float, float, float] | None = None  # no double, double/take, pass

    def to_dict(self) -> dict:
        return {
            "game": self.game, "number": self.number, "player": self.player,
            "kind": self.kind, "dice": list(self.dice) if self.dice else None,
            "played": self.played, "best": self.best,
            "equity_lost": round(self.equity_lost, 6), "mark": self.mark,
            "unforced": self.unforced, "close": self.close,
            "luck": None if self.luck is None else round(self.luck, 6),
            "luck_raw": None if self.luck_raw is None else round(self.luck_raw, 6),
            "cube_equities": ([round(x, 6) for x in self.cube_equities]
                              if self.cube_equities else None),
        }


ToEmg = Callable[[float, CubeState], float]


def _money_raw(emg: float, state: CubeState) -> float:
    """Unnormalised money luck: the cube's value times the normalised luck."""
    return emg * state.cube


def read_decisions(games: list[list[Node]], *, to_emg: ToEmg,
                   thresholds: Thresholds = Thresholds(),
                   to_raw: ToEmg = _money_raw) -> list[Decision]:
    """``to_raw`` turns a roll's normalised luck into gnubg's unnormalised one at its cube
    state (in match play: the match winning chance it moved, gnubg's ``eq2mwc``)."""
    decisions: list[Decision] = []
    for number, nodes in enumerate(games, start=1):
        decisions.extend(_GameReader(number, nodes, to_emg, thresholds, to_raw).decisions())
    return decisions


def player_names(games: list[list[Node]]) -> tuple[str, str]:
    root = games[0][0]
    return root.first("PW"), root.first("PB")


class _GameReader:
    def __init__(self, number: int, nodes: list[Node], to_emg: ToEmg, thresholds: Thresholds,
                 to_raw: ToEmg = _money_raw):
        if not nodes:
            raise AnalysisFileError(f"game {number} has no nodes")
        self.number, self.nodes, self.to_emg, self.thresholds = number, nodes, to_emg, thresholds
        self.to_raw = to_raw
        root = nodes[0]
        info = dict(item.split(":", 1) for item in root.props.get("MI", []) if ":" in item)
        rules = root.first("RU").split(":")
        self.length = int(info.get("length", 0))
        self.score = (int(info.get("ws", 0)), int(info.get("bs", 0)))
        self.crawford = "CrawfordGame" in rules
        self.cube_used = "NoCube" not in rules
        self.cube = int(root.first("CV", "1") or 1)
        self.owner = -1
        self.pending = 0  # doubles offered and not yet answered (2: a beaver)

    def decisions(self) -> Iterator[Decision]:
        for index, node in enumerate(self.nodes[1:]):
            for colour, player in (("W", 0), ("B", 1)):
                if colour in node.props:
                    yield from self._action(index, player, node.first(colour), node)

    def _state(self, player: int) -> CubeState:
        return CubeState(self.cube, self.owner, player, self.length, self.score, self.crawford)

    def _action(self, index: int, player: int, value: str, node: Node) -> Iterator[Decision]:
        if value == "double":
            self.pending += 1
            if self.pending == 1 and self.cube_used and "DA" in node.props:
                yield self._double(index, player, node)
        elif value in ("take", "drop"):
            if "DA" in node.props and self.cube_used and (value == "drop" or self.pending == 1):
                yield self._answer(index, player, value, node)
            if value == "take":
                self.cube, self.owner = self.cube * 2 ** self.pending, player
            self.pending = 0
        elif value[:2].isdigit():
            if "DA" in node.props and self.cube_used:
                yield self._no_double(index, player, node)
            yield self._move(index, player, value, node)

    # -------------------------------------------------------------- cube decisions

    def _equities(self, player: int, node: Node) -> tuple[float, float, float, float, bool]:
        """(no double, double/take, double/pass, optimal, cube available) in EMG."""
        values = node.first("DA").split()
        if len(values) < 21 or values[0] != "E":
            raise AnalysisFileError(f"game {self.number}: unreadable cube analysis")
        state = self._state(player)
        no_double = self.to_emg(float(values[13]), state)
        take = self.to_emg(float(values[20]), state)
        drop = 1.0  # a pass wins the cube's value: +1 in normalised equity
        available = state.available()
        optimal = max(no_double, min(take, drop)) if available else no_double
        return no_double, take, drop, optimal, available

    def _cube_decision(self, index: int, player: int, kind: str, played: str, best: str,
                       lost: float, equities, close: bool) -> Decision:
        lost = max(lost, 0.0)
        return Decision(self.number, index, player, kind, None, played, best, lost,
                        self.thresholds.mark(lost), close=close, cube_equities=equities)

    def _no_double(self, index: int, player: int, node: Node) -> Decision:
        no_double, take, drop, optimal, _ = self._equities(player, node)
        close = optimal - min(take, 1.0) < CLOSE_CUBE
        best = "Double" if no_double < optimal else _no_double_label(no_double, take, drop)
        return self._cube_decision(index, player, CUBE, "No double", best, optimal - no_double,
                                   (no_double, take, drop), close)

    def _double(self, index: int, player: int, node: Node) -> Decision:
        no_double, take, drop, optimal, _ = self._equities(player, node)
        doubled = min(take, drop)
        best = "Double" if doubled >= optimal else _no_double_label(no_double, take, drop)
        return self._cube_decision(index, player, DOUBLE, "Double", best, optimal - doubled,
                                   (no_double, take, drop), True)

    def _answer(self, index: int, player: int, value: str, node: Node) -> Decision:
        # the equities are the doubler's: the taker keeps -take, the passer -drop
        no_double, take, drop, _, _ = self._equities(1 - player, node)
        best = "Take" if take <= drop else "Pass"
        lost = take - drop if value == "take" else drop - take
        return self._cube_decision(index, player, TAKE if value == "take" else DROP,
                                   "Take" if value == "take" else "Pass", best, lost,
                                   (no_double, take, drop), True)

    # -------------------------------------------------------------- chequer play

    def _move(self, index: int, player: int, value: str, node: Node) -> Decision:
        dice = (int(value[0]), int(value[1]))
        played = format_move(value[2:], player)
        luck = float(node.first("LU")) if node.first("LU") else None
        raw = None if luck is None else self.to_raw(luck, self._state(player))
        analysis = node.props.get("A", [])
        if len(analysis) < 2:  # no legal play (a dance), or not analysed
            return Decision(self.number, index, player, MOVE, dice, played, played, 0.0, "",
                            luck=luck, luck_raw=raw)
        chosen = int(analysis[0])
        moves = [_candidate(item) for item in analysis[1:]]
        best_text, best_score = moves[0]
        lost = best_score - moves[chosen][1] if chosen < len(moves) else 0.0
        lost = max(lost, 0.0)
        return Decision(self.number, index, player, MOVE, dice, played,
                        format_move(best_text, player), lost, self.thresholds.mark(lost),
                        unforced=len(moves) > 1, luck=luck, luck_raw=raw)


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


def _point(letter: str, player: int) -> int:
    """gnubg's SGF letters: 'y' the bar (25), 'z' off (0); points counted for player 0
    from 'a' up and for player 1 from 'x' down."""
    if letter == "y":
        return 25
    if letter == "z":
        return 0
    return (ord(letter) - ord("a") if player == 0 else ord("x") - ord(letter)) + 1


def format_move(letters: str, player: int) -> str:
    """'8/5 6/5' from gnubg's letters; the bar is 'bar', bearing off 'off'."""
    steps = []
    for start in range(0, len(letters) - 1, 2):
        origin, target = (_point(c, player) for c in letters[start:start + 2])
        steps.append(f"{'bar' if origin == 25 else origin}/{'off' if target == 0 else target}")
    return " ".join(steps)
