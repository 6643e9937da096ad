"""Small helpers several test modules share (no fixtures: those are in the conftests)."""

import ipaddress
import secrets

from django.db import connection


def database_url() -> str:
    """The URL of the test database, for a process of its own (a Celery worker, a web
    server) to share it."""
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user = db.get("USER") or "postgres"
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    host, port = db.get("HOST") or "127.0.0.1", db.get("PORT") or "5432"
    return f"postgres://{user}{password}@{host}:{port}/{db['NAME']}"


def new_address() -> str:
    """A client address of one test: random in the IPv6 documentation range (2001:db8::/32),
    so no two tests share a rate limit's counter."""
    return str(ipaddress.IPv6Address((0x20010DB8 << 96) | secrets.randbits(96)))
