"""Each pytest-xdist worker gets services of its own (loaded with ``-p tests.xdist_env``,
before Django reads its settings).

Workers share one machine's PostgreSQL (pytest-django already gives each its own test
database) and Redis. Redis holds the cache (which each test clears), the Celery broker
(whose queues the integration tests purge) and the channel layer (whose groups are named
after ids that every worker's database reuses), so each worker gets a Redis database of
its own, and the filesystem broker a folder of its own.
"""

import os
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

#: Worker gwN uses Redis database FIRST_REDIS_DB + N (Redis has 16 by default). Two suites
#: running at once on one Redis (two checkouts on one machine) set TEST_REDIS_FIRST_DB apart,
#: or each empties the other's cache and queues.
FIRST_REDIS_DB = int(os.environ.get("TEST_REDIS_FIRST_DB", "12"))


def _own_redis_db(url: str, index: int) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{FIRST_REDIS_DB + index}"))


_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if _WORKER.startswith("gw"):
    _INDEX = int(_WORKER[2:])
    if os.environ.get("REDIS_URL"):
        os.environ["REDIS_URL"] = _own_redis_db(os.environ["REDIS_URL"], _INDEX)
    _DATA = Path(os.environ.get("DATA_DIR") or Path(__file__).resolve().parents[1] / "data")
    os.environ.setdefault("BROKER_DIR", str(_DATA / f"broker-{_WORKER}"))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """The long tests (marked ``slow``) first, the rest in their order. pytest-xdist hands
    each worker a run of tests and lets an idle one take from a busy one's queue, but a test
    cannot be split: a long one started last keeps one core busy alone at the end (the
    migration round trips, transactional, came last of all: pytest-django sorts those after
    the others, hence ``trylast``). A transactional test's flush leaves the tables as the
    migrations made them (post_migrate runs again), so the others run after it as well."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
