"""Standings: an ordered list of tie-break metrics (pure, standard library only).

A tournament chooses its metrics from :data:`METRICS`, e.g. Swiss ``("wins", "buchholz",
"median_buchholz", "sonneborn_berger", "head_to_head", "seed")`` or MoreSwiss
``("losses", "wins", "buchholz", ...)``. Players are sorted by the first metric; ties fall
through to the next one; players equal on every metric share a place ("3="). Head-to-head
is computed among the players still tied at that point only.

A walkover or forfeit counts as a win (and a loss for the other side) when
``walkovers_count`` (the default) and is marked on the row either way; a bye is a win when
``bye_is_win``. Points are match points (backgammon's "Stavrou" style): the points each
player scored in their matches.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .errors import SettingError
from .i18n import gettext_noop
from .placings import ordinal

#: Metric -> True when more is better.
METRICS: dict[str, bool] = {
    "wins": True, "losses": False, "buchholz": True, "median_buchholz": True,
    "sonneborn_berger": True, "head_to_head": True, "points_difference": True,
    "points_won": True, "seed": False,
}
SWISS_METRICS = ("wins", "buchholz", "median_buchholz", "sonneborn_berger", "head_to_head",
                 "points_difference", "seed")
MORESWISS_METRICS = ("losses", "wins", "buchholz", "median_buchholz", "head_to_head", "seed")
ROUND_ROBIN_METRICS = ("wins", "head_to_head", "sonneborn_berger", "points_difference",
                       "points_won", "seed")


@dataclass(frozen=True, slots=True)
class Result:
    """One decided match: ``b`` None is a bye; ``walkover`` marks a walkover or forfeit
    (not played); scores are the match points each side reached (None when unknown)."""

    a: Hashable
    b: Hashable | None
    winner: Hashable
    score_a: int | None = None
    score_b: int | None = None
    walkover: bool = False


@dataclass(slots=True)
class Tally:
    wins: int = 0
    losses: int = 0
    byes: int = 0
    walkovers: int = 0
    points_won: int = 0
    points_lost: int = 0
    played: int = 0
    #: Points on top of the wins (a late entry's half points): part of the score.
    bonus: float = 0
    #: Opponents in order (one entry per match, repeated for a rematch).
    opponents: list = field(default_factory=list)
    beaten: list = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Row:
    player: Hashable
    place: int
    shared: bool
    #: Metric name -> value, in the tournament's metric order.
    values: dict
    wins: int
    losses: int
    byes: int
    #: Walkovers and forfeits (won or lost): counted as the setting says, but marked.
    walkovers: int
    played: int

    @property
    def label(self) -> str:
        return ordinal(self.place) + ("=" if self.shared else "")


def check_metrics(metrics: Iterable[str]) -> tuple[str, ...]:
    metrics = tuple(metrics)
    unknown = [m for m in metrics if m not in METRICS]
    if unknown:
        raise SettingError(gettext_noop("Unknown tie-break %(name)s: use %(names)s."),
                           name=repr(unknown[0]), names=", ".join(METRICS))
    if len(set(metrics)) != len(metrics):
        raise SettingError(gettext_noop("A tie-break is listed twice."))
    return metrics


def tallies(players: Iterable[Hashable], results: Iterable[Result], *,
            walkovers_count: bool = True, bye_is_win: bool = True) -> dict[Hashable, Tally]:
    table = {p: Tally() for p in players}
    for r in results:
        a = table.setdefault(r.a, Tally())
        if r.b is None:
            a.byes += 1
            a.wins += bye_is_win
            continue
        b = table.setdefault(r.b, Tally())
        a.opponents.append(r.b)
        b.opponents.append(r.a)
        if r.walkover:
            a.walkovers += 1
            b.walkovers += 1
            if not walkovers_count:
                continue
        else:
            a.played += 1
            b.played += 1
        win, lose = (a, b) if r.winner == r.a else (b, a)
        win.wins += 1
        lose.losses += 1
        win.beaten.append(r.b if r.winner == r.a else r.a)
        if r.score_a is not None and r.score_b is not None and not r.walkover:
            a.points_won += r.score_a
            a.points_lost += r.score_b
            b.points_won += r.score_b
            b.points_lost += r.score_a
    return table


def standings(players: Sequence[Hashable], results: Iterable[Result], *,
              metrics: Sequence[str] = SWISS_METRICS, seeds: Mapping | None = None,
              walkovers_count: bool = True, bye_is_win: bool = True,
              bonus: Mapping[Hashable, float] | None = None) -> list[Row]:
    """Rows best first. ``players`` in seed order unless ``seeds`` maps player -> seed.
    ``bonus`` adds points to a player's score (the ``wins`` metric, and so to the
    Buchholz of their opponents): a late entry's half point per missed round."""
    metrics = check_metrics(metrics)
    results = list(results)
    seeds = dict(seeds) if seeds is not None else {p: i for i, p in enumerate(players, 1)}
    table = tallies(players, results, walkovers_count=walkovers_count, bye_is_win=bye_is_win)
    table = {p: table[p] for p in players}
    for player, points in (bonus or {}).items():
        if player in table:
            table[player].bonus += points
    fixed = {m: _fixed(m, table, seeds) for m in metrics if m != "head_to_head"}
    values: dict[Hashable, dict] = {p: {} for p in players}
    groups = _order(list(players), metrics, fixed, table, values)
    rows, place = [], 1
    for group in groups:
        for player in group:
            t = table[player]
            rows.append(Row(player, place, len(group) > 1,
                            {m: values[player].get(m) for m in metrics},
                            t.wins, t.losses, t.byes, t.walkovers, t.played))
        place += len(group)
    return rows


def _fixed(metric: str, table: Mapping[Hashable, Tally], seeds: Mapping) -> dict:
    score = {p: t.wins + t.bonus if t.bonus else t.wins for p, t in table.items()}
    if metric == "wins":
        return score
    if metric == "losses":
        return {p: t.losses for p, t in table.items()}
    if metric == "buchholz":
        return {p: sum(score.get(o, 0) for o in t.opponents) for p, t in table.items()}
    if metric == "median_buchholz":
        return {p: _median_sum([score.get(o, 0) for o in t.opponents]) for p, t in
                table.items()}
    if metric == "sonneborn_berger":
        return {p: sum(score.get(o, 0) for o in t.beaten) for p, t in table.items()}
    if metric == "points_difference":
        return {p: t.points_won - t.points_lost for p, t in table.items()}
    if metric == "points_won":
        return {p: t.points_won for p, t in table.items()}
    return {p: seeds.get(p, len(seeds) + 1) for p in table}  # seed


def _median_sum(values: list[int]) -> int:
    """The sum without the highest and the lowest (when there are at least three)."""
    if len(values) < 3:
        return sum(values)
    return sum(values) - max(values) - min(values)


def _head_to_head(group: list, table: Mapping[Hashable, Tally]) -> dict:
    """Wins against the others of the tied group."""
    inside = set(group)
    return {p: sum(1 for o in table[p].beaten if o in inside) for p in group}


def _order(group: list, metrics: tuple, fixed: dict, table, values: dict) -> list[list]:
    """Split ``group`` by the first metric, then each part by the rest; true ties last."""
    if len(group) == 1 or not metrics:
        for p in group:
            for m in metrics:
                values[p].setdefault(m, fixed[m][p] if m in fixed else None)
        return [group]
    metric, rest = metrics[0], metrics[1:]
    value = fixed[metric] if metric in fixed else _head_to_head(group, table)
    for p in group:
        values[p][metric] = value[p]
    better = METRICS[metric]
    keys = sorted({value[p] for p in group}, reverse=better)
    out = []
    for key in keys:
        part = [p for p in group if value[p] == key]
        out += _order(part, rest, fixed, table, values)
    return out
