"""Live-play load: N live matches played at full speed through the API, each board followed
by 4 WebSockets (its two players and two spectators), against the production web server.

Run: ``DATABASE_URL=postgres://… REDIS_URL=redis://… python tests/benchmarks/bench_live_load.py
[--matches 20] [--length 1] [--workers N] [--url http://127.0.0.1:8000]``.

Without ``--url`` it starts ``bin/web`` itself on a free port of 127.0.0.1 (``--workers``
processes, default the machine's cores; DEBUG off, a random SECRET_KEY) and stops it at the
end; with ``--url`` the server is yours, and must share this process's DATABASE_URL and
SECRET_KEY (the sockets sign in with sessions this script makes). It needs PostgreSQL and
Redis (several processes share live play through the Redis channel layer); without them it
says so and stops.

1. Set-up, through the ORM: a club ("bench-live"), two members with a login and an API
   token per match, two spectators (members), each with a session.
2. Each match is started through the API (digital dice). Its 4 sockets connect
   (``/ws/live/<id>/``); then its two players play it through the API as fast as the
   answers come: the opening roll, each roll, each move (a legal play chosen at random,
   ``--seed``); no cube. All matches play at once.
3. Printed: actions per second; an action's answer time (p50/p95); how long after an action
   was sent its opponent's socket heard the new version (p50/p95), and the spectators'; the
   errors (answers other than 200, versions a socket never heard, sockets closed early); the
   server's PostgreSQL connections (pg_stat_activity: the peak during the run and what is
   left after it).

Figures only: nothing is asserted about time. Traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SLUG = "bench-live"
APP_NAME = "bgclub-bench-web"


# --------------------------------------------------------------------------- playing


def next_action(state: dict, rng: random.Random) -> tuple[int, dict] | None:
    """The side that acts next and what it sends (None once the match is over): the opening
    roll (either player may post it: side 0 does), a roll, or a legal play; never the cube."""
    if state["finished"]:
        return None
    if state["phase"] == "opening":
        return 0, {"action": "roll"}
    side = state["turn_side"]
    if state["phase"] == "roll":
        return side, {"action": "roll"}
    if state["phase"] == "move":
        plays = state["legal_plays"]
        return side, {"action": "move", "play": rng.choice(plays) if plays else ""}
    raise RuntimeError(f"unexpected phase {state['phase']!r} (version {state['version']})")


class Api:
    """One keep-alive HTTP connection to the server, as one API token (used by one thread
    at a time)."""

    def __init__(self, base: str, token: str):
        parts = urlsplit(base)
        self.host, self.port = parts.hostname, parts.port or 80
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json",
                        "Accept": "application/json"}
        self.connection: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        data = None if body is None else json.dumps(body).encode()
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
            try:
                self.connection.request(method, path, body=data, headers=self.headers)
                response = self.connection.getresponse()
                raw = response.read()
            except (ConnectionError, http.client.HTTPException, TimeoutError):
                # The server closed an idle keep-alive connection: once more on a new one.
                self.connection.close()
                self.connection = None
                if attempt == 2:
                    raise
                continue
            try:
                payload = json.loads(raw) if raw else {}
            except ValueError:
                payload = {"body": raw[:200].decode(errors="replace")}
            return response.status, payload
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()


# --------------------------------------------------------------------------- set-up


@dataclass
class Table:
    """One board: its two players (API tokens, sessions) and its spectators' sessions."""

    tokens: tuple[str, str]
    player_ids: tuple[int, int]
    sessions: list[str]  # player a, player b, then the spectators
    match_id: int = 0
    actions: list[tuple[float, float, int, int]] = field(default_factory=list)
    heard: list[list[tuple[int, float]]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def _session(user) -> str:
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def make_tables(matches: int, spectators: int = 2) -> list[Table]:
    """The club, its members with logins and tokens, and a session for each socket."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from clubs.models import Club, Membership, Player

    club, _ = Club.objects.get_or_create(slug=SLUG, defaults={"name": "Live load bench"})
    users = get_user_model()

    def member(name: str):
        user, created = users.objects.get_or_create(username=name,
                                                    defaults={"email": f"{name}@bench.invalid"})
        if created:
            user.set_unusable_password()
            user.save()
        player, _ = Player.objects.get_or_create(user=user, defaults={"name": name.title()})
        Membership.objects.get_or_create(club=club, player=player,
                                         defaults={"role": "player"})
        token, _ = Token.objects.get_or_create(user=user)
        return user, player, token.key

    watchers = [member(f"bench-spectator{n}")[0] for n in range(spectators)]
    watcher_sessions = [_session(user) for user in watchers]
    tables = []
    for n in range(matches):
        (ua, pa, ta), (ub, pb, tb) = member(f"bench-a{n}"), member(f"bench-b{n}")
        tables.append(Table(tokens=(ta, tb), player_ids=(pa.pk, pb.pk),
                            sessions=[_session(ua), _session(ub), *watcher_sessions]))
    return tables


# --------------------------------------------------------------------------- the run


async def _listen(ws, heard: list[tuple[int, float]], table: Table, done: asyncio.Event):
    import websockets

    try:
        async for message in ws:
            data = json.loads(message)
            if "version" in data:  # not {"alive": true}, said every few seconds
                heard.append((data["version"], time.perf_counter()))
    except websockets.ConnectionClosed as exc:
        if not done.is_set():
            table.errors.append(f"socket closed: {exc}")


async def _play(table: Table, base: str, length: int, pool: ThreadPoolExecutor, seed: int,
                max_actions: int) -> None:
    import websockets

    loop = asyncio.get_running_loop()
    apis = [Api(base, token) for token in table.tokens]
    status, state = await loop.run_in_executor(pool, apis[0].request, "POST",
                                               f"/api/clubs/{SLUG}/live-matches/",
                                               {"player_a": table.player_ids[0],
                                                "player_b": table.player_ids[1],
                                                "length": length, "dice": "digital"})
    if status != 201:
        table.errors.append(f"start: {status} {state}")
        return
    table.match_id = state["id"]
    origin = base.rstrip("/")
    ws_url = origin.replace("http", "ws", 1) + f"/ws/live/{table.match_id}/"
    sockets = []
    for session in table.sessions:
        sockets.append(await websockets.connect(
            ws_url, origin=origin, additional_headers={"Cookie": f"sessionid={session}"},
            open_timeout=60, ping_interval=None))
    done = asyncio.Event()
    table.heard = [[] for _ in sockets]
    listeners = [asyncio.create_task(_listen(ws, heard, table, done))
                 for ws, heard in zip(sockets, table.heard, strict=True)]
    rng = random.Random(seed + table.match_id)
    for _ in range(max_actions):
        step = next_action(state, rng)
        if step is None:
            break
        side, body = step
        sent = time.perf_counter()
        status, answer = await loop.run_in_executor(
            pool, apis[side].request, "POST", f"/api/live-matches/{table.match_id}/actions/",
            body)
        answered = time.perf_counter()
        if status != 200:
            table.errors.append(f"action {body}: {status} {answer}")
            status, state = await loop.run_in_executor(
                pool, apis[side].request, "GET", f"/api/live-matches/{table.match_id}/")
            if status != 200:
                table.errors.append(f"state: {status} {state}")
                break
            continue
        state = answer
        table.actions.append((sent, answered, side, state["version"]))
    await asyncio.sleep(2)  # the last pushes
    done.set()
    for ws in sockets:
        await ws.close()
    await asyncio.gather(*listeners, return_exceptions=True)
    for api in apis:
        api.close()


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _hearing(tables: list[Table]) -> tuple[list[float], list[float], int]:
    """Seconds from each action's sending to its opponent's (and the spectators') socket
    hearing that version or a later one; and the versions a socket never heard."""
    opponent, spectators, missed = [], [], 0
    for table in tables:
        for socket_index, heard in enumerate(table.heard):
            for sent, _answered, side, version in table.actions:
                if socket_index == side:
                    continue  # the mover's own board shows its answer
                at = next((t for v, t in heard if v >= version), None)
                if at is None:
                    missed += 1
                    continue
                (opponent if socket_index < 2 else spectators).append(max(0.0, at - sent))
    return opponent, spectators, missed


class ConnectionSampler(threading.Thread):
    """The server's PostgreSQL connections (pg_stat_activity), every 0.2 s."""

    def __init__(self, dsn: str, app_name: str | None):
        super().__init__(daemon=True)
        self.dsn, self.app_name = dsn, app_name
        self.peak = 0
        self.stop = threading.Event()

    def count(self) -> int:
        import psycopg

        with psycopg.connect(self.dsn, autocommit=True) as connection:
            sql = ("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                   "AND pid <> pg_backend_pid() AND backend_type = 'client backend'")
            args = []
            if self.app_name:
                sql += " AND application_name = %s"
                args.append(self.app_name)
            return connection.execute(sql, args).fetchone()[0]

    def run(self) -> None:
        while not self.stop.is_set():
            self.peak = max(self.peak, self.count())
            self.stop.wait(0.2)


def _dsn() -> str:
    from django.db import connection

    db = connection.settings_dict
    return " ".join(f"{key}={value}" for key, value in (
        ("dbname", db["NAME"]), ("user", db.get("USER")), ("password", db.get("PASSWORD")),
        ("host", db.get("HOST")), ("port", db.get("PORT"))) if value)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_web(workers: int, env: dict) -> tuple[subprocess.Popen, str]:
    """bin/web on a free port of 127.0.0.1; waits for /healthz."""
    port = _free_port()
    process = subprocess.Popen(
        ["bash", "bin/web"], cwd=ROOT, start_new_session=True,
        env={**os.environ, **env, "HOST": "127.0.0.1", "PORT": str(port),
             "WEB_CONCURRENCY": str(workers), "BIN": str(Path(sys.executable).parent)},
        stdout=subprocess.DEVNULL if "--quiet" in sys.argv else None)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"bin/web stopped ({process.returncode})")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return process, base
        except OSError:
            pass
        time.sleep(0.3)
    stop_web(process)
    raise SystemExit("bin/web did not answer /healthz in 90 s")


def stop_web(process: subprocess.Popen) -> None:
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--spectators", type=int, default=2, help="sockets per board "
                        "besides the two players'")
    parser.add_argument("--length", type=int, default=1, help="each match's length (points)")
    parser.add_argument("--max-actions", type=int, default=2000, help="per match")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="bin/web's processes (WEB_CONCURRENCY) when this starts it")
    parser.add_argument("--url", help="a running server instead of starting bin/web")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quiet", action="store_true", help="bin/web's log to /dev/null")
    args = parser.parse_args()

    if not (os.environ.get("DATABASE_URL", "").startswith("postgres")
            and os.environ.get("REDIS_URL")):
        print("bench_live_load: needs PostgreSQL and Redis (DATABASE_URL=postgres://…, "
              "REDIS_URL=redis://…); skipped.")
        return
    server_env = {}
    if not args.url:
        server_env = {"DEBUG": "false", "SECURE_SSL_REDIRECT": "false",
                      "ALLOWED_HOSTS": "127.0.0.1", "PGAPPNAME": APP_NAME,
                      "SECRET_KEY": os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50)}
        os.environ.update({k: v for k, v in server_env.items() if k != "PGAPPNAME"})
    _setup_django()
    from django.core.management import call_command
    from django.db import connections

    call_command("migrate", verbosity=0)
    tables = make_tables(args.matches, args.spectators)
    dsn = _dsn()
    connections.close_all()

    process = None
    if args.url:
        base = args.url
    else:
        process, base = start_web(args.workers, server_env)
    load_before = os.getloadavg()
    sampler = ConnectionSampler(dsn, None if args.url else APP_NAME)
    pool = ThreadPoolExecutor(max_workers=args.matches)
    try:
        sampler.start()
        began = time.perf_counter()

        async def run_all():
            await asyncio.gather(*(_play(table, base, args.length, pool, args.seed,
                                         args.max_actions) for table in tables))

        asyncio.run(run_all())
        elapsed = time.perf_counter() - began - 2  # the wait for the last pushes
        sampler.stop.set()
        sampler.join()
        time.sleep(1)
        after = sampler.count()
    finally:
        pool.shutdown()
        if process is not None:
            stop_web(process)

    answers = [answered - sent for table in tables for sent, answered, _, _ in table.actions]
    opponent, spectators, missed = _hearing(tables)
    errors = [error for table in tables for error in table.errors]
    ms = 1000
    print(f"\nlive load: {args.matches} matches x {2 + args.spectators} sockets, "
          f"{args.length}-point, against {base} "
          f"({'yours' if args.url else f'bin/web, {args.workers} workers'}, "
          f"DB_POOL_MAX {os.environ.get('DB_POOL_MAX', '10')})")
    print(f"  actions          {len(answers)} in {elapsed:.1f} s = "
          f"{len(answers) / elapsed:.1f} actions/s")
    print(f"  action answered  p50 {_percentile(answers, .5) * ms:.0f} ms, "
          f"p95 {_percentile(answers, .95) * ms:.0f} ms")
    print(f"  opponent hears   p50 {_percentile(opponent, .5) * ms:.0f} ms, "
          f"p95 {_percentile(opponent, .95) * ms:.0f} ms")
    print(f"  spectators hear  p50 {_percentile(spectators, .5) * ms:.0f} ms, "
          f"p95 {_percentile(spectators, .95) * ms:.0f} ms")
    print(f"  errors           {len(errors) + missed} ({len(errors)} answers or sockets, "
          f"{missed} pushes never heard)")
    for error in errors[:10]:
        print(f"    {error}")
    print(f"  db connections   peak {sampler.peak} during the run, {after} after it "
          f"({'the server' if not args.url else 'every other client of the database'})")
    finished = sum(1 for table in tables if table.actions)
    print(f"  matches played   {finished} of {len(tables)}")
    print(f"  machine          {os.cpu_count()} cores, load average "
          f"{' '.join(f'{x:.1f}' for x in load_before)} before the run, "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} after it")


if __name__ == "__main__":
    main()
