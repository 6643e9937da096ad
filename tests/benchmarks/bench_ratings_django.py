"""Benchmark of the ratings in Django on a seeded large club: recomputes and pages under load.

Run: ``python tests/benchmarks/bench_ratings_django.py [--players 500 --matches 20000]
[--seconds 8 --clients 8 --workers 2]`` (or ``bench_ratings.py --django``).

In a database of its own (SQLite under a temporary DATA_DIR unless DATABASE_URL is set):

1. ``seed_club`` makes the club (500 players, 20,000 finished matches over five seasons, 300
   chouette evenings, 40 tournaments); its results are made public so the pages need no
   login;
2. a full recompute of the ratings (history, list, master points);
3. a correction in the last season (a match's winner swapped through
   ``results.services``, the path a referee's correction takes), then the incremental
   recompute it queues; and the same correction's recompute timed alone;
4. gunicorn on a free port (``--workers`` sync workers, DEBUG off) and a threaded HTTP
   client (``--clients`` at a time, ``--seconds`` per page): a minimal Django view first,
   then a constant page of the rating list's size, the rating list, the season leaderboard,
   the master points and a player page, each compared with it; then the same pages for a
   signed-in member (the player page is theirs, with their chouette record), compared with
   a minimal view that reads the session's user. The tables are cached per version of the
   club's ratings (whole pages for anonymous visitors), so this measures the warm path;
   each page's first request shows a cold one. ``--runs`` repeats the load part (same
   server, same data) and prints each ratio's range over the runs.

A fair comparison: the minimal views (``bench_urls``) are served by the same settings as the
pages, so they pass through the same middleware stack (security, whitenoise, sessions,
common, CSRF, authentication, messages, clickjacking); for a signed-in member the baseline
also loads the session and its user (two queries every member page pays too), so a
member page's ratio shows only what the page itself adds.

Figures are printed; nothing is asserted about time.
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SECRET = "bench-secret-" * 5  # the seeding process and gunicorn sign sessions alike
sys.path.insert(0, str(ROOT))


def _setup_django(data_dir: str) -> None:
    os.environ["DATA_DIR"] = data_dir  # never the developer's own database
    os.environ["SECRET_KEY"] = SECRET
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def _seed(args) -> int:
    from django.core.management import call_command

    from clubs.models import Club

    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    call_command("seed_club", "--slug", "bench", "--players", str(args.players), "--matches",
                 str(args.matches), "--evenings", str(args.evenings), "--no-ratings")
    print(f"seed_club:                {time.perf_counter() - started:8.2f} s")
    Club.objects.filter(slug="bench").update(results_public=True)
    return Club.objects.get(slug="bench").pk


def _recomputes(club_id: int) -> dict:
    from django.db import transaction

    from config.celery import app
    from ratings.models import RatingChange, RatingSettings, Season
    from ratings.services.recompute import BEGINNING, ratings_recompute
    from ratings.services.updates import ratings_recompute_request
    from results.models import FinishedMatch
    from results.services import finished_match_record

    ratings_recompute_request(club_id=club_id, from_at=BEGINNING[0],
                              from_match_id=BEGINNING[1])
    started = time.perf_counter()
    rated = ratings_recompute(club_id=club_id)
    full = time.perf_counter() - started
    print(f"full recompute:           {full * 1000:8.1f} ms  ({rated:,} rated matches, "
          f"{RatingChange.objects.filter(pool__club_id=club_id).count():,} history rows)")

    last = Season.objects.filter(club_id=club_id).order_by("-starts_on").first()
    middle = (FinishedMatch.objects.filter(
        club_id=club_id, source="league", outcome="played",
        finished_at__date__gte=last.starts_on).order_by("finished_at", "pk"))
    match = middle[middle.count() // 2]
    after = FinishedMatch.objects.filter(club_id=club_id, finished_at__gte=match.finished_at,
                                         outcome="played").count()
    app.conf.task_always_eager = True  # the queued task runs here, after the commit
    started = time.perf_counter()
    with transaction.atomic():
        finished_match_record(
            club=match.club, source=match.source, source_id=match.source_id,
            player_a=match.player_a, player_b=match.player_b, length=match.length,
            winner=match.player_b if match.winner_id == match.player_a_id else match.player_a,
            finished_at=match.finished_at, score_a=match.score_b, score_b=match.score_a)
    corrected = time.perf_counter() - started
    assert not RatingSettings.objects.get(club_id=club_id).recompute_pending
    # The same mark, set without queueing a task, to time the recompute alone.
    RatingSettings.objects.filter(club_id=club_id).update(
        recompute_from_at=match.finished_at, recompute_from_match=match.pk)
    started = time.perf_counter()
    replayed = ratings_recompute(club_id=club_id)
    alone = time.perf_counter() - started
    print(f"correction, last season:  {corrected * 1000:8.1f} ms  (write + hook + task; "
          f"{after:,} matches from the corrected one on)")
    print(f"  its recompute alone:    {alone * 1000:8.1f} ms  ({replayed:,} rated matches "
          f"replayed)")
    return {"player": match.player_a_id}


# --------------------------------------------------------------------------- HTTP load


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(port: int, workers: int, data_dir: str) -> subprocess.Popen:
    env = {**os.environ, "DATA_DIR": data_dir, "DEBUG": "false", "SECRET_KEY": SECRET,
           "ALLOWED_HOSTS": "127.0.0.1,localhost", "SECURE_SSL_REDIRECT": "false",
           "DJANGO_SETTINGS_MODULE": "tests.benchmarks.bench_settings"}
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "config.wsgi", "-b",
         f"127.0.0.1:{port}", "-w", str(workers), "--log-level", "warning"],
        cwd=ROOT, env=env)
    for _ in range(100):
        try:
            _get(port, "/bench/minimal/")
            return process
        except OSError:
            time.sleep(0.2)
    process.terminate()
    raise RuntimeError("gunicorn did not start")


def _get(port: int, path: str, cookie: str = "") -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers={"Cookie": cookie} if cookie else {})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def _load(port: int, path: str, clients: int, seconds: float, cookie: str = ""
          ) -> tuple[float, float, int, float]:
    """Requests per second, median latency (ms), the number of non-200 answers, and the
    first request's latency (ms: a cold cache in the worker that took it)."""
    started = time.perf_counter()
    status = _get(port, path, cookie)
    first = (time.perf_counter() - started) * 1000
    if status != 200:
        raise RuntimeError(f"{path} answered {status}")
    stop = time.perf_counter() + seconds
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()

    def client():
        mine, bad = [], 0
        while time.perf_counter() < stop:
            started = time.perf_counter()
            bad += _get(port, path, cookie) != 200
            mine.append(time.perf_counter() - started)
        with lock:
            latencies.extend(mine)
            errors[0] += bad

    started = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    latencies.sort()
    return len(latencies) / elapsed, latencies[len(latencies) // 2] * 1000, errors[0], first


def _member_cookie(club_id: int, player: int) -> str:
    """A signed-in member's session cookie (the player whose page is measured)."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from clubs.models import Player

    user = get_user_model().objects.create(username="bench-member")
    Player.objects.filter(pk=player).update(user=user)
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


def _pages(args, data_dir: str, player: int, cookie: str) -> None:
    port = _free_port()
    server = _serve(port, args.workers, data_dir)
    pages = [("rating list", "/clubs/bench/ratings/"),
             ("season leaderboard", "/clubs/bench/ratings/leaderboard/"),
             ("master points", "/clubs/bench/ratings/master-points/"),
             ("player page", f"/clubs/bench/players/{player}/")]
    # The first row of each group is its baseline (the ratios are to it).
    groups = [("anonymous (public results)", "", [
        ("minimal Django view", "/bench/minimal/"),
        ("constant 114 kB page", "/bench/minimal-big/"), *pages]),
        ("signed-in member (own page, chouette record included)", cookie, [
            ("minimal view + user", "/bench/minimal-user/"), *pages])]
    ratios: dict[tuple[str, str], list[float]] = {}
    try:
        print(f"gunicorn: {args.workers} sync workers; {args.clients} concurrent clients, "
              f"{args.seconds:g} s per page; {args.runs} run(s)")
        for run in range(1, args.runs + 1):
            print(f"run {run}:")
            for heading, who, urls in groups:
                print(f" {heading}:")
                base = None
                for label, path in urls:
                    rate, median, errors, first = _load(port, path, args.clients,
                                                        args.seconds, who)
                    base = base or rate
                    ratios.setdefault((heading, label), []).append(rate / base)
                    print(f"  {label:22} {rate:8.1f} req/s  median {median:7.1f} ms  "
                          f"{rate / base:6.2f}x the baseline  (first, cold: {first:6.1f} ms)"
                          + (f"  {errors} errors" if errors else ""))
        if args.runs > 1:
            print("ratio to the group's baseline, range over the runs:")
            for (heading, label), values in ratios.items():
                print(f"  {heading.split(' (')[0]:18} {label:22} "
                      f"{min(values):5.2f}–{max(values):5.2f}x")
    finally:
        server.terminate()
        server.wait(timeout=20)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--matches", type=int, default=20_000)
    parser.add_argument("--evenings", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-ratings-") as data_dir:
        _setup_django(data_dir)
        club_id = _seed(args)
        facts = _recomputes(club_id)
        cookie = _member_cookie(club_id, facts["player"])
        _pages(args, data_dir, facts["player"], cookie)


if __name__ == "__main__":
    main()
