"""Issue 37: a Redis outage costs the players nothing. ``bin/web`` (two processes) on the
test database, its cache, channel layer and broker on a PRIVATE Redis this test starts on a
port of its own (never the machine's: other tests use it), stopped in the middle of live play
and started again. Every action answers 200 and is stored once (the match's version is the
number of actions answered), the log says so in a few lines, and /healthz names Redis
without a 503."""

import shutil
import socket
import subprocess
import time

import pytest
from django.conf import settings

from live.models import LiveMatch
from tests.config.conftest import _free_port
from tests.config.test_web import _token
from tests.factories import member
from tests.live.conftest import start

pytestmark = pytest.mark.django_db(transaction=True)


class PrivateRedis:
    """A redis-server of this test's own (nothing saved), which it may stop and start."""

    def __init__(self, binary: str):
        self.binary, self.port, self.process = binary, _free_port(), None
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        pytest.fail("the private redis-server did not start")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture
def private_redis():
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("no redis-server binary on this machine")
    if not settings.REDIS_URL:
        pytest.skip("run in the PostgreSQL and Redis pass (REDIS_URL set)")
    redis = PrivateRedis(binary)
    redis.start()
    try:
        yield redis
    finally:
        redis.stop()


def _play(server, tables, headers, answers, actions: int) -> None:
    """``actions`` actions in each match, as its players would (the next legal one)."""
    import random

    from tests.benchmarks.bench_live_load import next_action

    for match_id, a, b in tables:
        rng = random.Random(match_id)
        for _ in range(actions):
            status, state = server.get(f"/api/live-matches/{match_id}/", headers=headers[a.pk])
            assert status == 200, state
            step = next_action(state, rng)
            if step is None:
                break
            side, body = step
            status, answer = server.request(
                "POST", f"/api/live-matches/{match_id}/actions/",
                {**body, "version": state["version"]}, headers=headers[(a, b)[side].pk])
            assert status == 200, answer
            # (the version acted on, the version answered): one action may store several
            # steps (a roll with no legal play passes too), so versions move by one or more
            answers.setdefault(match_id, []).append((state["version"], answer["version"]))


def test_live_play_goes_on_while_redis_is_away(web, club, private_redis):
    server = web(WEB_CONCURRENCY="2", REDIS_URL=private_redis.url)
    tables = []
    for n in range(2):
        a, b = member(club, f"Alpha{n}"), member(club, f"Beta{n}")
        tables.append((start(club, a.user, a, b, dice="digital", length=25), a, b))
    headers = {player.pk: _token(player.user) for _, a, b in tables for player in (a, b)}
    answers: dict[int, list[int]] = {}

    _play(server, tables, headers, answers, 4)
    private_redis.stop()
    _play(server, tables, headers, answers, 6)
    status, health = server.get("/healthz")
    assert status == 200 and health["database"] == "ok" and health["status"] == "degraded"
    assert health["redis"].startswith("down")
    private_redis.start()
    _play(server, tables, headers, answers, 4)

    for match_id, _, _ in tables:
        # Every action answered 200 and was stored once: nothing applied behind an error.
        # Each action was decided on the version the one before answered (no step stored
        # between two answers), and the match stands at the last answer's version.
        steps = answers[match_id]
        assert len(steps) == 14 and all(sent < got for sent, got in steps)
        assert all(steps[i][1] == steps[i + 1][0] for i in range(len(steps) - 1)), steps
        assert LiveMatch.objects.get(pk=match_id).version == steps[-1][1]
    log = server.log.read_text()
    assert "Traceback" not in log
    # Once per part and outage (down, then back), not once per action.
    assert log.count("channel layer down") <= 2, log[-3000:]
