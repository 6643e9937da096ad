"""Health endpoint: reports the database and the Celery broker; 503 when one is down."""

from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache

from .celery import app as celery_app


def _database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return "ok"


def _broker() -> str:
    with celery_app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=2)
    return "ok"


def _probe(check) -> str:
    try:
        return check()
    except Exception as exc:  # noqa: BLE001 - any failure means "down", reported by name
        return f"down: {type(exc).__name__}: {exc}"[:300]


@never_cache
def healthz(request):
    report = {"database": _probe(_database), "broker": _probe(_broker)}
    healthy = all(value == "ok" for value in report.values())
    report["status"] = "ok" if healthy else "degraded"
    return JsonResponse(report, status=200 if healthy else 503)
