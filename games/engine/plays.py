"""Legal plays: generation (legal_plays), checking (is_legal) and applying (apply_play).

The generator works on private scratch lists of the two sides (index 1..24 points from the
mover's side, 25 bar, 0 off; the opponent's point p is the mover's 25 - p) and keeps each
distinct resulting position once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .dice import normalize_dice
from .errors import IllegalPlayError
from .position import BAR, Position, make_position
from .rules import Rule

_POINTS_DOWN = tuple(range(24, 0, -1))
_BAR_ONLY = (BAR,)


@dataclass(frozen=True, slots=True)
class Move:
    """One checker step of one die: src 25 = bar, dst 0 = off, points from the mover's side."""

    src: int
    dst: int
    hit: bool = False

    def __str__(self) -> str:
        from .notation import format_moves

        return format_moves((self,))


@dataclass(frozen=True, slots=True)
class Play:
    """All the moves of one roll, in canonical order, and the position after them.

    ``result`` is seen from the opponent, who is now on roll. ``dice_used`` gives the die of
    each move, in the order of ``moves``.
    """

    moves: tuple[Move, ...]
    result: Position
    dice_used: tuple[int, ...]

    def __str__(self) -> str:
        from .notation import format_moves

        return format_moves(self.moves)


# Moves are values: one shared instance per (src, dst, hit).
_MOVES = {
    (src, dst, hit): Move(src, dst, hit)
    for src in range(1, 26) for dst in range(0, 25) for hit in (False, True) if dst < src
}


def _destination(m: list[int], o: list[int], src: int, die: int) -> int:
    """Where a checker from ``src`` lands with ``die``: a point, 0 for off, or -1 if it can't.

    The caller has checked that the mover has a checker on ``src`` and that the bar rule
    allows moving it.
    """
    dst = src - die
    if dst > 0:
        # "A checker may never land on a point occupied by two or more enemy checkers."
        return -1 if o[25 - dst] >= 2 else dst
    # "A player may not bear off any checkers unless all of his checkers are in his
    # home board."
    for point in range(7, 26):
        if m[point]:
            return -1
    # "A number may not be used to bear off checkers from a lower point unless there are
    # no checkers on any higher points."
    if dst < 0:
        for point in range(src + 1, 7):
            if m[point]:
                return -1
    return 0


def _sources(m: list[int]) -> Iterable[int]:
    """The points a checker may leave now, highest first.

    "A player with one or more checkers on the bar may not move any other checkers until
    all of the checkers on the bar have re-entered the opponents home field."
    """
    if m[BAR]:
        return _BAR_ONLY
    return [point for point in _POINTS_DOWN if m[point]]


def _step(m: list[int], o: list[int], src: int, dst: int) -> bool:
    """Move one checker on the scratch lists; returns whether it hit.

    "If an opposing counter lands on a blot, the blot is hit and placed on the bar."
    """
    m[src] -= 1
    m[dst] += 1
    if dst and o[25 - dst] == 1:
        o[25 - dst] = 0
        o[BAR] += 1
        return True
    return False


def _unstep(m: list[int], o: list[int], src: int, dst: int, hit: bool) -> None:
    m[src] += 1
    m[dst] -= 1
    if hit:
        o[25 - dst] = 1
        o[BAR] -= 1


def _pair_plays(m: list[int], o: list[int], high: int, low: int) -> dict:
    """Distinct plays of a non-double: {(mover, opponent) after: ((src, dst, die), ...)}."""
    both: dict = {}
    singles: dict = {high: {}, low: {}}
    for first, second in ((high, low), (low, high)):
        for src in _sources(m):
            dst = _destination(m, o, src, first)
            if dst < 0:
                continue
            hit = _step(m, o, src, dst)
            moved = False
            for src2 in _sources(m):
                dst2 = _destination(m, o, src2, second)
                if dst2 < 0:
                    continue
                moved = True
                hit2 = _step(m, o, src2, dst2)
                key = (tuple(m), tuple(o))
                if key not in both:
                    both[key] = ((src, dst, first), (src2, dst2, second))
                _unstep(m, o, src2, dst2, hit2)
            if not moved and not both:
                singles[first].setdefault((tuple(m), tuple(o)), ((src, dst, first),))
            _unstep(m, o, src, dst, hit)
    # "A player must use both numbers of a roll if this is legally possible ... if either
    # number can be played but not both, the player must play the larger one."
    return both or singles[high] or singles[low]


def _double_plays(m: list[int], o: list[int], die: int) -> dict:
    """Distinct plays of a double: "a player must play as many numbers as he can"."""
    found: dict = {}
    best = [0]
    path: list[tuple[int, int, int]] = []

    def extend(ceiling: int) -> None:
        # Moves in order of non-increasing source reach every multiset of moves once.
        for src in _sources(m):
            if src > ceiling:
                continue
            dst = _destination(m, o, src, die)
            if dst < 0:
                continue
            hit = _step(m, o, src, dst)
            path.append((src, dst, die))
            if len(path) == 4:
                _record(found, best, m, o, path)
            else:
                extend(src)
            path.pop()
            _unstep(m, o, src, dst, hit)
        if path and len(path) >= best[0]:
            _record(found, best, m, o, path)

    extend(BAR)
    return found


def _record(found: dict, best: list[int], m: list[int], o: list[int], path: list) -> None:
    used = len(path)
    if used > best[0]:
        found.clear()
        best[0] = used
    elif used < best[0]:
        return
    found.setdefault((tuple(m), tuple(o)), tuple(path))


def _raw_plays(position: Position, high: int, low: int) -> dict:
    m, o = list(position.mover), list(position.opponent)
    if high == low:
        return _double_plays(m, o, high)
    return _pair_plays(m, o, high, low)


def _canonical(position: Position, steps: Sequence[tuple[int, int, int]]) -> tuple:
    """Moves sorted by source then destination, highest first, with hits found by replay."""
    m, o = list(position.mover), list(position.opponent)
    moves, dice = [], []
    for src, dst, die in sorted(steps, key=lambda step: (-step[0], -step[1])):
        moves.append(_MOVES[src, dst, _step(m, o, src, dst)])
        dice.append(die)
    return tuple(moves), tuple(dice)


def _play(position: Position, key: tuple, steps: Sequence[tuple[int, int, int]]) -> Play:
    moves, dice = _canonical(position, steps)
    return Play(moves, make_position(key[1], key[0]), dice)


def legal_plays(position: Position, dice: Sequence[int]) -> tuple[Play, ...]:
    """Each distinct legal play once (distinct resulting positions).

    "When neither number can be used, the player loses his turn": then the single play is
    the empty one, whose result is the position passed to the opponent.
    """
    high, low = normalize_dice(dice)
    raw = _raw_plays(position, high, low)
    if not raw:
        return (Play((), position.swap(), ()),)
    return tuple(_play(position, key, steps) for key, steps in raw.items())


def pass_play(position: Position) -> Play:
    """The empty play: the turn passes unchanged."""
    return Play((), position.swap(), ())


# --- checking one given play without enumerating every play -------------------------------

_Verdict = tuple[Rule, str] | None


def _check_steps(m: list[int], o: list[int], moves: Sequence[Move], dice: list[int],
                 used: list[tuple[int, int, int]]) -> _Verdict:
    """Play ``moves`` in order on the scratch lists, each with one of ``dice``.

    Returns None when every move is playable (``used`` then holds (src, dst, die) for each),
    else the first broken rule and why. Leaves the scratch lists changed on success.
    """
    if not moves:
        return None
    move, rest = moves[0], moves[1:]
    src, dst = move.src, move.dst
    if not (1 <= src <= BAR and 0 <= dst < src):
        return Rule.WRONG_DISTANCE, f"{_text(src, dst)} does not move forward"
    if not m[src]:
        return Rule.NO_CHECKER, f"no checker of the mover on {_text(src)}"
    if m[BAR] and src != BAR:
        return Rule.BAR_FIRST, "checkers on the bar must enter first"
    candidates = _dice_for(src, dst, dice)
    if not candidates:
        return Rule.WRONG_DISTANCE, f"{_text(src, dst)} matches none of the dice left {dice}"
    verdict: _Verdict = None
    for die in candidates:
        if _destination(m, o, src, die) < 0:
            rule = Rule.BLOCKED_POINT if dst else Rule.BEAROFF_NOT_ALLOWED
            verdict = verdict or (rule, f"{_text(src, dst)} with a {die}")
            continue
        hit = _step(m, o, src, dst)
        left = list(dice)
        left.remove(die)
        used.append((src, dst, die))
        inner = _check_steps(m, o, rest, left, used)
        if inner is None:
            return None
        used.pop()
        _unstep(m, o, src, dst, hit)
        verdict = verdict or inner
    return verdict


def _text(*points: int) -> str:
    return "/".join("bar" if p == BAR else "off" if p == 0 else str(p) for p in points)


def _dice_for(src: int, dst: int, dice: list[int]) -> list[int]:
    """The dice that could carry a checker from src to dst (exact first, then larger ones
    for a bear-off: "A checker borne off from a lower point than indicated on the die still
    counts as the full die")."""
    exact = [src - dst] if src - dst in dice else []
    if dst:
        return exact
    return exact + sorted({die for die in dice if die > src})


def _uses_at_least(position: Position, high: int, low: int, count: int) -> bool:
    """Whether some play of this roll uses ``count`` dice (early exit: no enumeration)."""
    m, o = list(position.mover), list(position.opponent)
    orders = [[high] * 4] if high == low else [[high, low], [low, high]]
    return any(_reach(m, o, order, 0, count, BAR) for order in orders)


def _reach(m: list[int], o: list[int], order: list[int], done: int, count: int,
           ceiling: int) -> bool:
    if done >= count:
        return True
    die = order[done]
    doubles = order[0] == order[-1] and len(order) == 4
    for src in _sources(m):
        if doubles and src > ceiling:
            continue
        dst = _destination(m, o, src, die)
        if dst < 0:
            continue
        hit = _step(m, o, src, dst)
        found = _reach(m, o, order, done + 1, count, src)
        _unstep(m, o, src, dst, hit)
        if found:
            return True
    return False


def check_play(position: Position, dice: Sequence[int],
               moves: Sequence[Move]) -> tuple[_Verdict, tuple | None]:
    """(None, (mover, opponent) after) for a legal play, else ((rule, detail), None).

    Tries the moves in the order given, then highest source first (order does not matter
    otherwise). Hit marks on the moves are ignored: the board decides.
    """
    high, low = normalize_dice(dice)
    dice_left = [high] * 4 if high == low else [high, low]
    verdict: _Verdict = None
    for order in (moves, sorted(moves, key=lambda mv: (-mv.src, -mv.dst))):
        m, o = list(position.mover), list(position.opponent)
        used: list[tuple[int, int, int]] = []
        attempt = _check_steps(m, o, tuple(order), dice_left, used)
        if attempt is None:
            return _dice_rule(position, high, low, used), (tuple(m), tuple(o))
        verdict = attempt
        if list(order) == sorted(order, key=lambda mv: (-mv.src, -mv.dst)):
            break
    return verdict, None


def _dice_rule(position: Position, high: int, low: int, used: list) -> _Verdict:
    """The "most dice, then the larger die" criterion for a play that is otherwise fine."""
    count = len(used)
    full = 4 if high == low else 2
    # "A player must use both numbers of a roll if this is legally possible (or all four
    # numbers of a double) ... In the case of doubles, when all four numbers cannot be
    # played, the player must play as many numbers as he can."
    if count < full and _uses_at_least(position, high, low, count + 1):
        return Rule.MUST_USE_BOTH_DICE, f"{count} of the dice played, more can be"
    # "If he has a legal move for either die, but not both, he must play the higher number."
    if count == 1 and high != low and used[0][2] == low:
        if _one_die(position, high):
            return Rule.HIGHER_DIE, f"only one die can be played and the {high} can"
    return None


def _one_die(position: Position, die: int) -> bool:
    m, o = list(position.mover), list(position.opponent)
    return any(_destination(m, o, src, die) >= 0 for src in _sources(m))


def is_legal(position: Position, dice: Sequence[int], moves: Sequence[Move]) -> bool:
    """Whether ``moves`` are a legal play of ``dice`` here (hit marks ignored)."""
    verdict, _ = check_play(position, dice, moves)
    return verdict is None


def apply_play(position: Position, dice: Sequence[int], moves: Sequence[Move]) -> Play:
    """The legal play made of ``moves``; raises IllegalPlayError naming the broken rule."""
    verdict, key = check_play(position, dice, moves)
    if verdict is not None:
        from .notation import format_moves

        rule, detail = verdict
        raise IllegalPlayError(rule, position.position_id(), format_moves(moves), detail)
    if not moves:
        return pass_play(position)
    result = make_position(key[1], key[0])
    for play in legal_plays(position, dice):
        if play.result == result:
            return play
    raise AssertionError(f"play checked legal but not generated in {position.position_id()}")
