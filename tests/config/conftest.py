"""``bin/web`` started by a test: the production web server on a free port of 127.0.0.1,
sharing the test database (the SQLite file, or PostgreSQL's test database)."""

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.helpers import database_url

ROOT = Path(__file__).resolve().parents[2]
#: The web server's connections carry this name in pg_stat_activity (libpq's PGAPPNAME).
APP_NAME = "bgclub-web-under-test"


@dataclass
class Web:
    process: subprocess.Popen
    port: int
    log: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def get(self, path: str, headers: dict | None = None) -> tuple[int, dict]:
        return self.request("GET", path, headers=headers)

    def request(self, method: str, path: str, body: dict | None = None,
                headers: dict | None = None) -> tuple[int, dict]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request(method, path, body=None if body is None else json.dumps(body),
                         headers={"Content-Type": "application/json", **(headers or {})})
            response = conn.getresponse()
            raw = response.read()
        finally:
            conn.close()
        try:
            return response.status, json.loads(raw)
        except ValueError:
            return response.status, {"body": raw[:300].decode(errors="replace")}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def web(transactional_db, tmp_path):
    """Start ``bin/web`` with the given environment (``web(WEB_CONCURRENCY="2")``); every
    server started is stopped after the test (its log printed)."""
    started: list[Web] = []

    def start(**env) -> Web:
        port = _free_port()
        log = tmp_path / f"web-{port}.log"
        full = {**os.environ, "DATABASE_URL": database_url(), "HOST": "127.0.0.1",
                "PORT": str(port), "BIN": str(Path(sys.executable).parent),
                "DJANGO_SETTINGS_MODULE": "config.settings", "PGAPPNAME": APP_NAME, **env}
        with log.open("w") as out:
            process = subprocess.Popen(["bash", "bin/web"], cwd=ROOT, env=full, stdout=out,
                                       stderr=subprocess.STDOUT, start_new_session=True)
        server = Web(process, port, log)
        started.append(server)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert process.poll() is None, log.read_text()[-3000:]
            try:
                if server.get("/healthz")[0] == 200:
                    return server
            except OSError:
                pass
            time.sleep(0.2)
        pytest.fail("bin/web did not answer /healthz in 60 s:\n" + log.read_text()[-3000:])

    yield start
    for server in started:
        try:
            os.killpg(server.process.pid, signal.SIGTERM)
            server.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.process.pid, signal.SIGKILL)
            server.process.wait()
        except ProcessLookupError:
            pass
        print(server.log.read_text()[-3000:])
