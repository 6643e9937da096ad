"""Deploy settings (issue 26.8): with DEBUG off the development SECRET_KEY is refused at
start, and X-Forwarded-Proto is trusted only when NUM_PROXIES says a proxy is in front.
Each case loads the settings in a process of its own, from the environment as production
does."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from config.settings import _DEV_SECRET

ROOT = Path(__file__).resolve().parents[2]
REAL_KEY = "a-real-secret-key-for-this-test-only-2b7Qm9Xv4Lp8Rz1Tn6Wc3Hy5Jd0Kf"

SHOW = ("import django, json; django.setup(); from django.conf import settings as s; "
        "print(json.dumps({'proxy_ssl': s.SECURE_PROXY_SSL_HEADER, 'debug': s.DEBUG}))")


def _run(args, **env):
    # As production sets it: none of the tests' own switches either (the browser tests' lets
    # the ORM run beside Playwright's event loop, and `check --deploy` rightly refuses it).
    clean = {k: v for k, v in os.environ.items()
             if k not in ("DEBUG", "SECRET_KEY", "NUM_PROXIES", "ALLOWED_HOSTS", "SITE_URL",
                          "DJANGO_ALLOW_ASYNC_UNSAFE")}
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings",
                                           **env})


def test_debug_off_refuses_the_development_key():
    result = _run(["-c", SHOW], DEBUG="false", SECRET_KEY=_DEV_SECRET)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and "development key" in result.stderr


def test_debug_off_refuses_no_key():
    result = _run(["-c", SHOW], DEBUG="false")
    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr


def test_debug_on_keeps_the_development_key():
    result = _run(["-c", SHOW], DEBUG="true")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[-1])["debug"] is True


@pytest.mark.parametrize(("proxies", "header"), [
    ("0", None), ("1", ["HTTP_X_FORWARDED_PROTO", "https"]),
])
def test_the_forwarded_proto_is_trusted_only_behind_a_proxy(proxies, header):
    result = _run(["-c", SHOW], DEBUG="false", SECRET_KEY=REAL_KEY, NUM_PROXIES=proxies)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[-1])["proxy_ssl"] == header


def test_check_deploy_is_clean_with_a_real_key():
    result = _run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                  DEBUG="false", SECRET_KEY=REAL_KEY, ALLOWED_HOSTS="club.example.org",
                  SITE_URL="https://club.example.org")
    assert result.returncode == 0, result.stdout + result.stderr


def test_check_deploy_asks_for_the_site_url():
    """The links of a mail a worker makes on its own go to SITE_URL (issue 33, point 1)."""
    result = _run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                  DEBUG="false", SECRET_KEY=REAL_KEY, ALLOWED_HOSTS="club.example.org")
    assert result.returncode != 0 and "ops.W001" in result.stdout + result.stderr
