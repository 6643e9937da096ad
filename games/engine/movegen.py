"""The move generator: each distinct legal play once, as a tuple of (src, dst, die) steps.

Two fast paths cover most positions without replaying sequences: when nothing is on the bar
and no bear-off can happen this turn, the moves of different checkers are independent, so
the distinct plays can be listed directly (see ``_pair_plain`` and ``_double_plain``).
Other positions (bar, bear-off) use a depth-first search on scratch lists that keeps one
sequence per resulting position. Both are checked against a slow reference generator and
OpenSpiel in tests/games/engine/test_perft.py.
"""

from __future__ import annotations

from .steps import BAR, destination, outside, sources, step, unstep

Steps = tuple[tuple[int, int, int], ...]


def generate(mover: tuple[int, ...], opponent: tuple[int, ...], high: int, low: int) -> list:
    """Distinct legal plays of the roll (high >= low); [] when no move is possible."""
    if high == low:
        if mover[BAR]:
            return _double_bar(mover, opponent, high)
        if outside(mover) >= 4:
            return _double_plain(mover, opponent, high)
        return _search_double(list(mover), list(opponent), high)
    if mover[BAR] == 1:
        return _pair_bar(mover, opponent, high, low)
    if not mover[BAR] and outside(mover) >= 2:
        return _pair_plain(mover, opponent, high, low)
    return _search_pair(list(mover), list(opponent), high, low)


# --- fast paths: no bar and no bear-off possible this turn --------------------------------

def _single_moves(m, o, die: int) -> list[tuple[int, int]]:
    # Blocked points (the rule in steps.destination), inlined: "A checker may never land on
    # a point occupied by two or more enemy checkers."
    return [(src, src - die) for src in range(24, die, -1) if m[src] and o[25 - src + die] < 2]


def _pair_plain(m, o, high: int, low: int) -> list:
    """Pairs of moves of two checkers, plus one checker moving both dice.

    With no bar and at least two checkers outside the home board, the points a move may
    reach never change during the turn, so any move of each die combine, except: the same
    lone checker twice, and a pair where one move starts where the other lands (that is
    the same position as the one checker moving both dice, listed once below). Distinct
    pairs then give distinct positions.
    """
    highs, lows = _single_moves(m, o, high), _single_moves(m, o, low)
    plays = [((sa, da, high), (sb, db, low)) for sa, da in highs for sb, db in lows
             if da != sb and db != sa and (sa != sb or m[sa] > 1)]
    via_high = set()
    for src, mid in highs:
        end = mid - low
        if end > 0 and o[25 - end] < 2:
            plays.append(((src, mid, high), (mid, end, low)))
            via_high.add(src)
    for src, mid in lows:
        end = mid - high
        # "the intermediate point ... is also open": either order reaches ``end``; the two
        # are one play unless one of the intermediate points holds a blot to hit.
        if end > 0 and o[25 - end] < 2 and not (
                src in via_high and o[25 - mid] != 1 and o[25 - src + high] != 1):
            plays.append(((src, mid, low), (mid, end, high)))
    if plays:
        return plays
    # "if either number can be played but not both, the player must play the larger one."
    return [((src, dst, high),) for src, dst in highs] or \
        [((src, dst, low),) for src, dst in lows]


def _pair_bar(m, o, high: int, low: int) -> list:
    """One checker on the bar: it enters with one die, then any checker plays the other.

    "After the last of a player's counters has been entered, any unused numbers on the dice
    must be played". The entered checker stays outside the home board, so no bear-off is
    possible, and the only repeated position is the entered checker moving on by the other
    die (either order, unless an entry point holds a blot to hit).
    """
    plays = []
    chain_first = False
    for first, second in ((high, low), (low, high)):
        # Entering is a move to the point ``25 - die`` (the rule in steps.destination).
        if o[first] >= 2:
            continue
        entry = 25 - first
        board = list(m)
        board[BAR], board[entry] = 0, board[entry] + 1
        for src, dst in _single_moves(board, o, second):
            if src == entry and first == low and chain_first and o[high] != 1 and o[low] != 1:
                continue
            chain_first = chain_first or src == entry
            plays.append(((BAR, entry, first), (src, dst, second)))
        if first == low:
            chain_first = False
    if plays:
        return plays
    # "When only one number can be played, the player must play that number."
    return [((BAR, 25 - die, die),) for die in (high, low) if o[die] < 2][:1]


def _double_bar(m, o, die: int) -> list:
    """Doubles with checkers on the bar: enter them (all, or none if the point is blocked),
    then play the remaining dice as in ``_double_plain``."""
    if o[die] >= 2:
        return []  # "If neither of the points is open, the player loses his turn."
    entry, entering = 25 - die, min(m[BAR], 4)
    prefix = ((BAR, entry, die),) * entering
    board = list(m)
    board[BAR], board[entry] = m[BAR] - entering, m[entry] + entering
    left = 4 - entering
    if not left or board[BAR]:
        return [prefix]
    if outside(board) < left:
        return _search_double(list(m), list(o), die)
    return [prefix + steps for steps in _double_plain(board, o, die, left)] or [prefix]


def _double_plain(m, o, die: int, dice: int = 4) -> list:
    """Doubles with no bar and at least four checkers outside the home board.

    A play is a number of hops from each point (hops from a point may use checkers that
    arrived there by an earlier hop); distinct hop counts give distinct positions. Points
    that differ by a multiple of the die form independent chains: list each chain's
    options, then combine them to the most dice that can be played.
    """
    chains = [options for top in range(24, 24 - die, -1)
              if len(options := _chain_options(m, o, die, top, dice)) > 1]
    room = sum(max(options) for options in chains)
    best = min(dice, room)
    if not best:
        return []
    combos: dict[int, list] = {0: [()]}
    for options in chains:
        room -= max(options)
        merged: dict[int, list] = {}
        for used, heads in combos.items():
            for more, tails in options.items():
                total = used + more
                if total <= best and total + room >= best:
                    merged.setdefault(total, []).extend(h + t for h in heads for t in tails)
        combos = merged
    return combos[best]


def _chain_options(m, o, die: int, top: int, dice: int) -> dict[int, list]:
    """{hops used: [steps, ...]} for the points top, top - die, ... (at most ``dice``)."""
    settled = [(0, ())]  # (hops used, steps): no checker arriving on the next point
    moving: list = []  # (checkers arriving on the point, hops used, steps)
    for point in range(top, die, -die):
        here = m[point]
        if not here and not moving:
            continue
        target = point - die
        if o[25 - target] >= 2:
            settled += [(used, steps) for _, used, steps in moving]
            moving = []
            continue
        hop = ((point, target, die),)
        arrived = moving
        moving = [(count, used + count, steps + hop * count)
                  for used, steps in settled if here and used < dice
                  for count in range(1, min(here, dice - used) + 1)]
        for arriving, used, steps in arrived:
            settled.append((used, steps))
            moving += [(count, used + count, steps + hop * count)
                       for count in range(1, min(here + arriving, dice - used) + 1)]
    options: dict[int, list] = {}
    for used, steps in settled:
        options.setdefault(used, []).append(steps)
    for _, used, steps in moving:
        options.setdefault(used, []).append(steps)
    return options


# --- the general search (bar, bear-off) -------------------------------------------------

def _search_pair(m: list[int], o: list[int], high: int, low: int) -> list:
    both: dict = {}
    singles: dict = {high: {}, low: {}}
    for first, second in ((high, low), (low, high)):
        for src in sources(m):
            dst = destination(m, o, src, first)
            if dst < 0:
                continue
            hit = step(m, o, src, dst)
            moved = False
            for src2 in sources(m):
                dst2 = destination(m, o, src2, second)
                if dst2 < 0:
                    continue
                moved = True
                hit2 = step(m, o, src2, dst2)
                both.setdefault((tuple(m), tuple(o)), ((src, dst, first), (src2, dst2, second)))
                unstep(m, o, src2, dst2, hit2)
            if not moved and not both:
                singles[first].setdefault((tuple(m), tuple(o)), ((src, dst, first),))
            unstep(m, o, src, dst, hit)
    # "A player must use both numbers of a roll if this is legally possible ... if either
    # number can be played but not both, the player must play the larger one."
    return list((both or singles[high] or singles[low]).values())


def _search_double(m: list[int], o: list[int], die: int) -> list:
    """"In the case of doubles, when all four numbers cannot be played, the player must play
    as many numbers as he can." Moves in order of non-increasing source reach every set of
    moves once (a checker only moves down, so it never feeds a higher source)."""
    found: dict = {}
    best = [0]
    path: list[tuple[int, int, int]] = []

    def extend(ceiling: int) -> None:
        for src in sources(m):
            if src > ceiling:
                continue
            dst = destination(m, o, src, die)
            if dst < 0:
                continue
            hit = step(m, o, src, dst)
            path.append((src, dst, die))
            if len(path) == 4:
                _record(found, best, m, o, path)
            else:
                extend(src)
            path.pop()
            unstep(m, o, src, dst, hit)
        if path and len(path) >= best[0]:
            _record(found, best, m, o, path)

    extend(BAR)
    return list(found.values())


def _record(found: dict, best: list[int], m: list[int], o: list[int], path: list) -> None:
    used = len(path)
    if used > best[0]:
        found.clear()
        best[0] = used
    elif used < best[0]:
        return
    found.setdefault((tuple(m), tuple(o)), tuple(path))
