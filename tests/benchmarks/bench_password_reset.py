"""Password reset: the time of the answer for a known and for an unknown address (issue
25.6: answers must not tell who has a login).

Run: ``python tests/benchmarks/bench_password_reset.py [--requests 200]`` (a fresh SQLite
database in a temporary folder; with ``DATABASE_URL`` set, that database).

Each request is a POST of the reset form through Django's WSGI handler (the whole
middleware stack, CSRF included), as a WSGI server sends it, the two addresses taking
turns. Printed, for each address, the median time of the **answer** (the handler's
response, what the client waits for) and of the **whole** (the answer, then the work the
server does after it when it closes the response: the look-up and, for a known address,
the mail queued in the outbox). The two answers' medians should be within noise of each
other; the whole is longer for the known address, after the client has its answer.
Nothing is asserted about time.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

PATH = "/accounts/password/reset/"
KNOWN, UNKNOWN = "ann@example.org", "nobody@example.org"
CSRF = "a" * 32  # an unmasked CSRF secret: the cookie and the form's field agree


def _setup_django(data_dir: str) -> None:
    os.environ["DATA_DIR"] = data_dir  # never the developer's own database
    os.environ.setdefault("SECRET_KEY", "bench-secret-" * 5)
    os.environ["DEBUG"] = "false"
    os.environ["ALLOWED_HOSTS"] = "testserver,127.0.0.1,localhost"
    os.environ["SECURE_SSL_REDIRECT"] = "false"
    os.environ["DJANGO_SETTINGS_MODULE"] = "tests.benchmarks.bench_settings"
    import django

    django.setup()


def _environ(email: str) -> dict:
    body = urlencode({"email": email, "csrfmiddlewaretoken": CSRF}).encode()
    return {
        "REQUEST_METHOD": "POST", "PATH_INFO": PATH, "QUERY_STRING": "", "SCRIPT_NAME": "",
        "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": "127.0.0.1", "REMOTE_ADDR": "127.0.0.1", "HTTP_COOKIE": f"csrftoken={CSRF}",
        "CONTENT_TYPE": "application/x-www-form-urlencoded", "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr, "wsgi.url_scheme": "http",
        "wsgi.multithread": False, "wsgi.multiprocess": True, "wsgi.run_once": False,
        "wsgi.version": (1, 0),
    }


def _post(handler, email: str) -> tuple[float, float]:
    """(answer, whole) in seconds for one request."""
    from django.core.cache import cache

    cache.clear()  # the throttles and allauth's limits count every request: start afresh
    status = []
    environ = _environ(email)
    started = time.perf_counter()
    response = handler(environ, lambda s, headers, exc_info=None: status.append(s))
    answered = time.perf_counter()
    response.close()  # what the server does once the answer is written
    done = time.perf_counter()
    if not status[0].startswith("302"):
        raise SystemExit(f"{email}: answered {status[0]}, not 302")
    return answered - started, done - started


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=200, help="per address")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-reset-") as data_dir:
        _setup_django(data_dir)
        from django.contrib.auth import get_user_model
        from django.core.handlers.wsgi import WSGIHandler
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        users = get_user_model().objects
        if not users.filter(username="ann").exists():
            users.create_user("ann", KNOWN, "a-long-Passphrase-42")
        handler = WSGIHandler()
        for email in (KNOWN, UNKNOWN):  # warm: templates, connections, first queries
            _post(handler, email)
        times = {KNOWN: [], UNKNOWN: []}
        for _ in range(args.requests):
            for email in (KNOWN, UNKNOWN):
                times[email].append(_post(handler, email))
        print(f"{'address':<22}{'answer (median ms)':>20}{'whole (median ms)':>20}")
        for email, label in ((KNOWN, "known"), (UNKNOWN, "unknown")):
            answer = statistics.median(t[0] for t in times[email]) * 1000
            whole = statistics.median(t[1] for t in times[email]) * 1000
            print(f"{label + ' ' + email:<22}{answer:>20.2f}{whole:>20.2f}")


if __name__ == "__main__":
    main()
