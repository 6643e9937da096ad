"""bin/web against a plain sync WSGI server, side by side on the seeded club (issue 32.5).

Run: ``DATABASE_URL=postgres://…/bgclub_perf [REDIS_URL=redis://…] python
tests/benchmarks/bench_web_server.py [--workers 2] [--connections 4] [--seconds 5] [--rounds 3]``.

1. The club of ``bench_pages.py`` (``seed_club``: 500 players, 20,000 matches...; seeded
   once, reused after) in the PostgreSQL database of DATABASE_URL, and a member's session.
2. Two servers at once on free ports of 127.0.0.1, each with ``--workers`` processes, DEBUG
   off, the project's own settings: ``bin/web`` (as deployed) and gunicorn's plain sync
   workers on ``config.wsgi`` (``--worker-class sync``), the server a page cannot beat.
3. For each path (``/healthz``, ``/api/me/``, the club page; signed in as the member), ``wrk``
   with ``--connections`` connections for ``--seconds`` against one server, then the other,
   alternating for ``--rounds`` rounds (the order flips each round), so that both share the
   machine's load; printed: each run's requests/s, the medians and the ratio bin/web / sync,
   and the CPU time the server's processes spent per request (the median over the runs).

``--federation`` adds the national list of a seeded federation (issue 34.7): its API's
first page and a later page, and its page, each with its ratio to ``/api/me/``'s rate and
CPU under ``bin/web``. It reads the federation ``bench_federation_list.py`` seeds
(``bench-federation``: 100 clubs, 5,000 players, 500,000 matches; seed it first into the
same DATABASE_URL) and, when it is missing, seeds a smaller one (``--federation-matches``,
20,000 by default, played last year: its players are active today).
``--servers bin/web`` measures ``bin/web`` alone (half the time).

Read the ratios: the machine is shared, the absolute rates move with its load (and with the
database's: a loaded PostgreSQL makes every server wait, and a server running several
requests at once in a process gains by it). The CPU time per request moves least. Figures only:
nothing is asserted. Needs PostgreSQL and ``wrk`` (``apt-get install wrk``); without them it
says so and stops. Traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.benchmarks import bench_pages  # noqa: E402
from tests.benchmarks.bench_federation_list import SLUG as FEDERATION  # noqa: E402
from tests.benchmarks.bench_live_load import _free_port, stop_web  # noqa: E402

SECRET_KEY = "bench-secret-" * 5
PATHS = [("/healthz", "health check"), ("/api/me/", "API: me"),
         (f"/clubs/{bench_pages.SLUG}/", "club page")]


def _server_env() -> dict:
    return {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "false",
            "STATIC_ROOT": os.environ["BENCH_STATIC_ROOT"],
            "SECRET_KEY": SECRET_KEY, "SECURE_SSL_REDIRECT": "false",
            "ALLOWED_HOSTS": "127.0.0.1,localhost", "API_THROTTLE_USER": "100000/second",
            "BIN": str(Path(sys.executable).parent)}


def federation_paths(matches: int, page: int | None) -> list[tuple[str, str]]:
    """The national list's paths (its API's first page, a later page, its page), on the
    federation ``bench_federation_list.py`` seeds, or a smaller one seeded here (``matches``
    played last year, 1,000 a club, 50 players a club) when it is missing; its list
    replayed when pending."""
    import math

    from django.core.management import call_command
    from django.utils import timezone

    from federations.models import Federation
    from ratings.models import Pool
    from ratings.selectors.national import national_rows
    from ratings.services.national import national_recompute
    from ratings.services.national_marks import national_recompute_request

    if not Federation.objects.filter(slug=FEDERATION).exists():
        clubs = max(2, matches // 1000)
        started = time.perf_counter()
        call_command("seed_federation", slug=FEDERATION, clubs=clubs, players=50 * clubs,
                     matches=matches, years=1,
                     first_year=timezone.localdate().year - 1, no_ratings=True)
        print(f"seeded the federation {FEDERATION!r}: {clubs} clubs, {50 * clubs} players, "
              f"{matches} matches in {time.perf_counter() - started:.1f} s")
    federation = Federation.objects.get(slug=FEDERATION)
    pool = Pool.objects.filter(owner_kind=Pool.OwnerKind.FEDERATION, federation=federation)
    if not pool.filter(recompute_from_at__isnull=True).exists():
        started = time.perf_counter()
        national_recompute_request(federation_id=federation.pk)
        rated = national_recompute(federation_id=federation.pk)
        print(f"replayed its list: {rated} rated matches in "
              f"{time.perf_counter() - started:.1f} s")
    listed = len(national_rows(federation=federation, as_of=timezone.localdate()))
    pages = max(1, math.ceil(listed / 25))
    later = page or max(2, pages // 2)
    print(f"national list of {FEDERATION!r} as of {timezone.localdate()}: {listed} players "
          f"listed, {pages} pages of the API's 25")
    api = f"/api/federations/{FEDERATION}/ratings/"
    return [(api, "national list API, page 1"),
            (f"{api}?page={later}", f"national list API, page {later}"),
            (f"/federations/{FEDERATION}/ratings/", "national list page")]


def start_servers(workers: int, web_root: Path = ROOT,
                  names: tuple[str, ...] = ("bin/web", "sync WSGI")
                  ) -> dict[str, tuple[subprocess.Popen, int]]:
    bin_dir = Path(sys.executable).parent
    servers = {}
    port = _free_port()
    servers["bin/web"] = (subprocess.Popen(
        ["bash", "bin/web"], cwd=web_root, start_new_session=True, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**_server_env(), "HOST": "127.0.0.1", "PORT": str(port),
             "WEB_CONCURRENCY": str(workers)}), port)
    if "sync WSGI" not in names:
        _wait("bin/web", *servers["bin/web"])
        return servers
    port = _free_port()
    servers["sync WSGI"] = (subprocess.Popen(
        [str(bin_dir / "gunicorn"), "config.wsgi:application", "--worker-class", "sync",
         "--workers", str(workers), "--bind", f"127.0.0.1:{port}", "--no-control-socket"],
        cwd=ROOT, start_new_session=True, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, env=_server_env()), port)
    for name, (process, port) in servers.items():
        _wait(name, process, port)
    return servers


def _wait(name: str, process: subprocess.Popen, port: int) -> None:
    import http.client

    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{name} stopped ({process.returncode})")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise SystemExit(f"{name} did not answer /healthz in 90 s")


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) of a server: its master and its worker processes."""
    ticks = os.sysconf("SC_CLK_TCK")
    children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True,
                              text=True).stdout.split()
    total = 0
    for each in [str(pid), *children]:
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def wrk(port: int, path: str, cookie: str, connections: int,
        seconds: float) -> tuple[float, int, int]:
    """Requests per second, requests, and the count of answers other than 2xx/3xx and
    socket errors."""
    out = subprocess.run(
        ["wrk", "-t", "1", "-c", str(connections), "-d", f"{max(1, round(seconds))}s",
         "-H", f"Cookie: {cookie}", f"http://127.0.0.1:{port}{path}"],
        capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    count = int(re.search(r"(\d+) requests in", out).group(1))
    bad = sum(int(n) for n in re.findall(r"Non-2xx or 3xx responses: (\d+)", out))
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)",
                       out)
    return rate, count, bad + (sum(int(n) for n in errors.groups()) if errors else 0)


def main(argv=None) -> None:
    import warnings

    warnings.filterwarnings("ignore", message="No directory at")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2, help="processes of each server")
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0, help="per wrk run")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--warm", type=float, default=2.0, help="seconds of wrk per server "
                        "and path before the measured runs")
    parser.add_argument("--web-root", type=Path, default=ROOT,
                        help="the tree whose bin/web to start (a before/after comparison: an "
                             "older checkout); the sync server is always this tree's")
    parser.add_argument("--federation", action="store_true",
                        help="add the national list's API (first and a later page) and page")
    parser.add_argument("--federation-matches", type=int, default=20_000,
                        help="the size of the federation seeded when bench-federation is "
                             "missing")
    parser.add_argument("--federation-page", type=int, default=None,
                        help="the later page of the list's API (default: its middle page)")
    parser.add_argument("--servers", choices=("both", "bin/web"), default="both",
                        help="bin/web alone skips the sync server")
    args = parser.parse_args(argv)
    if not os.environ.get("DATABASE_URL", "").startswith("postgres") or not shutil.which("wrk"):
        print("bench_web_server: needs PostgreSQL (DATABASE_URL=postgres://…) and wrk; "
              "skipped.")
        return
    os.environ["SECRET_KEY"] = SECRET_KEY
    with tempfile.TemporaryDirectory(prefix="bench-web-") as data_dir:
        bench_pages._setup_django(data_dir)
        seed_args = argparse.Namespace(players=500, matches=20_000, evenings=300, records=400)
        cookie = bench_pages._seed(seed_args)["member"]
        paths = PATHS + (federation_paths(args.federation_matches, args.federation_page)
                         if args.federation else [])
        from django.db import connections

        connections.close_all()
        # The servers run the project's own settings (DEBUG off: the manifest's static files).
        os.environ["BENCH_STATIC_ROOT"] = str(Path(data_dir) / "static")
        subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
                       cwd=ROOT, check=True, env={**_server_env()})
        servers = start_servers(args.workers, args.web_root.resolve(),
                                ("bin/web",) if args.servers == "bin/web"
                                else ("bin/web", "sync WSGI"))
        try:
            print(f"{args.workers} processes each, wrk with {args.connections} connections, "
                  f"{args.seconds:g} s a run, {args.rounds} rounds; load average before: "
                  + " ".join(f"{x:.1f}" for x in os.getloadavg()))
            names = list(servers)
            measured: dict[str, tuple[float, float]] = {}  # bin/web's (rate, CPU ms)
            for path, label in paths:
                for name in names:
                    wrk(servers[name][1], path, cookie, args.connections, args.warm)
                rates: dict[str, list[float]] = {name: [] for name in names}
                cpu: dict[str, list[float]] = {name: [] for name in names}
                errors = dict.fromkeys(names, 0)
                for round_ in range(args.rounds):
                    for name in (names if round_ % 2 == 0 else names[::-1]):
                        process, port = servers[name]
                        before = cpu_seconds(process.pid)
                        rate, count, bad = wrk(port, path, cookie, args.connections,
                                               args.seconds)
                        rates[name].append(rate)
                        cpu[name].append((cpu_seconds(process.pid) - before) / max(count, 1))
                        errors[name] += bad
                medians = {name: statistics.median(rates[name]) for name in names}
                cpu_ms = {name: statistics.median(cpu[name]) * 1000 for name in names}
                print(f"{label} ({path}):")
                for name in names:
                    print(f"  {name:10} {medians[name]:7.1f} req/s, {cpu_ms[name]:5.2f} ms of CPU "
                          "a request  (runs: " + ", ".join(f"{r:.1f}" for r in rates[name])
                          + f"; errors {errors[name]})")
                measured[path] = (medians["bin/web"], cpu_ms["bin/web"])
                if "sync WSGI" in names:
                    print(f"  bin/web / sync WSGI: "
                          f"{medians['bin/web'] / medians['sync WSGI']:.2f}x the rate, "
                          f"{cpu_ms['bin/web'] / cpu_ms['sync WSGI']:.2f}x the CPU a request")
            if args.federation:
                me_rate, me_cpu = measured["/api/me/"]
                print("bin/web, each against /api/me/ (issue 34.7 asks 0.5x of its rate or "
                      "more):")
                for path, label in paths[len(PATHS):]:
                    rate, cpu = measured[path]
                    print(f"  {label:28} {rate / me_rate:.2f}x the rate, {cpu / me_cpu:.2f}x "
                          "the CPU a request")
            print("load average after: " + " ".join(f"{x:.1f}" for x in os.getloadavg()))
        finally:
            for process, _port in servers.values():
                stop_web(process)


if __name__ == "__main__":
    main()
