"""Benchmark of a club's history import (issue 36): N result rows (50,000 by default) read
from a CSV (or XLSX), checked (the dry run: every row's verdict, the names to people) and
imported (the finished matches stored, one replay queued), then the club's ratings
recomputed from them.

Run: ``python tests/benchmarks/bench_import.py [--rows 50000 --players 300 --format csv]``

In a database of its own (SQLite under a temporary DATA_DIR unless DATABASE_URL is set).
Prints the seconds of each step and the peak memory of the process (its maximum resident
set, which includes Django and the libraries); nothing is asserted.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import io
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _file(rows: int, players: list[str], file_format: str) -> bytes:
    rng = random.Random(36)
    start = datetime.date(2015, 1, 1)
    table, seen = [], set()
    while len(table) < rows:
        a, b = rng.sample(players, 2)
        length = rng.choice((3, 5, 7, 9, 11))
        loser = rng.randrange(length)
        won = rng.random() < 0.5
        day = (start + datetime.timedelta(days=len(table) * 3650 // rows)).isoformat()
        key = (day, length, frozenset({a, b}), (a, won) if a < b else (b, not won), loser)
        if key in seen:  # the same match twice is an error the dry run reports
            continue
        seen.add(key)
        table.append([day, a, b, length, length if won else loser, loser if won else length,
                      "Club night", rng.choice(("tournament", "league", "friendly")),
                      rng.choice(("yes", "yes", "no"))])
    columns = ["date", "player", "opponent", "length", "score_player", "score_opponent",
               "event", "kind", "rated"]
    if file_format == "xlsx":
        import tablib

        data = tablib.Dataset(*table, headers=columns)
        return data.export("xlsx")
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns)
    writer.writerows(table)
    return out.getvalue().encode()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=50_000)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--format", choices=("csv", "xlsx"), default="csv")
    parser.add_argument("--profile", action="store_true",
                        help="print where the confirmation spends its time")
    args = parser.parse_args()
    data_dir = tempfile.mkdtemp(prefix="bench-import-")
    os.environ["DATA_DIR"] = data_dir
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["IMPORT_MAX_BYTES"] = str(50 * 1024 * 1024)
    os.environ["IMPORT_INLINE_BYTES"] = str(50 * 1024 * 1024)  # no worker here: inline
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import transaction

    call_command("migrate", verbosity=0)
    from clubs.models import Club, Membership, Player
    from imports.models import Import
    from imports.services import import_check, import_confirm
    from ratings.services.recompute import ratings_recompute
    from results.models import FinishedMatch

    club = Club.objects.create(name="Bench Club", slug="bench")
    names = [f"Player {n:04d}" for n in range(args.players)]
    for name in names:
        Membership.objects.create(club=club, player=Player.objects.create(name=name))
    content = _file(args.rows, names, args.format)
    print(f"{args.rows} rows, {args.format}, {len(content) / 1e6:.1f} MB, "
          f"{args.players} players; peak before: {_peak_mb():.0f} MB")

    batch = Import.objects.create(club=club, kind="results", file_name=f"bench.{args.format}",
                                  content=content, sha256="-")
    begin = time.perf_counter()
    import_check(import_id=batch.pk)  # the worker's dry run
    checked = time.perf_counter()
    batch.refresh_from_db()
    print(f"dry run: {checked - begin:.1f} s ({batch.get_status_display()}, "
          f"{batch.rows_new} new, {batch.rows_error} errors); peak {_peak_mb():.0f} MB")
    import ratings.receivers

    requests = []  # the replays the import asks for (sent to no broker here)
    ratings.receivers.ratings_recompute_request = lambda **kw: requests.append(kw)
    if args.profile:
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.runcall(import_confirm, batch=batch, names={})
        pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
    else:
        import_confirm(batch=batch, names={})
    stored = time.perf_counter()
    from ratings.services.updates import ratings_recompute_request

    for request in requests:
        with transaction.atomic():  # marks the list stale (its enqueue after: no broker)
            ratings_recompute_request(**request)
    print(f"confirm and import: {stored - checked:.1f} s "
          f"({FinishedMatch.objects.filter(club=club).count()} finished matches); "
          f"peak {_peak_mb():.0f} MB; replays asked: {len(requests)}")
    print(f"checked and imported: {stored - begin:.1f} s")
    begin_replay = time.perf_counter()
    replayed = ratings_recompute(club_id=club.pk)
    print(f"ratings recompute (one replay): {time.perf_counter() - begin_replay:.1f} s, "
          f"{replayed} rated matches; peak {_peak_mb():.0f} MB")


if __name__ == "__main__":
    main()
