"""Health endpoint: which part is down. The database holds the record: without it the site
cannot serve its pages, and only then is the answer 503. Redis (cache, channel layer,
broker) and the workers only make things sooner; without them pages still answer (the
boards read over HTTP, queued work waits for its requeue), so the answer is 200 with
``"status": "degraded"`` and the part named.

    {"database": "ok", "broker": "ok", "redis": "ok" | "not used", "workers": "ok",
     "status": "ok" | "degraded" | "down"}

``workers``: "ok" when a worker's periodic heartbeat (every minute, the beat schedule) is
recent, "silent: last heartbeat N s ago" when it stopped, "no heartbeat yet" on a fresh site
(which degrades nothing: the beat sends its first within a minute of a worker's start).
"""

from datetime import timedelta

from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache

from config.celery import app as celery_app

from .models import WorkerHeartbeat

#: Answers that are no fault.
NEUTRAL = ("ok", "not used", "no heartbeat yet")
#: A worker silent longer than this (three beats missed) is reported.
WORKERS_SILENT_AFTER = timedelta(minutes=3)


def _database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return "ok"


def _broker() -> str:
    with celery_app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=2)
    return "ok"


def _redis() -> str:
    if not settings.REDIS_URL:
        return "not used"
    import redis

    client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1,
                                  socket_timeout=1)
    try:
        client.ping()
    finally:
        client.close()
    return "ok"


def _workers() -> str:
    last = (WorkerHeartbeat.objects.filter(processed_at__isnull=False)
            .order_by("-processed_at").values_list("processed_at", flat=True).first())
    if last is None:
        return "no heartbeat yet"  # a fresh site: not a fault by itself
    age = timezone.now() - last
    if age > WORKERS_SILENT_AFTER:
        return f"silent: last heartbeat {int(age.total_seconds())} s ago"
    return "ok"


def _probe(check) -> str:
    try:
        return check()
    except Exception as exc:  # noqa: BLE001 - any failure means "down", reported by name
        return f"down: {type(exc).__name__}: {exc}"[:300]


@never_cache
def healthz(request):
    database = _probe(_database)
    report = {"database": database, "broker": _probe(_broker), "redis": _probe(_redis),
              "workers": _probe(_workers) if database == "ok" else "unknown (no database)"}
    if database != "ok":
        report["status"] = "down"
    elif all(value in NEUTRAL for value in report.values()):
        report["status"] = "ok"
    else:
        report["status"] = "degraded"
    return JsonResponse(report, status=503 if database != "ok" else 200)
