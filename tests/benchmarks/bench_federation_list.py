"""Benchmark of the national list on a seeded federation: the replay from scratch, one new
result, a back-dated result, and the worker's peak memory.

Run: ``python tests/benchmarks/bench_federation_list.py [--clubs 100 --players 5000
--matches 500000 --years 10]`` (the issue's size; scale it down on a busy machine).

In a database of its own (SQLite under a temporary DATA_DIR unless DATABASE_URL is set; on
PostgreSQL give a database of your own, it is migrated and the federation is seeded into
it):

1. ``seed_federation --no-ratings`` seeds the federation (bulk inserts; its seconds are
   printed, migrations included);
2. a fresh process (the worker's part alone) replays the list from scratch with the task's
   service (``national_recompute``) and prints its wall seconds, its CPU seconds (the
   process's, and on PostgreSQL the server process's that served it, read from /proc: the
   machine is shared, so wall time alone says little) and its peak resident memory;
3. one new result through ``results.services`` (the path every writer takes), its mark and
   its replay, the task run in the process (eager), timed together; then a result back-dated
   by a year, the same way.

Figures are printed; nothing is asserted about time. ``--seeded`` reuses a database seeded
by an earlier run (the seed of 500,000 matches takes minutes).
"""

from __future__ import annotations

import argparse
import datetime
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
SLUG = "bench-federation"


def _setup(data_dir: str) -> None:
    os.environ["DATA_DIR"] = data_dir
    os.environ.setdefault("SECRET_KEY", "bench-secret-" * 5)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "1"
    import django

    django.setup()


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux


def _server_cpu():
    """A function giving the CPU seconds of the PostgreSQL process serving this connection
    (the server on this machine), or ``None`` (SQLite: its work is this process's)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        stat = Path(f"/proc/{cursor.fetchone()[0]}/stat")
    if not stat.exists():
        return None
    tick = os.sysconf("SC_CLK_TCK")

    def seconds() -> float:
        fields = stat.read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / tick

    return seconds


def replay_phase() -> None:
    """The worker's part alone, in a process of its own (its peak memory is the replay's)."""
    from django.db import transaction

    from federations.models import Federation
    from ratings.models import Pool
    from ratings.services.national import federation_pool_lock, national_recompute
    from ratings.services.recompute import BEGINNING

    federation = Federation.objects.get(slug=SLUG)
    before = _peak_mb()
    with transaction.atomic():  # the mark only (its on-commit task would replay it here)
        federation_pool_lock(federation_id=federation.pk)
        Pool.objects.filter(federation=federation).update(recompute_from_at=BEGINNING[0],
                                                          recompute_from_match=BEGINNING[1])
    server = _server_cpu()
    server_before = server() if server else 0.0
    started, cpu = time.perf_counter(), time.process_time()
    rated = national_recompute(federation_id=federation.pk)
    took, cpu = time.perf_counter() - started, time.process_time() - cpu
    served = f", PostgreSQL's process {server() - server_before:.1f} s" if server else ""
    print(f"replay from scratch: {rated} rated matches in {took:.1f} s wall; CPU: this "
          f"process {cpu:.1f} s{served}; peak memory {_peak_mb():.0f} MB (process at start: "
          f"{before:.0f} MB)")


def one_result(days_back: int, label: str) -> None:
    from django.db import transaction

    from clubs.models import Membership
    from federations.models import Federation
    from ratings.models import Pool
    from ratings.services.national import national_recompute
    from results.models import FinishedMatch
    from results.services import finished_match_record

    federation = Federation.objects.get(slug=SLUG)
    latest = FinishedMatch.objects.filter(club__federation_links__federation=federation) \
        .order_by("-finished_at").first()
    club = latest.club
    a, b = [m.player for m in Membership.objects.filter(club=club)
            .select_related("player")[:2]]
    when = latest.finished_at + datetime.timedelta(minutes=1) \
        - datetime.timedelta(days=days_back)
    source_id = int(time.time() * 1000)
    from ratings.services.recompute import ratings_recompute
    from ratings.services.updates import ratings_recompute_request
    ratings_recompute_request(club_id=club.pk, from_at=when, from_match_id=0)
    ratings_recompute(club_id=club.pk)  # the club's own list up to date: not timed here
    started = time.perf_counter()
    with transaction.atomic():
        finished_match_record(club=club, source="league", source_id=source_id, player_a=a,
                              player_b=b, length=5, winner=a, finished_at=when)
    took = time.perf_counter() - started  # the commit ran the mark and the (eager) replay
    pool = Pool.objects.get(owner_kind="federation", federation=federation)
    assert not pool.recompute_pending
    row = FinishedMatch.objects.get(source="league", source_id=source_id)
    with transaction.atomic():  # the national list's part alone: its mark, its replay
        Pool.objects.filter(pk=pool.pk).update(recompute_from_at=row.finished_at,
                                               recompute_from_match=row.pk)
    started, cpu = time.perf_counter(), time.process_time()
    rated = national_recompute(federation_id=federation.pk)
    alone, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(f"{label}: {took:.2f} s (the write, the club's and the national list's replays "
          f"from it); the national list's replay alone: {alone:.2f} s wall, {cpu:.2f} s "
          f"CPU ({rated} matches)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clubs", type=int, default=100)
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--matches", type=int, default=500_000)
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--phase", default="all", choices=("all", "replay", "results"))
    parser.add_argument("--data-dir", default="")
    parser.add_argument("--seeded", action="store_true",
                        help="The database holds the seeded federation already: no seed.")
    args = parser.parse_args()
    data_dir = args.data_dir or tempfile.mkdtemp(prefix="bench-federation-")
    _setup(data_dir)
    if args.phase == "replay":
        return replay_phase()
    if args.phase == "results":
        one_result(0, "one new result")
        one_result(365, "one result back-dated by a year")
        return None
    from django.core.management import call_command
    from django.db import connection

    print(f"database: {connection.vendor}; size: {args.clubs} clubs, {args.players} players, "
          f"{args.matches} matches over {args.years} years")
    started, cpu = time.perf_counter(), time.process_time()
    call_command("migrate", verbosity=0)
    from federations.models import Federation
    seeded = Federation.objects.filter(slug=SLUG).exists()
    if seeded and not args.seeded:
        sys.exit(f"{SLUG} exists in this database already: use a fresh one (or --seeded)")
    if not seeded:
        call_command("seed_federation", slug=SLUG, clubs=args.clubs, players=args.players,
                     matches=args.matches, years=args.years, no_ratings=True)
        print(f"migrate and seed: {time.perf_counter() - started:.1f} s wall, "
              f"{time.process_time() - cpu:.1f} s CPU (this process)")
    connection.close()
    me = [sys.executable, __file__, "--data-dir", data_dir]
    subprocess.run([*me, "--phase", "replay"], check=True)
    subprocess.run([*me, "--phase", "results"], check=True)


if __name__ == "__main__":
    main()
