"""A Redis outage in the middle of live play (issue 37): ``bin/web`` (2 processes) on
PostgreSQL, its cache, channel layer and broker on a PRIVATE redis-server this script starts
on a free port (never the machine's), N live matches played at a steady pace through the API
with the opponent's socket open on each board. Redis is stopped for ``--outage`` seconds and
started again.

Run: ``DATABASE_URL=postgres://… python tests/benchmarks/bench_redis_outage.py
[--matches 4] [--outage 15] [--pace 0.3]``

Printed: the answers by phase (before, during, after: how many of each status), the seconds
from Redis's return until each board's socket hears a move again (a socket closed meanwhile
is opened again every second, as the board's script does), the server's log lines written
from the outage's start to 10 s after its end, and the tracebacks among them. Figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.benchmarks.bench_live_load import (  # noqa: E402
    Api,
    _free_port,
    _setup_django,
    make_tables,
    next_action,
    stop_web,
)


def _redis(binary: str, port: int) -> subprocess.Popen:
    process = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save",
                                "", "--appendonly", "no"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            time.sleep(0.05)
    raise SystemExit("the private redis-server did not start")


def _web(env: dict, log) -> tuple[subprocess.Popen, str]:
    import http.client

    port = _free_port()
    process = subprocess.Popen(["bash", "bin/web"], cwd=ROOT, start_new_session=True,
                               env={**os.environ, **env, "HOST": "127.0.0.1",
                                    "PORT": str(port), "WEB_CONCURRENCY": "2",
                                    "BIN": str(Path(sys.executable).parent)},
                               stdout=log, stderr=subprocess.STDOUT)
    for _ in range(300):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return process, f"http://127.0.0.1:{port}"
        except OSError:
            pass
        time.sleep(0.3)
    stop_web(process)
    raise SystemExit("bin/web did not answer /healthz")


async def _listen(base: str, match_id: int, session: str, heard: list[float], stop):
    import websockets

    origin = base.rstrip("/")
    url = origin.replace("http", "ws", 1) + f"/ws/live/{match_id}/"
    while not stop.is_set():
        try:
            async with websockets.connect(url, origin=origin, open_timeout=10,
                                          ping_interval=None,
                                          additional_headers={"Cookie":
                                                              f"sessionid={session}"}) as ws:
                async for message in ws:
                    if "version" in json.loads(message):
                        heard.append(time.monotonic())
        except Exception:  # noqa: BLE001 - closed or refused: again in a second
            await asyncio.sleep(1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--outage", type=float, default=15)
    parser.add_argument("--before", type=float, default=6)
    parser.add_argument("--after", type=float, default=10)
    parser.add_argument("--pace", type=float, default=0.3, help="seconds between actions")
    args = parser.parse_args()
    binary = shutil.which("redis-server")
    if not os.environ.get("DATABASE_URL", "").startswith("postgres") or binary is None:
        print("bench_redis_outage: needs PostgreSQL (DATABASE_URL=postgres://…) and a "
              "redis-server binary; skipped.")
        return
    port = _free_port()
    redis_url = f"redis://127.0.0.1:{port}/0"
    server_env = {"DEBUG": "false", "SECURE_SSL_REDIRECT": "false",
                  "ALLOWED_HOSTS": "127.0.0.1", "REDIS_URL": redis_url,
                  "SECRET_KEY": os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50)}
    os.environ.update(server_env)
    redis = _redis(binary, port)
    _setup_django()
    from django.core.management import call_command
    from django.db import connections

    call_command("migrate", verbosity=0)
    tables = make_tables(args.matches, spectators=0)
    connections.close_all()
    log_path = Path(tempfile.mkdtemp(prefix="bench-redis-")) / "web.log"
    log = log_path.open("w")
    process, base = _web(server_env, log)
    answers: dict[str, Counter] = {"before": Counter(), "during": Counter(),
                                   "after": Counter()}
    marks: dict[str, float] = {}
    try:
        apis = [[Api(base, token) for token in table.tokens] for table in tables]
        for table, (api, _) in zip(tables, apis, strict=True):
            status, state = api.request("POST", "/api/clubs/bench-live/live-matches/",
                                        {"player_a": table.player_ids[0],
                                         "player_b": table.player_ids[1], "length": 25,
                                         "dice": "digital"})
            assert status == 201, state
            table.match_id = state["id"]
        heard: list[list[float]] = [[] for _ in tables]

        async def run():
            loop = asyncio.get_running_loop()
            stop = asyncio.Event()
            listeners = [asyncio.create_task(_listen(base, t.match_id, t.sessions[1], h, stop))
                         for t, h in zip(tables, heard, strict=True)]
            await asyncio.sleep(2)

            async def play(n: int, table, pair):
                rng = random.Random(n)
                state = (await loop.run_in_executor(
                    None, pair[0].request, "GET", f"/api/live-matches/{table.match_id}/"))[1]
                while "end" not in marks:
                    phase = ("after" if "up" in marks else "during" if "down" in marks
                             else "before")
                    step = next_action(state, rng)
                    if step is None:
                        return
                    side, body = step
                    status, answer = await loop.run_in_executor(
                        None, pair[side].request, "POST",
                        f"/api/live-matches/{table.match_id}/actions/",
                        {**body, "version": state["version"]})
                    answers[phase][status] += 1
                    if status == 200:
                        state = answer
                    else:
                        state = (await loop.run_in_executor(
                            None, pair[0].request, "GET",
                            f"/api/live-matches/{table.match_id}/"))[1]
                    await asyncio.sleep(args.pace)

            players = [asyncio.create_task(play(n, t, p))
                       for n, (t, p) in enumerate(zip(tables, apis, strict=True))]
            await asyncio.sleep(args.before)
            marks["down"], marks["log_from"] = time.monotonic(), log_path.stat().st_size
            redis.terminate()
            redis.wait()
            await asyncio.sleep(args.outage)
            nonlocal_redis.append(_redis(binary, port))
            marks["up"] = time.monotonic()
            await asyncio.sleep(args.after)
            marks["end"], marks["log_to"] = time.monotonic(), log_path.stat().st_size
            await asyncio.gather(*players)
            stop.set()
            for task in listeners:
                task.cancel()
            await asyncio.gather(*listeners, return_exceptions=True)

        nonlocal_redis: list[subprocess.Popen] = []
        asyncio.run(run())
    finally:
        stop_web(process)
        log.close()
        for extra in locals().get("nonlocal_redis", []):
            extra.terminate()
        if redis.poll() is None:
            redis.terminate()
    written = log_path.read_bytes()[marks.get("log_from", 0):marks.get("log_to")].decode(
        errors="replace")
    lines = [line for line in written.splitlines() if line.strip()]
    print(f"\nRedis outage: {args.matches} matches, bin/web (2 processes), Redis away "
          f"{args.outage:.0f} s, an action every {args.pace} s per match")
    for phase, counts in answers.items():
        print(f"  {phase:7} answers: " + ", ".join(f"{n} x {status}" for status, n in
                                                   sorted(counts.items())))
    again = []
    for times in heard:
        after = [t - marks["up"] for t in times if t >= marks["up"]]
        again.append(f"{after[0]:.1f}" if after else "never")
    print(f"  boards hear a move again after Redis returns: {', '.join(again)} s")
    print(f"  log lines from the outage's start to {args.after:.0f} s after its end: "
          f"{len(lines)} ({written.count('Traceback')} tracebacks)")
    for line in lines[:12]:
        print(f"    {line[:160]}")


if __name__ == "__main__":
    main()
