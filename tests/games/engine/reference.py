"""A slow, obviously-correct reference move generator, written from the rule sentences only.

It tries every die order and every checker, keeps the sequences that use the most dice
(then the larger die), and returns the distinct resulting Position IDs. The fast generator
in games.engine.plays is checked against it.
"""

from __future__ import annotations

from games.engine import Position


def _move(mover: list[int], opponent: list[int], src: int, die: int):
    if mover[25] and src != 25:
        return None  # checkers on the bar enter first
    dst = src - die
    if dst >= 1:
        if opponent[25 - dst] >= 2:
            return None  # blocked point
    else:
        if any(mover[p] for p in range(7, 26)):
            return None  # bear off only with all fifteen home
        if dst < 0 and any(mover[p] for p in range(src + 1, 7)):
            return None  # a larger die only from the highest point
        dst = 0
    mover, opponent = list(mover), list(opponent)
    mover[src] -= 1
    mover[dst] += 1
    if dst and opponent[25 - dst] == 1:
        opponent[25 - dst] = 0
        opponent[25] += 1
    return mover, opponent


def _sequences(mover, opponent, dice, used, out):
    extended = False
    for src in range(25, 0, -1):
        if not mover[src]:
            continue
        moved = _move(mover, opponent, src, dice[0])
        if moved is None:
            continue
        extended = True
        if len(dice) == 1:
            out.append((used + [dice[0]], *moved))
        else:
            _sequences(*moved, dice[1:], used + [dice[0]], out)
    if not extended:
        out.append((used, mover, opponent))


def reference_results(position: Position, dice: tuple[int, int]) -> set[str]:
    high, low = max(dice), min(dice)
    orders = [[high] * 4] if high == low else [[high, low], [low, high]]
    found: list = []
    for order in orders:
        _sequences(list(position.mover), list(position.opponent), order, [], found)
    most = max(len(used) for used, _, _ in found)
    kept = [item for item in found if len(item[0]) == most]
    if most == 1 and high != low:
        larger = max(used[0] for used, _, _ in kept)
        kept = [item for item in kept if item[0][0] == larger]
    return {Position(tuple(o), tuple(m)).position_id() for _, m, o in kept}


def reference_most_dice(position: Position, dice: tuple[int, int]) -> int:
    high, low = max(dice), min(dice)
    orders = [[high] * 4] if high == low else [[high, low], [low, high]]
    found: list = []
    for order in orders:
        _sequences(list(position.mover), list(position.opponent), order, [], found)
    return max(len(used) for used, _, _ in found)


def reference_can_play(position: Position, die: int) -> bool:
    mover, opponent = list(position.mover), list(position.opponent)
    return any(mover[src] and _move(mover, opponent, src, die) for src in range(1, 26))
