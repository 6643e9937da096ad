"""Benchmark of the Swiss pairing, standings and a league (pure formats package).

Run: ``python tests/benchmarks/bench_tournaments.py [--repeat R]``.

Times, each the best of ``--repeat`` runs (nothing is asserted about time):

- pairing round 7 of a 128-player Swiss and round 9 of a 256-player Swiss (the earlier
  rounds paired by the same code, seeded random winners, the stronger player winning more
  often);
- the standings of a 128-player Swiss after 9 rounds (wins, Buchholz, median Buchholz,
  Sonneborn-Berger, head-to-head, points difference, seed);
- a league of 10 divisions x 12 players: the fixtures (double round robin), the standings
  of every division once all are played, and the next season's draft.
"""

from __future__ import annotations

import argparse
import datetime
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tournaments.formats import league  # noqa: E402
from tournaments.formats.standings import ROUND_ROBIN_METRICS, Result, standings  # noqa: E402
from tournaments.formats.swiss import Game, pair  # noqa: E402

SEED = 20261124


def winner(rng, a, b, rank):
    return a if rng.random() < 1 / (1 + 10 ** ((rank[a] - rank[b]) / 64)) else b


def swiss_history(players: int, rounds: int):
    """Players and the first ``rounds`` rounds, each paired by ``pair``."""
    rng = random.Random(SEED)
    field = [(k, k) for k in range(1, players + 1)]
    rank = dict(field)
    played, results = [], []
    for _ in range(rounds):
        round_ = []
        for a, b in pair(field, played).pairs:
            w = a if b is None else winner(rng, a, b, rank)
            round_.append(Game(a, b, w))
            length = 7
            loser_score = rng.randrange(length)
            results.append(Result(a, b, w, length if w == a else loser_score,
                                  None if b is None else (length if w == b else loser_score)))
        played.append(round_)
    return field, played, results


def best(repeat: int, work) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat

    for players, round_ in ((128, 7), (256, 9)):
        field, played, _ = swiss_history(players, round_ - 1)
        seconds = best(repeat, lambda f=field, p=played: pair(f, p))
        print(f"Swiss pairing, {players} players, round {round_}: {seconds * 1000:8.1f} ms")

    field, _, results = swiss_history(128, 9)
    ids = [p for p, _ in field]
    seconds = best(repeat, lambda: standings(ids, results))
    print(f"Standings, 128 players after 9 rounds:      {seconds * 1000:8.1f} ms")

    divisions = [[d * 12 + k for k in range(1, 13)] for d in range(10)]
    rng = random.Random(SEED)

    def season():
        fixtures = league.fixtures(divisions, start=datetime.date(2026, 1, 5),
                                   days_per_round=7, cycles=2)
        tables = []
        for d, members in enumerate(divisions):
            rows = [Result(f.a, f.b, rng.choice((f.a, f.b)), 5, 3) for f in fixtures
                    if f.division == d and f.b is not None]
            tables.append([r.player for r in standings(members, rows,
                                                       metrics=ROUND_ROBIN_METRICS)])
        return league.next_season(tables, promote=2, relegate=2)

    seconds = best(repeat, season)
    print(f"League 10 x 12 (fixtures, tables, draft):   {seconds * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
