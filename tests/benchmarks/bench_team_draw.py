"""Benchmark of the team-league core (teamleagues.core, pure): the draw and what follows.

Run: ``python tests/benchmarks/bench_team_draw.py [--repeat R]``.

Times, each the best of ``--repeat`` runs (nothing is asserted about time; issue 35's
target is the draw of a federation league of 3 levels, 60 teams, double round robin, in
under 1 s):

- the draw of a league of 3 levels and 60 teams (Elite 12, 1st division 12, three regions
  of 12), double round robin, each division checked by ``draw_problems``; then with every
  team avoiding 3 rounds, and the dates (a spare date a division, 3 avoid-dates a team);
- the draw of 20 teams meeting three times (the largest the tests cover);
- the tables of the 5 divisions with every card played (6 boards), all five tie-breaks;
- the season's end (two up two down, the Elite's playoff, one team per club in the Elite).
"""

from __future__ import annotations

import argparse
import datetime
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from teamleagues.core import (  # noqa: E402
    TIEBREAKS,
    DivisionTable,
    PlayedFixture,
    Scoring,
    assign_dates,
    draw,
    draw_problems,
    season_end,
    standings,
)

SEED = 20261127
DIVISIONS = [("Elite", 1, None), ("1st", 2, None), ("East", 3, "east"),
             ("West", 3, "west"), ("North", 3, "north")]


def league_teams() -> dict[str, list[str]]:
    return {key: [f"{key}-{i}" for i in range(1, 13)] for key, _, _ in DIVISIONS}


def best(repeat: int, work) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return min(times), result


def draw_all(teams, avoid=None):
    draws = {key: draw(names, meetings=2, avoid=avoid) for key, names in teams.items()}
    assert all(draw_problems(d) == [] for d in draws.values())
    return draws


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    rng = random.Random(SEED)
    teams = league_teams()
    every = [t for names in teams.values() for t in names]

    # the draw is cached per team count: clear it so each run draws from scratch
    from teamleagues.core.draw import _slot_rounds
    def cold(avoid=None):
        _slot_rounds.cache_clear()
        return draw_all(teams, avoid)

    seconds, draws = best(repeat, cold)
    print(f"draw, 3 levels, 60 teams, double round robin, checked: {seconds * 1000:.1f} ms")
    avoid = {t: set(rng.sample(range(22), 3)) for t in every}
    seconds, _ = best(repeat, lambda: cold(avoid))
    print(f"  with 3 avoided rounds a team:                       {seconds * 1000:.1f} ms")
    days = [datetime.date(2026, 9, 5) + datetime.timedelta(weeks=w) for w in range(23)]
    avoid_days = {t: set(rng.sample(days, 3)) for t in every}
    seconds, dated = best(repeat, lambda: [assign_dates(d, days, avoid_days)
                                           for d in draws.values()])
    left = sum(len(r.problems) for r in dated)
    before = sum(day in avoid_days[f.home] for d in draws.values()
                 for day, fixtures in zip(days, d.rounds, strict=False) for f in fixtures)
    print(f"  dates, 3 avoid-dates a team (hosting on one: {before} in round order, "
          f"{left} left): {seconds * 1000:.1f} ms")
    big = [f"T{i}" for i in range(20)]
    _slot_rounds.cache_clear()
    seconds, _ = best(1, lambda: draw_problems(draw(big, meetings=3)))
    print(f"draw, 20 teams meeting three times, checked:         {seconds * 1000:.1f} ms")

    def tables():
        out = {}
        for key, d in draws.items():
            played = []
            for fixtures in d.rounds:
                for f in fixtures:
                    home = sum(rng.random() < 0.5 for _ in range(6))
                    played.append(PlayedFixture(f.home, f.away, home, 6 - home))
            out[key] = standings(teams[key], played, Scoring(), TIEBREAKS)
        return out

    seconds, rows = best(repeat, tables)
    print(f"tables of 5 divisions, every card played, 5 tie-breaks: {seconds * 1000:.1f} ms")
    divisions = [DivisionTable(level, region, 0 if level == 1 else 2 if level == 2 else 1,
                               2 if level == 1 else 3 if level == 2 else 0,
                               (10, 2, 3) if level == 1 else None, rows[key], key=key,
                               one_team_per_club=level == 1)
                 for key, level, region in DIVISIONS]
    regions = {t: rng.choice(["east", "west", "north"]) for t in every}
    seconds, end = best(repeat, lambda: season_end(divisions, club_of=lambda t: t[-1],
                                                   region_of=regions))
    print(f"season's end ({len(end.promoted)} up, {len(end.relegated)} down, "
          f"{len(end.playoffs)} playoff): {seconds * 1000:.2f} ms")


if __name__ == "__main__":
    main()
