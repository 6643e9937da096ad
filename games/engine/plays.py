"""Legal plays: ``legal_plays`` (generation), ``is_legal`` and ``apply_play`` (checking).

Points are numbered from the mover's side: 25 = bar, 0 = off.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import repeat

from .checking import check_play
from .dice import normalize_dice
from .errors import IllegalPlayError
from .movegen import generate
from .moves import MOVES, Move, format_moves
from .position import Position, make_position
from .steps import step


class Play:
    """All the moves of one roll, in canonical order, and the position after them.

    ``moves`` are sorted by source then destination, highest first; ``dice_used`` gives the
    die of each move in that order; ``result`` is seen from the opponent, now on roll. A
    value: read-only, compared and hashed by those three. Plays from the generator work
    their moves and result out when first asked (most callers look at a few plays only).
    """

    __slots__ = ("_position", "_steps", "_moves", "_dice", "_result")

    def __init__(self, moves: Sequence[Move], result: Position, dice_used: Sequence[int]):
        self._moves, self._result, self._dice = tuple(moves), result, tuple(dice_used)

    @property
    def moves(self) -> tuple[Move, ...]:
        try:
            return self._moves
        except AttributeError:
            return self._materialize()._moves

    @property
    def result(self) -> Position:
        try:
            return self._result
        except AttributeError:
            pass
        position = self._position
        m, o = list(position.mover), list(position.opponent)
        for src, dst, _ in self._steps:
            step(m, o, src, dst)
        self._result = make_position(tuple(o), tuple(m))
        return self._result

    @property
    def dice_used(self) -> tuple[int, ...]:
        try:
            return self._dice
        except AttributeError:
            return self._materialize()._dice

    def _materialize(self) -> Play:
        """Canonical moves (hits found by replaying them in that order) and their dice."""
        position = self._position
        m, o = list(position.mover), list(position.opponent)
        moves, dice = [], []
        for src, dst, die in sorted(self._steps, key=_canonical_order):
            moves.append(MOVES[src, dst, step(m, o, src, dst)])
            dice.append(die)
        self._moves, self._dice = tuple(moves), tuple(dice)
        return self

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return (self.result, self.moves, self.dice_used) == \
            (other.result, other.moves, other.dice_used)

    def __hash__(self) -> int:
        return hash((self.result, self.moves))

    def __str__(self) -> str:
        return format_moves(self.moves)

    def __repr__(self) -> str:
        return f"Play({str(self)!r} -> {self.result.position_id()}, dice {self.dice_used})"


def _canonical_order(step_: tuple[int, int, int]) -> tuple[int, int]:
    return -step_[0], -step_[1]


class _GeneratedPlay(Play):
    """A Play straight from the generator: moves and result are worked out on first use."""

    __slots__ = ()

    def __init__(self, position: Position, steps: tuple) -> None:  # noqa: D107
        self._position, self._steps = position, steps


class Plays(Sequence[Play]):
    """The distinct legal plays of one roll: a read-only sequence, compared like a tuple.

    The generator lists every play's steps; the Play objects are made when the sequence is
    first read (as python-chess does with its legal moves), so counting the plays or
    generating them without reading them makes no objects.
    """

    __slots__ = ("_position", "_found", "_plays")

    def __init__(self, position: Position, found: list) -> None:  # noqa: D107
        self._position, self._found = position, found

    def _all(self) -> tuple[Play, ...]:
        try:
            return self._plays
        except AttributeError:
            pass
        if self._found:
            self._plays = tuple(map(_GeneratedPlay, repeat(self._position), self._found))
        else:
            self._plays = (pass_play(self._position),)
        return self._plays

    def __len__(self) -> int:
        return len(self._found) or 1

    def __getitem__(self, index):  # noqa: ANN001 - an int or a slice, as for a tuple
        return self._all()[index]

    def __iter__(self) -> Iterator[Play]:
        return iter(self._all())

    def __contains__(self, play: object) -> bool:
        return play in self._all()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Plays):
            return self._all() == other._all()
        if isinstance(other, tuple):
            return self._all() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._all())

    def __repr__(self) -> str:
        return f"Plays({', '.join(map(str, self._all()))})"


def legal_plays(position: Position, dice: Sequence[int]) -> Plays:
    """Each distinct legal play once (distinct resulting positions).

    "When neither number can be used, the player loses his turn": then the single play is
    the empty one, whose result is the position passed to the opponent.
    """
    high, low = normalize_dice(dice)
    return Plays(position, generate(position.mover, position.opponent, high, low))


def pass_play(position: Position) -> Play:
    """The empty play: the turn passes unchanged."""
    return Play((), position.swap(), ())


def is_legal(position: Position, dice: Sequence[int], moves: Sequence[Move]) -> bool:
    """Whether ``moves`` are a legal play of ``dice`` here (hit marks ignored)."""
    verdict, _ = check_play(position, dice, moves)
    return verdict is None


def apply_play(position: Position, dice: Sequence[int], moves: Sequence[Move]) -> Play:
    """The legal play made of ``moves``; raises IllegalPlayError naming the broken rule."""
    verdict, key = check_play(position, dice, moves)
    if verdict is not None:
        rule, detail = verdict
        raise IllegalPlayError(rule, position.position_id(), format_moves(moves), detail)
    if not moves:
        return pass_play(position)
    result = make_position(key[1], key[0])
    for play in legal_plays(position, dice):
        if play.result == result:
            return play
    raise AssertionError(f"play checked legal but not generated in {position.position_id()}")
