"""Checking one given play without enumerating every play (is_legal, apply_play, notation).

The moves are replayed on scratch lists, each with a die that fits; then the "most dice,
then the larger die" criterion is checked with an early-exit search.
"""

from __future__ import annotations

from collections.abc import Sequence

from .dice import normalize_dice
from .moves import Move
from .position import Position
from .rules import Rule
from .steps import BAR, destination, sources, step, unstep

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
        if destination(m, o, src, die) < 0:
            rule = Rule.BLOCKED_POINT if dst else Rule.BEAROFF_NOT_ALLOWED
            verdict = verdict or (rule, f"{_text(src, dst)} with a {die}")
            continue
        hit = step(m, o, src, dst)
        left = list(dice)
        left.remove(die)
        used.append((src, dst, die))
        inner = _check_steps(m, o, rest, left, used)
        if inner is None:
            return None
        used.pop()
        unstep(m, o, src, dst, hit)
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
    for src in sources(m):
        if doubles and src > ceiling:
            continue
        dst = destination(m, o, src, die)
        if dst < 0:
            continue
        hit = step(m, o, src, dst)
        found = _reach(m, o, order, done + 1, count, src)
        unstep(m, o, src, dst, hit)
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
        src, dst, _ = used[0]
        m, o = list(position.mover), list(position.opponent)
        if destination(m, o, src, high) == dst:
            return None  # the same move with the larger die (a bear-off from the top)
        if _one_die(position, high):
            return Rule.HIGHER_DIE, f"only one die can be played and the {high} can"
    return None


def _one_die(position: Position, die: int) -> bool:
    m, o = list(position.mover), list(position.opponent)
    return any(destination(m, o, src, die) >= 0 for src in sources(m))
