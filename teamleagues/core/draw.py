"""The draw of a division: an n-fold round robin (pure, standard library only).

League rule (issue 35, 3): "An n-fold round robin in each division: every pair meets n
times; in a double round robin once at each home; no team twice in a round; over the season
each team's home and away counts differ by at most one, and no team has more than two home
or two away matches in a row where an even draw allows it; a bye for an odd count; dates per
round and each team's avoid-dates honoured or reported."

How: the circle method (Berger's tables) with the fixed team alternating sides, so each team
has at most one break (two homes or two aways in a row) in a cycle; the second cycle is the
first mirrored (every home swapped); a third cycle repeats the first's homes (the pair's third
meeting is at the home that met it once, which balances each team's season to within one).
The cycles are joined in the order that keeps runs to two, found once per team count and
checked by :func:`draw_problems`, which the tests run for every count from 2 to 20.

A team's *avoid* set names rounds (0-based indexes into ``Draw.rounds``; round 1 is index 0)
in which the team cannot host (its venue is taken): the teams are placed on the circle so as
few of them as possible are at home then, and :func:`avoid_problems` reports the rest.
:func:`assign_dates` gives the rounds dates, moving rounds (never changing a fixture) to
honour avoid-*dates* where the run rule allows it, and reports the rest.
"""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from .errors import TeamLeagueInputError
from .i18n import gettext_noop
from .problems import Problem

Team = Hashable
#: The longest run of homes (or aways) the draw allows.
MAX_RUN = 2


@dataclass(frozen=True, slots=True)
class Fixture:
    """One match of a round: ``home`` hosts ``away``."""

    home: Team
    away: Team


@dataclass(frozen=True, slots=True)
class Draw:
    """A division's draw. ``rounds[i]`` are the fixtures of round ``i + 1``; ``byes[i]`` the
    team that sits out that round (None with an even count)."""

    teams: tuple[Team, ...]
    meetings: int
    rounds: tuple[tuple[Fixture, ...], ...]
    byes: tuple[Team | None, ...]

    def fixtures_of(self, team: Team) -> list[tuple[int, Fixture | None]]:
        """``(round index, fixture)`` for each round; None for the team's bye."""
        found = []
        for index, fixtures in enumerate(self.rounds):
            match = next((f for f in fixtures if team in (f.home, f.away)), None)
            found.append((index, match))
        return found


class DatedRounds(NamedTuple):
    """What :func:`assign_dates` gives: ``dates[i]`` is the date of ``draw.rounds[i]`` (the
    calendar order may differ from the round order), and the avoid-dates it could not honour
    (and any run the moves could not avoid)."""

    dates: tuple[datetime.date, ...]
    problems: list[Problem]


# --------------------------------------------------------------------------- the draw


def draw(teams: Sequence[Team], *, meetings: int,
         avoid: Mapping[Team, set[int]] | None = None) -> Draw:
    """The n-fold round robin of ``teams`` (``meetings`` = n, 1 to 3). ``avoid``: per team,
    the round indexes (0-based) in which it cannot host; honoured where the placement of the
    teams on the circle allows (:func:`avoid_problems` lists the rest)."""
    _check_teams(teams, meetings)
    slots = _slot_rounds(len(teams), meetings)
    order = _placement(list(teams), slots, avoid or {})
    rounds, byes = [], []
    for pairs in slots:
        fixtures = tuple(Fixture(order[h], order[a]) for h, a in pairs
                         if h is not None and a is not None)
        rounds.append(fixtures)
        sitting = [order[s] for pair in pairs if None in pair for s in pair if s is not None]
        byes.append(sitting[0] if sitting else None)
    return Draw(tuple(teams), meetings, tuple(rounds), tuple(byes))


def _check_teams(teams: Sequence[Team], meetings: int) -> None:
    if meetings not in (1, 2, 3):
        raise TeamLeagueInputError(
            gettext_noop("Teams meet once, twice or three times, not %(meetings)s."),
            {"meetings": meetings}, code="meetings")
    if len(teams) < 2:
        raise TeamLeagueInputError(gettext_noop("A division needs at least two teams."),
                                   code="teams")
    if len(set(teams)) != len(teams):
        raise TeamLeagueInputError(gettext_noop("A team is listed twice in the division."),
                                   code="teams")


Pair = tuple[int | None, int | None]


def _single_cycle(n: int) -> list[list[Pair]]:
    """Berger's table on slots 0..n-1 (a None slot is the bye when n is odd): the last slot
    stays put and alternates sides, the others turn one place a round."""
    circle: list[int | None] = list(range(n)) + ([None] if n % 2 else [])
    size = len(circle)
    fixed, turning = circle[-1], circle[:-1]
    table = []
    for r in range(size - 1):
        pairs: list[Pair] = [(turning[0], fixed) if r % 2 == 0 else (fixed, turning[0])]
        pairs += [(turning[i], turning[-i]) if i % 2 == 0 else (turning[-i], turning[i])
                  for i in range(1, size // 2)]
        table.append(pairs)
        turning = turning[-1:] + turning[:-1]
    return table


@lru_cache(maxsize=64)
def _slot_rounds(n: int, meetings: int) -> tuple[tuple[Pair, ...], ...]:
    """The rounds on slots, for ``n`` teams meeting ``meetings`` times: the first candidate
    (cycle order, rotation) whose runs stay within MAX_RUN, else the one with the fewest
    long runs (an odd count may not allow the rule everywhere)."""
    base = _single_cycle(n)
    best, best_score = None, None
    for rounds in _candidates(base, meetings):
        score = _long_runs(rounds, n)
        if best_score is None or score < best_score:
            best, best_score = rounds, score
        if score == 0:
            break
    assert best is not None
    return best


def _candidates(base: list[list[Pair]], meetings: int):
    """Seasons to try, the plain one first: the first cycle from each starting round, the
    mirrored cycle after it from each starting round, forwards then backwards (four teams
    need one of the later ones), the third cycle as the first."""
    size = len(base)
    for shift, turn, step in itertools.product(range(size), range(size), (1, -1)):
        first = base[shift:] + base[:shift]
        mirrored = [[(a, h) for h, a in pairs] for pairs in first]
        second = (mirrored[turn:] + mirrored[:turn])[::step]
        yield tuple(tuple(p) for cycle in [first, second, first][:meetings] for p in cycle)


def _long_runs(rounds: Sequence[Sequence[Pair]], n: int) -> int:
    """How many matches extend a run past MAX_RUN, over every slot (byes skipped)."""
    sides: dict[int, list[bool]] = {s: [] for s in range(n)}
    for pairs in rounds:
        for h, a in pairs:
            if h is not None and a is not None:
                sides[h].append(True)
                sides[a].append(False)
    return sum(_runs_over(seq) for seq in sides.values())


def _runs_over(seq: Sequence[bool]) -> int:
    return sum(max(0, len(list(g)) - MAX_RUN) for _, g in itertools.groupby(seq))


def _placement(teams: list[Team], slots, avoid: Mapping[Team, set[int]]) -> list[Team]:
    """Teams on slots (slot i gets ``result[i]``): as given, then improved by swaps while
    that lowers the number of avoided rounds a team would host."""
    if not any(avoid.get(t) for t in teams):
        return teams
    homes = [set() for _ in teams]
    for index, pairs in enumerate(slots):
        for h, a in pairs:
            if h is not None and a is not None:
                homes[h].add(index)

    def cost(team, slot):
        return len(homes[slot] & set(avoid.get(team, ())))

    order = list(teams)
    improved = True
    while improved:
        improved = False
        for i, j in itertools.combinations(range(len(order)), 2):
            before = cost(order[i], i) + cost(order[j], j)
            if cost(order[j], i) + cost(order[i], j) < before:
                order[i], order[j] = order[j], order[i]
                improved = True
    return order


# --------------------------------------------------------------------------- checks


def draw_problems(result: Draw) -> list[Problem]:
    """Every way ``result`` breaks the league rule above (empty for a good draw): a pair
    meeting other than n times or not at each home in turn, a team twice (or missing) in a
    round, home and away counts apart by more than one, runs of three homes or aways (a bye
    neither breaks nor extends a run). The rule asks it "where an even draw allows it"; this
    draw achieves it for odd counts too, so the checker asks it of every draw."""
    return [*_meeting_problems(result), *_round_problems(result), *_side_problems(result)]


def _meeting_problems(result: Draw) -> list[Problem]:
    homes: dict[frozenset, list[Team]] = {}
    for fixtures in result.rounds:
        for f in fixtures:
            homes.setdefault(frozenset((f.home, f.away)), []).append(f.home)
    problems = []
    for a, b in itertools.combinations(result.teams, 2):
        hosts = homes.get(frozenset((a, b)), [])
        if len(hosts) != result.meetings:
            problems.append(Problem("meetings", gettext_noop(
                "%(a)s and %(b)s meet %(count)s times instead of %(meetings)s."),
                {"a": a, "b": b, "count": len(hosts), "meetings": result.meetings}))
        elif result.meetings >= 2 and abs(hosts.count(a) - hosts.count(b)) > 1:
            problems.append(Problem("hosts", gettext_noop(
                "%(a)s and %(b)s do not meet once at each home."), {"a": a, "b": b}))
    return problems


def _round_problems(result: Draw) -> list[Problem]:
    problems = []
    for index, fixtures in enumerate(result.rounds):
        seen = [t for f in fixtures for t in (f.home, f.away)]
        bye = result.byes[index] if index < len(result.byes) else None
        for team in result.teams:
            times = seen.count(team) + (team == bye)
            if times != 1:
                problems.append(Problem("round", gettext_noop(
                    "%(team)s plays %(count)s times in round %(round)s."),
                    {"team": team, "count": times, "round": index + 1}))
    return problems


def _side_problems(result: Draw) -> list[Problem]:
    problems = []
    for team in result.teams:
        sides = [f.home == team for _, f in result.fixtures_of(team) if f is not None]
        home, away = sides.count(True), sides.count(False)
        if abs(home - away) > 1:
            problems.append(Problem("balance", gettext_noop(
                "%(team)s has %(home)s home and %(away)s away matches."),
                {"team": team, "home": home, "away": away}))
        if _runs_over(sides):
            problems.append(Problem("run", gettext_noop(
                "%(team)s has more than two home or two away matches in a row."),
                {"team": team}))
    return problems


def avoid_problems(result: Draw, avoid: Mapping[Team, set[int]]) -> list[Problem]:
    """The rounds (0-based indexes in ``avoid``) a team hosts though it asked not to."""
    return [Problem("avoid_round", gettext_noop(
                "%(team)s is at home in round %(round)s, which it asked to avoid."),
                {"team": f.home, "round": index + 1})
            for index, fixtures in enumerate(result.rounds) for f in fixtures
            if index in avoid.get(f.home, ())]


# --------------------------------------------------------------------------- dates


def assign_dates(result: Draw, dates: Sequence[datetime.date],
                 avoid: Mapping[Team, set[datetime.date]]) -> DatedRounds:
    """Dates for the rounds. ``dates`` (at least one per round; spares may stay unused) are
    taken in calendar order; the rounds start in their own order, then rounds are moved
    (swapped with another round or a spare date) while that lowers the number of matches a
    team hosts on a date it asked to avoid and keeps the calendar free of runs of three
    homes or aways. What is left is reported."""
    calendar = sorted(set(dates))
    if len(calendar) < len(result.rounds):
        raise TeamLeagueInputError(
            gettext_noop("%(rounds)s rounds need at least %(rounds)s dates, not %(dates)s."),
            {"rounds": len(result.rounds), "dates": len(calendar)}, code="dates")
    slots: list[int | None] = list(range(len(result.rounds)))
    slots += [None] * (len(calendar) - len(result.rounds))
    cost = _date_costs(result, calendar, avoid)
    _improve(slots, cost, _Sides(result, slots))
    when = [calendar[0]] * len(result.rounds)
    for d, r in enumerate(slots):
        if r is not None:
            when[r] = calendar[d]
    problems = [Problem("avoid_date", gettext_noop(
                    "%(team)s is at home on %(date)s, which it asked to avoid."),
                    {"team": f.home, "date": when[r].isoformat()})
                for r, fixtures in enumerate(result.rounds) for f in fixtures
                if when[r] in avoid.get(f.home, ())]
    return DatedRounds(tuple(when), problems)


def by_date(result: Draw, dates: Sequence[datetime.date]
            ) -> tuple[Draw, tuple[datetime.date, ...]]:
    """The draw with its rounds in calendar order (round 1 on the first date), and the dates
    in that order: ``by_date(d, assign_dates(d, days, avoid).dates)``, so round numbers
    follow the calendar after :func:`assign_dates` moved rounds."""
    order = sorted(range(len(result.rounds)), key=lambda i: dates[i])
    moved = Draw(result.teams, result.meetings, tuple(result.rounds[i] for i in order),
                 tuple(result.byes[i] for i in order))
    return moved, tuple(dates[i] for i in order)


def _date_costs(result: Draw, calendar, avoid) -> list[list[int]]:
    """cost[round][date index]: how many of the round's hosts avoid that date."""
    return [[sum(day in avoid.get(f.home, ()) for f in fixtures) for day in calendar]
            for fixtures in result.rounds]


def _improve(slots: list[int | None], cost: list[list[int]], sides: _Sides) -> None:
    """Swap rounds between dates (a spare date holds None) while a swap lowers the avoided
    hostings and leaves no run longer than MAX_RUN."""
    def at(r, d):
        return cost[r][d] if r is not None else 0

    improved = True
    while improved:
        improved = False
        for i in range(len(slots)):
            if slots[i] is None or not cost[slots[i]][i]:
                continue
            for j in range(len(slots)):
                a, b = slots[i], slots[j]
                if at(a, j) + at(b, i) >= at(a, i) + at(b, j):
                    continue
                slots[i], slots[j] = b, a
                if sides.short_around(i, j):
                    improved = True
                    break
                slots[i], slots[j] = a, b


class _Sides:
    """Each team's side per round, and the runs through a date of the calendar ``slots``
    (which it reads as they change). The calendar starts with no run past MAX_RUN (the
    draw's), so a swap keeps that iff the runs through the two swapped dates stay short:
    any other run is a piece of a run that was there before."""

    def __init__(self, result: Draw, slots: list[int | None]) -> None:
        self.slots = slots
        self.side = [{**{f.home: True for f in r}, **{f.away: False for f in r}}
                     for r in result.rounds]

    def _at(self, team: Team, d: int) -> bool | None:
        r = self.slots[d]
        return None if r is None else self.side[r].get(team)

    def _run(self, team: Team, d: int) -> int:
        side, length = self._at(team, d), 1
        for step in (-1, 1):
            k = d + step
            while 0 <= k < len(self.slots) and length <= MAX_RUN:
                here = self._at(team, k)
                if here is not None:
                    if here != side:
                        break
                    length += 1
                k += step
        return length

    def short_around(self, *dates: int) -> bool:
        return all(self._run(team, d) <= MAX_RUN for d in dates if self.slots[d] is not None
                   for team in self.side[self.slots[d]])
