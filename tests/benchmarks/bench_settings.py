"""Settings for the HTTP benchmarks: the project's, plus a minimal view to compare with,
and plain static files (no collectstatic needed with DEBUG off)."""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "tests.benchmarks.bench_urls"
STORAGES = {**STORAGES,  # noqa: F405
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
# Persistent connections, as the production settings give PostgreSQL (CONN_MAX_AGE=60).
DATABASES["default"]["CONN_MAX_AGE"] = 60  # noqa: F405
