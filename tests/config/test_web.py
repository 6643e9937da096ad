"""``bin/web`` (issue 26.1 and 26.2): the production web server answers HTTP and the live
boards' WebSockets with several worker processes, and on PostgreSQL holds a bounded number
of database connections however many sockets and requests it serves."""

import json
import os
import random
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from rest_framework.authtoken.models import Token
from websockets.sync.client import connect

from tests.benchmarks.bench_live_load import next_action
from tests.config.conftest import APP_NAME
from tests.factories import member
from tests.live.conftest import start

pytestmark = pytest.mark.django_db(transaction=True)


def _session(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def _socket(web, match_id: int, user):
    return connect(f"ws://127.0.0.1:{web.port}/ws/live/{match_id}/", origin=web.base,
                   additional_headers={"Cookie": f"sessionid={_session(user)}"},
                   open_timeout=20)


def _token(user) -> dict:
    return {"Authorization": f"Token {Token.objects.get_or_create(user=user)[0].key}"}


def test_bin_web_serves_http_and_sockets_with_two_workers(web, club, bob):
    joe, snow = member(club, "JoeBlack"), member(club, "SnowWhite")
    match_id = start(club, joe.user, joe, snow, dice="digital")
    server = web(WEB_CONCURRENCY="2", API_THROTTLE_ANON="3/minute")

    workers = subprocess.run(["pgrep", "-P", str(server.process.pid)], capture_output=True,
                             text=True).stdout.split()
    assert len(workers) == 2
    status, health = server.get("/healthz")
    assert status == 200 and health["status"] == "ok"
    with _socket(server, match_id, bob) as ws:
        assert json.loads(ws.recv(timeout=20)) == {"version": 0}
        status, state = server.request("POST", f"/api/live-matches/{match_id}/actions/",
                                       {"action": "roll"}, headers=_token(joe.user))
        assert status == 200 and state["version"] >= 1
        if settings.REDIS_URL:  # one channel layer for both processes
            heard = json.loads(ws.recv(timeout=10))
            while "version" not in heard:  # {"alive": true}, every few seconds
                heard = json.loads(ws.recv(timeout=10))
            assert heard["version"] == state["version"]
    # Anonymous reads are limited per connection address, whatever a client forwards (seven
    # reads over two processes: one of them counts four even with one cache per process).
    codes = [server.get("/api/clubs/", headers={"X-Forwarded-For": f"10.9.8.{n}"})[0]
             for n in range(7)]
    assert 429 in codes and set(codes) <= {200, 429}


def _held(name: str = APP_NAME) -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = %s "
                       "AND datname = current_database()", [name])
        return cursor.fetchone()[0]


def test_many_sockets_and_actions_hold_a_bounded_number_of_database_connections(web, club,
                                                                                 bob, carol):
    if connection.vendor != "postgresql":
        if os.environ.get("REQUIRE_SERVICES"):
            pytest.fail("REQUIRE_SERVICES is set but the database is not PostgreSQL")
        pytest.skip("the connection pool is PostgreSQL's (set DATABASE_URL=postgres://…)")
    workers, pool_max = 2, 3
    server = web(WEB_CONCURRENCY=str(workers), DB_POOL_MAX=str(pool_max), DB_POOL_MIN="1")
    tables = []
    for n in range(3):
        a, b = member(club, f"Alpha{n}"), member(club, f"Beta{n}")
        tables.append((start(club, a.user, a, b, dice="digital"), a, b))
    sockets = ExitStack()
    for match_id, a, b in tables:
        for user in (a.user, b.user, bob, carol, bob, carol, a.user, b.user):
            ws = sockets.enter_context(_socket(server, match_id, user))
            assert json.loads(ws.recv(timeout=20)) == {"version": 0}
    tokens = {player.pk: _token(player.user) for _, a, b in tables for player in (a, b)}

    def play(table, actions=15):
        match_id, a, b = table
        rng, state, statuses = random.Random(match_id), None, []
        status, state = server.get(f"/api/live-matches/{match_id}/", headers=tokens[a.pk])
        for _ in range(actions):
            side, body = next_action(state, rng)
            status, state = server.request("POST", f"/api/live-matches/{match_id}/actions/",
                                           body, headers=tokens[(a, b)[side].pk])
            statuses.append(status)
            if status != 200:
                break
        return statuses

    def read(table, reads=8):
        match_id, a, _ = table
        return [server.get(f"/api/live-matches/{match_id}/", headers=tokens[a.pk])[0]
                for _ in range(reads)]

    peak = 0
    with ThreadPoolExecutor(max_workers=30) as pool:
        futures = [pool.submit(play, table) for table in tables]
        futures += [pool.submit(read, tables[n % 3]) for n in range(27)]
        deadline = time.monotonic() + 120
        while not all(f.done() for f in futures) and time.monotonic() < deadline:
            peak = max(peak, _held())
            time.sleep(0.05)
        statuses = [status for f in futures for status in f.result()]
    assert 0 < peak <= workers * pool_max, f"{peak} connections held"
    assert set(statuses) == {200}
    sockets.close()
    time.sleep(1)
    assert _held() <= workers * pool_max
