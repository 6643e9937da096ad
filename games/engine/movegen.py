"""The move generator: each distinct legal play once, as a tuple of (src, dst, die) steps.

Fast paths cover most positions without replaying sequences: when nothing is on the bar
and no bear-off can happen this turn, the moves of different checkers are independent, so
the distinct plays can be listed directly (``_pair_plain``, ``_double_plain``); checkers on
the bar enter first and then join those paths (``_pair_bar``, ``_pair_bar_many``,
``_double_bar``). The rest (a bear-off is possible) uses a depth-first search on scratch
lists. Which points are open never changes during a turn (a hit only empties a point), so
it is worked out once per call (``open_points``). Everything is checked against a slow
reference generator and OpenSpiel in tests/games/engine/test_perft.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from operator import add

from .steps import BAR, bear_off, occupied, open_points, outside, sources


def generate(mover: tuple[int, ...], opponent: tuple[int, ...], high: int, low: int) -> list:
    """Distinct legal plays of the roll (high >= low); [] when no move is possible."""
    opn = open_points(opponent)
    bar = mover[BAR]
    if high == low:
        if bar:
            return _double_bar(mover, opn, high)
        if outside(mover) >= 4:
            return _double_plain(mover, opn, high)
        return _search_double(list(mover), opn, high)
    if bar == 1:
        return _pair_bar(mover, opponent, opn, high, low)
    if bar:
        return _pair_bar_many(opn, high, low)
    if outside(mover) >= 2:
        return _pair_plain(mover, opponent, opn, high, low)
    return _search_pair(list(mover), opponent, opn, high, low)


# --- fast paths: no bear-off possible this turn -----------------------------------------

def _pair_plain(m, o, opn, high: int, low: int) -> list:
    """Pairs of moves of two checkers, plus one checker moving both dice.

    With no bar and at least two checkers outside the home board, the points a move may
    reach never change during the turn, so any move of each die combine, except: the same
    lone checker twice, and a pair where one move starts where the other lands (that is
    the same position as the one checker moving both dice, listed once below). Distinct
    pairs then give distinct positions.
    """
    points = occupied(m)
    highs = [(src, src - high, high) for src in points if src > high and opn[src - high]]
    lows = [(src, src - low, low) for src in points if src > low and opn[src - low]]
    plays = [(a, b) for a in highs for b in lows
             if a[1] != b[0] and b[1] != a[0] and (a[0] != b[0] or m[a[0]] > 1)]
    via_high = set()
    for first in highs:
        src, mid, _ = first
        end = mid - low
        if end > 0 and opn[end]:
            plays.append((first, (mid, end, low)))
            via_high.add(src)
    for first in lows:
        src, mid, _ = first
        end = mid - high
        # "the intermediate point ... is also open": either order reaches ``end``; the two
        # are one play unless one of the intermediate points holds a blot to hit.
        if end > 0 and opn[end] and not (
                src in via_high and o[25 - mid] != 1 and o[25 - src + high] != 1):
            plays.append((first, (mid, end, high)))
    if plays:
        return plays
    # "if either number can be played but not both, the player must play the larger one."
    return [(move,) for move in highs] or [(move,) for move in lows]


def _pair_bar(m, o, opn, high: int, low: int) -> list:
    """One checker on the bar: it enters with one die, then any checker plays the other.

    "After the last of a player's counters has been entered, any unused numbers on the dice
    must be played". The entered checker stays outside the home board, so no bear-off is
    possible, and the only repeated position is the entered checker moving on by the other
    die (either order, unless an entry point holds a blot to hit).
    """
    plays = []
    chain_first = False
    points = occupied(m)
    for first, second in ((high, low), (low, high)):
        # Entering is a move to the point ``25 - die``.
        entry = 25 - first
        if not opn[entry]:
            continue
        enter = (BAR, entry, first)
        for src in points if m[entry] else sorted((*points, entry), reverse=True):
            dst = src - second
            if dst <= 0 or not opn[dst]:
                continue
            if src == entry:
                if first == low and chain_first and o[high] != 1 and o[low] != 1:
                    continue
                chain_first = True
            plays.append((enter, (src, dst, second)))
        chain_first = chain_first and first == high
    if plays:
        return plays
    # "When only one number can be played, the player must play that number."
    return [((BAR, 25 - die, die),) for die in (high, low) if opn[25 - die]][:1]


def _pair_bar_many(opn, high: int, low: int) -> list:
    """Two or more checkers on the bar: each die can only enter a checker."""
    entries = tuple((BAR, 25 - die, die) for die in (high, low) if opn[25 - die])
    if len(entries) == 2:
        return [entries]
    # "If he has a legal move for either die, but not both, he must play the higher number."
    return [entries] if entries else []


def _double_bar(m, opn, die: int) -> list:
    """Doubles with checkers on the bar: enter them (all, or none if the point is blocked),
    then play the remaining dice as in ``_double_plain``."""
    entry = 25 - die
    if not opn[entry]:
        return []  # "If neither of the points is open, the player loses his turn."
    entering = min(m[BAR], 4)
    prefix = ((BAR, entry, die),) * entering
    left = 4 - entering
    if not left or m[BAR] > entering:
        return [prefix]
    board = list(m)
    board[BAR], board[entry] = 0, board[entry] + entering
    if outside(board) < left:
        return _search_double(list(m), opn, die)
    return list(map(prefix.__add__, _double_plain(board, opn, die, left))) or [prefix]


def _double_plain(m, opn, die: int, dice: int = 4) -> list:
    """Doubles with no bar and at least ``dice`` checkers outside the home board.

    A play is a number of hops from each point (hops from a point may use checkers that
    arrived there by an earlier hop), and distinct hop counts give distinct positions.
    Points that differ by a multiple of the die form chains that do not interact; each
    chain extends the partial plays of the chains before it (see ``_chain``).
    """
    # "when all four numbers cannot be played, the player must play as many numbers as he
    # can": the most hops is every checker hopping as far as it can. rooms[point % die] is
    # that number on the chain through point (at most ``dice``).
    rooms = [0] * die
    arriving = [0] * 25
    for point in range(24, die, -1):
        here = m[point] + arriving[point]
        if here and opn[point - die]:
            rooms[point % die] += here
            arriving[point - die] = here
    rooms = [min(room, dice) for room in rooms]
    left = sum(rooms)
    best = min(dice, left)
    if not best:
        return []
    plays: dict[int, list] = {0: [()]}
    for top in range(24, 24 - die, -1):
        room = rooms[top % die]
        if room:
            left -= room
            plays = _chain(m, opn, die, top, best, plays)
            plays = {used: found for used, found in plays.items() if used + left >= best}
    return plays[best]


def _chain(m, opn, die: int, top: int, best: int, settled: dict[int, list]) -> dict[int, list]:
    """The partial plays ``settled`` ({hops used: [steps, ...]}) extended by every choice of
    hops on the points top, top - die, ... (at most ``best`` hops in all).

    The partial plays stay in groups: ``settled`` by hops used (no checker arriving on the
    next point), ``moving`` by (checkers arriving on the next point, hops used); a group
    grows by one C-level map per choice of hops.
    """
    moving: dict[tuple[int, int], list] = {}
    for point in range(top, die, -die):
        here = m[point]
        if not here and not moving:
            continue
        target = point - die
        arrived, moving = moving, {}
        if not opn[target]:
            for (_, used), plays in arrived.items():
                settled.setdefault(used, []).extend(plays)
            continue
        hop = ((point, target, die),)
        if here:
            for used, plays in settled.items():
                for count in range(1, min(here, best - used) + 1):
                    moving[count, used + count] = list(map(add, plays, repeat(hop * count)))
        for (arriving, used), plays in arrived.items():
            settled.setdefault(used, []).extend(plays)
            for count in range(1, min(here + arriving, best - used) + 1):
                moving.setdefault((count, used + count), []).extend(
                    map(add, plays, repeat(hop * count)))
    for (_, used), plays in moving.items():
        settled.setdefault(used, []).extend(plays)
    return settled


# --- the general search (a bear-off is possible) ----------------------------------------

def _search_pair(m: list[int], o: Sequence[int], opn, high: int, low: int) -> list:
    """Both orders of the two dice, one entry per resulting position: the mover's side and
    the blots hit (a point landed on that held one opposing checker)."""
    both: dict = {}
    singles: dict = {high: {}, low: {}}
    outside_home = outside(m)
    for first, second in ((high, low), (low, high)):
        for src in sources(m):
            dst = _landing(m, opn, outside_home, src, first)
            if dst < 0:
                continue
            m[src] -= 1
            m[dst] += 1
            hit = dst and o[25 - dst] == 1
            still_out = outside_home - (src > 6 >= dst)
            moved = False
            for src2 in sources(m):
                dst2 = _landing(m, opn, still_out, src2, second)
                if dst2 < 0:
                    continue
                moved = True
                m[src2] -= 1
                m[dst2] += 1
                hits = hit << dst | (dst2 and o[25 - dst2] == 1) << dst2
                both.setdefault((tuple(m), hits), ((src, dst, first), (src2, dst2, second)))
                m[src2] += 1
                m[dst2] -= 1
            if not moved and not both:
                singles[first].setdefault((tuple(m), hit << dst), ((src, dst, first),))
            m[src] += 1
            m[dst] -= 1
    # "A player must use both numbers of a roll if this is legally possible ... if either
    # number can be played but not both, the player must play the larger one."
    return list((both or singles[high] or singles[low]).values())


def _search_double(m: list[int], opn, die: int) -> list:
    """"In the case of doubles, when all four numbers cannot be played, the player must play
    as many numbers as he can." Moves in order of non-increasing source reach every set of
    moves exactly once (a checker only moves down, so it never feeds a higher source, and
    moving the higher checkers first never makes a later move illegal); each set of moves
    is a distinct position. Only the mover's side matters: a hit never blocks."""
    found: list[list] = [[], [], [], [], []]
    path: list[tuple[int, int, int]] = []

    def extend(ceiling: int, outside_home: int) -> None:
        leaf = True
        for src in sources(m):
            if src > ceiling:
                continue
            dst = _landing(m, opn, outside_home, src, die)
            if dst < 0:
                continue
            leaf = False
            m[src] -= 1
            m[dst] += 1
            path.append((src, dst, die))
            if len(path) == 4:
                found[4].append(tuple(path))
            else:
                extend(src, outside_home - (src > 6 >= dst))
            path.pop()
            m[src] += 1
            m[dst] -= 1
        if leaf and path:
            found[len(path)].append(tuple(path))

    extend(BAR, outside(m))
    return next((plays for plays in reversed(found) if plays), [])


def _landing(m, opn, outside_home: int, src: int, die: int) -> int:
    """steps.destination with the open points and the count of checkers outside the home
    board worked out beforehand: a point, 0 for off, or -1."""
    dst = src - die
    if dst > 0:
        return dst if opn[dst] else -1
    return -1 if outside_home else bear_off(m, src, dst)
