"""Swiss and MoreSwiss pairing (pure: the standard library and networkx only).

Players are paired by score; the criteria, strictly in this order:

1. no rematch, as long as a pairing without one exists (fewest rematches otherwise);
2. with an odd number of players, the bye goes to a player with the fewest byes so far,
   among them to one with the lowest score, and among those to the one ranked lowest (the
   largest ``rank``), as the FIDE Dutch system does (a bye is a free win: never to a
   leader while someone has fewer points); as long as the others can still be paired
   without a rematch (criterion 1 comes first);
3. opponents as close in score as possible: the sum over all pairs of the squared score
   difference is as small as it can be;
4. within a score group, the top half meets the bottom half by rank (1 v 1+h, 2 v 2+h...);
   a player who floats down is the lowest ranked of their group and meets the top of the
   group below.

Exact, not greedy: one maximum weight matching (networkx's blossom algorithm, integer
weights, so no rounding) over all possible pairs at once, each pair's weight encoding the
four criteria lexicographically (each criterion's unit outweighs the largest possible total
of every criterion after it). Deterministic: the graph is built in rank order, so equal
optima (rare: criterion 4 is a squared distance) always resolve the same way.

Scores are match wins; a bye is a win (a setting); a late entry starts at zero or with half
a point per missed round (a setting); withdrawn players are simply not in ``players``.
**MoreSwiss**: a player is out after ``losses_out`` losses; the rest keep playing until
one is left.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import networkx as nx

from .errors import FormatError
from .i18n import gettext_noop

#: The bye's node in the matching graph (never a player's id: a private object).
_BYE = object()


class SwissError(FormatError):
    """Input the Swiss pairing cannot use (duplicate players, unknown ids in a round...)."""


@dataclass(frozen=True, slots=True)
class Game:
    """One match of a past round: ``b`` None is a bye; ``winner`` None is not decided."""

    a: Hashable
    b: Hashable | None
    winner: Hashable | None = None


@dataclass(slots=True)
class Record:
    """What a player has done so far (built from the rounds)."""

    wins: int = 0
    losses: int = 0
    byes: int = 0
    opponents: set = field(default_factory=set)
    #: Index of the first round the player appears in (None: not yet).
    first_round: int | None = None


@dataclass(frozen=True, slots=True)
class Pairing:
    #: ``(higher, lower)`` player pairs, best score group first; the bye last as ``(p, None)``.
    pairs: tuple[tuple[Hashable, Hashable | None], ...]
    #: How many pairs are rematches (0 unless no rematch-free pairing exists).
    rematches: int
    #: The sum over the pairs of the squared score difference (in half points).
    squared_difference: int


def records(rounds: Iterable[Iterable[Game]]) -> dict[Hashable, Record]:
    """Every player's wins, losses, byes and opponents from the rounds played."""
    found: dict[Hashable, Record] = {}
    for number, games in enumerate(rounds):
        for game in games:
            for player in (game.a, game.b):
                if player is not None:
                    record = found.setdefault(player, Record())
                    if record.first_round is None:
                        record.first_round = number
            a = found[game.a]
            if game.b is None:
                a.byes += 1
                continue
            b = found[game.b]
            a.opponents.add(game.b)
            b.opponents.add(game.a)
            if game.winner is not None:
                if game.winner not in (game.a, game.b):
                    raise SwissError(gettext_noop("Round %(round)s: the winner %(winner)s did not "
                                                  "play in %(a)s v %(b)s."),
                                     round=number + 1, winner=repr(game.winner),
                                     a=repr(game.a), b=repr(game.b))
                winner, loser = (a, b) if game.winner == game.a else (b, a)
                winner.wins += 1
                loser.losses += 1
    return found


def half_points(record: Record, *, rounds_played: int, bye_is_win: bool = True,
                late_half_points: bool = False) -> int:
    """A player's score in half points (ints keep the weights exact)."""
    score = 2 * record.wins + (2 * record.byes if bye_is_win else 0)
    if late_half_points:
        missed = rounds_played if record.first_round is None else record.first_round
        score += missed
    return score


def is_out(record: Record, losses_out: int | None) -> bool:
    return losses_out is not None and record.losses >= losses_out


def suggested_rounds(players: int, *, losses_out: int | None = None) -> int:
    """ceil(log2 N) for a Swiss; for MoreSwiss, the rounds until one player is expected to
    be left (half of each loss group losing each round), which is more."""
    if players < 2:
        return 0
    if losses_out is None:
        return math.ceil(math.log2(players))
    groups = [float(players)] + [0.0] * losses_out  # expected players by losses
    rounds = 0
    while sum(groups[:losses_out]) > 1.5 and rounds < 10 * players:
        groups = [groups[0] / 2] + [(groups[k - 1] + groups[k]) / 2 for k in
                                     range(1, losses_out)] + [groups[-1] + groups[-2] / 2]
        rounds += 1
    return rounds


def active_players(players: Sequence[Hashable], rounds: Sequence[Sequence[Game]], *,
                   losses_out: int | None = None) -> list[Hashable]:
    """The players still in (all of them in a Swiss; MoreSwiss drops those out)."""
    found = records(rounds)
    return [p for p in players if not is_out(found.get(p, Record()), losses_out)]


def pair(players: Sequence[tuple[Hashable, int]], rounds: Sequence[Sequence[Game]], *,
         losses_out: int | None = None, bye_is_win: bool = True,
         late_half_points: bool = False) -> Pairing:
    """The next round's pairs for ``players`` (``(id, rank)``, rank 1 the strongest; those
    withdrawn are left out) given the ``rounds`` played so far."""
    ranks = _check(players)
    found = records(rounds)
    ordered = sorted(ranks, key=lambda p: ranks[p])
    playing = [p for p in ordered if not is_out(found.get(p, Record()), losses_out)]
    if len(playing) < 2:
        return Pairing((), 0, 0)
    score = {p: half_points(found.get(p, Record()), rounds_played=len(rounds),
                            bye_is_win=bye_is_win, late_half_points=late_half_points)
             for p in playing}
    return _match(playing, score, {p: found.get(p, Record()) for p in playing})


def _check(players: Sequence[tuple[Hashable, int]]) -> dict[Hashable, int]:
    ranks: dict[Hashable, int] = {}
    for entry in players:
        player, rank = entry
        if player is None:
            raise SwissError(gettext_noop("A player's id cannot be null."))
        if player in ranks:
            raise SwissError(gettext_noop("Player %(player)s is listed twice."),
                             player=repr(player))
        if isinstance(rank, bool) or not isinstance(rank, int):
            raise SwissError(gettext_noop("Player %(player)s: the rank must be a whole number."),
                             player=repr(player))
        ranks[player] = rank
    if len(set(ranks.values())) != len(ranks):
        raise SwissError(gettext_noop("Two players share a rank: ranks must be distinct."))
    return ranks


# --------------------------------------------------------------------------- the weights


def _groups(playing: list, score: Mapping) -> dict:
    """Each player's (position in their score group by rank, the group's size)."""
    members: dict[int, list] = {}
    for player in playing:  # already in rank order
        members.setdefault(score[player], []).append(player)
    return {p: (i, len(group)) for group in members.values() for i, p in enumerate(group)}


def _rank_cost(a, b, score: Mapping, place: Mapping) -> int:
    """Criterion 4 (at most 2n**5 + ... per pair): 0 for 1 v 1+h within a group, growing with the
    square of the distance from h (so when a group cannot pair 1 v 1+h throughout, e.g.
    after a floater left, the pairs stay as even as they can: 13-17 v 18-22, not 13-16 v
    19-22 and 17 v 18); a floater should be the bottom of the higher group and meet the
    top of the lower one."""
    (i, size), (j, other) = place[a], place[b]
    if score[a] == score[b]:
        return (abs(i - j) - size // 2) ** 2
    if score[a] < score[b]:
        (i, size), (j, other) = (j, other), (i, size)
    # Who floats comes first (as in the Dutch system: choose the floaters, then pair the
    # rest): a cross-group unit outweighs every within-group total (n/2 pairs x n*n).
    return (len(place) ** 3 + 1) * ((size - 1 - i) ** 2 + j ** 2)


def _between(playing: list, score: Mapping):
    """How many players score strictly between two players' scores.

    Why a pair (a, d), a scoring more than d, whose score gap holds many players is never
    in an optimal pairing: take a player b scoring strictly between them, paired with c
    (not the bye). Exchange partners: (a, c) + (b, d) when c scores more than b, else
    (a, b) + (c, d). In every case the sum of squared differences drops strictly (the
    gap a-d is split; the four cases work out to 2pq + 2qr + ... > 0) and the bye does not
    move, so criterion 3 improves with criteria 1-2 no worse, unless a new pair is a
    rematch: that needs b or c to be a past opponent of a or of d. Each past opponent sits
    in one pair, so at most |opp(a)| + |opp(d)| pairs block, holding at most two in-between
    players each, plus one for the bye. An edge with more in-between players than
    2(|opp(a)| + |opp(d)|) + 1 is in no optimal pairing and is left out: the matching stays
    exact, on far fewer edges (256 players, round 9: 0.37 s instead of 1.1 s)."""
    levels = sorted(set(score.values()))
    count = {level: 0 for level in levels}
    for player in playing:
        count[score[player]] += 1
    below, running = {}, 0
    for level in levels:  # players scoring less than each level
        below[level] = running
        running += count[level]

    def between(a, b) -> int:
        low, high = sorted((score[a], score[b]))
        return 0 if low == high else below[high] - below[low] - count[low]

    return between


def _match(playing: list, score: Mapping, found: Mapping) -> Pairing:
    n = len(playing)
    place = _groups(playing, score)
    spread = max(score.values()) - min(score.values())
    most_byes = max(found[p].byes for p in playing)
    # Units: each criterion's unit exceeds the largest total of all the later ones.
    unit3 = 4 * n ** 6 + 1                              # > total rank cost (n/2 x 2n**5..)
    unit2 = unit3 * (n * spread * spread + 1) + unit3   # > total squared diff and rank
    level = {v: i for i, v in enumerate(sorted(set(score.values())))}  # 0: lowest score
    bye_span = (most_byes + 1) * len(level) * (n + 1)   # > any bye's cost below
    unit1 = unit2 * (bye_span + 1)                      # > one bye's cost and the rest
    top = 2 * unit1                                     # every weight stays positive
    between = _between(playing, score)
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for x in range(n):
        a = playing[x]
        for y in range(x + 1, n):
            b = playing[y]
            if between(a, b) > 2 * (len(found[a].opponents) + len(found[b].opponents)) + 1:
                continue  # never in an optimal pairing (see _between)
            cost = (unit1 * (b in found[a].opponents)
                    + unit3 * (score[a] - score[b]) ** 2 + _rank_cost(a, b, score, place))
            graph.add_edge(x, y, weight=top - cost)
    if n % 2:
        for x, a in enumerate(playing):  # fewest byes, lowest score, lowest ranked (last)
            order = (found[a].byes * len(level) + level[score[a]]) * (n + 1) + n - x
            graph.add_edge(x, n, weight=top - unit2 * order)
    mate = nx.max_weight_matching(graph, maxcardinality=True)
    pairs, rematches, squared = [], 0, 0
    bye = None
    for x, y in mate:
        x, y = min(x, y), max(x, y)
        if y == n:
            bye = playing[x]
            continue
        a, b = playing[x], playing[y]
        if score[b] > score[a]:
            a, b = b, a
        rematches += b in found[a].opponents
        squared += (score[a] - score[b]) ** 2
        pairs.append((a, b))
    order = {p: i for i, p in enumerate(playing)}
    pairs.sort(key=lambda ab: (-score[ab[0]], order[ab[0]]))
    if bye is not None:
        pairs.append((bye, None))
    if len(pairs) != (n + 1) // 2:  # pragma: no cover - a complete graph always matches
        raise SwissError(gettext_noop("No complete pairing was found."))
    return Pairing(tuple(pairs), rematches, squared)


def rematch_pairs(pairs: Iterable[tuple[Hashable, Hashable | None]],
                  rounds: Sequence[Sequence[Game]]) -> list[tuple[Hashable, Hashable]]:
    """The pairs that repeat an earlier match (to warn a director before a manual swap)."""
    found = records(rounds)
    return [(a, b) for a, b in pairs
            if b is not None and a in found and b in found[a].opponents]
