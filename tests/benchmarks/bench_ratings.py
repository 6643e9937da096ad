"""Benchmark of the club rating replay (FIBS formula): full and incremental.

Run: ``python tests/benchmarks/bench_ratings.py [--matches N] [--players P] [--repeat R]``.

Builds a seeded random season (default 20,000 matches among 500 players, lengths 1-11,
the stronger hidden skill winning more often), then times

- a full replay from a fresh list (history included);
- an incremental replay of the last 10%: the snapshot taken from the stored history of the
  first 90% (``standings_after``), then ``replay(..., start=snapshot)``, as the Django layer
  does after a change near the end of the list.

Each figure is the best of ``--repeat`` runs; nothing is asserted about time.

``--django`` then runs ``bench_ratings_django.py`` (the same figures through the database on
a seeded club, and the rating pages under load with gunicorn) with its default options.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ratings.core import RatedMatch, replay, standings_after  # noqa: E402

SEED = 20240611
LENGTHS = (1, 3, 5, 5, 7, 7, 9, 11)


def season(matches: int, players: int) -> list[RatedMatch]:
    rng = random.Random(SEED)
    skill = [rng.gauss(0, 1) for _ in range(players)]
    result = []
    for key in range(matches):
        a, b = rng.sample(range(players), 2)
        a_wins = rng.random() < 1 / (1 + 10 ** ((skill[b] - skill[a]) / 4))
        result.append(RatedMatch(a, b, rng.choice(LENGTHS), a if a_wins else b, key=key))
    return result


def best(repeat: int, run) -> tuple[float, object]:
    times, value = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        value = run()
        times.append(time.perf_counter() - start)
    return min(times), value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--django", action="store_true",
                        help="Also run the database and HTTP benchmarks (seeded club).")
    args = parser.parse_args()

    matches = season(args.matches, args.players)
    cut = len(matches) - len(matches) // 10
    full_time, full = best(args.repeat, lambda: replay(matches))
    stored = full.history[:cut]

    def incremental():
        return replay(matches[cut:], start=standings_after(stored))

    snapshot_time, _ = best(args.repeat, lambda: standings_after(stored))
    tail_time, tail = best(args.repeat, incremental)
    assert tail.standings == full.standings  # a correctness check, not a timing one

    ratings = sorted(rating for rating, _ in full.standings.values())
    print(f"Python {sys.version.split()[0]}; {len(matches):,} matches among "
          f"{len(full.standings):,} players; best of {args.repeat}")
    print(f"full replay:            {full_time * 1000:8.1f} ms  "
          f"({len(matches) / full_time:,.0f} matches/s)")
    print(f"incremental, last 10%:  {tail_time * 1000:8.1f} ms  "
          f"({len(matches) - cut:,} matches; snapshot from {cut:,} history rows "
          f"{snapshot_time * 1000:.1f} ms of it)")
    print(f"ratings: min {ratings[0]:.2f}, median {ratings[len(ratings) // 2]:.2f}, "
          f"max {ratings[-1]:.2f}")
    if args.django:
        from tests.benchmarks.bench_ratings_django import main as django_main

        print()
        django_main([])


if __name__ == "__main__":
    main()
