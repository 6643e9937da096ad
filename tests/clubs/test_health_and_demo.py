import pytest
from django.core.management import call_command
from django.urls import reverse

from clubs.models import Club, Membership

pytestmark = pytest.mark.django_db


def test_healthz_reports_database_and_broker(client, settings):
    body = client.get(reverse("healthz")).json()
    redis = "ok" if settings.REDIS_URL else "not used"
    assert body == {"database": "ok", "broker": "ok", "redis": redis,
                    "workers": "no heartbeat yet", "status": "ok"}


def _down(*args):
    raise ConnectionRefusedError("unreachable")


def test_healthz_names_a_broker_that_is_down_and_still_answers_200(client, monkeypatch):
    from ops import health

    monkeypatch.setattr(health, "_broker", _down)
    monkeypatch.setattr(health, "_redis", _down)
    response = client.get(reverse("healthz"))
    body = response.json()
    assert response.status_code == 200 and body["status"] == "degraded"
    assert body["broker"].startswith("down") and body["redis"].startswith("down")
    assert body["database"] == "ok"


def test_healthz_is_503_only_when_the_database_is_down(client, monkeypatch):
    from ops import health

    monkeypatch.setattr(health, "_database", _down)
    response = client.get(reverse("healthz"))
    body = response.json()
    assert response.status_code == 503 and body["status"] == "down"
    assert body["database"].startswith("down") and body["workers"].startswith("unknown")


def test_healthz_tells_a_silent_worker(client):
    from datetime import timedelta

    from django.utils import timezone

    from ops.models import WorkerHeartbeat

    beat = WorkerHeartbeat.objects.create(token="beat-x", processed_at=timezone.now())
    assert client.get(reverse("healthz")).json()["workers"] == "ok"
    WorkerHeartbeat.objects.filter(pk=beat.pk).update(
        processed_at=timezone.now() - timedelta(minutes=10))
    response = client.get(reverse("healthz"))
    assert response.status_code == 200 and response.json()["status"] == "degraded"
    assert response.json()["workers"].startswith("silent: last heartbeat 6")


def test_demo_data_is_idempotent():
    call_command("demo_data")
    call_command("demo_data")
    club = Club.objects.get(slug="riverside")
    assert club.memberships.count() == 13  # twelve members and the tournaments' guest
    assert club.memberships.filter(role=Membership.Role.ADMIN).count() == 1


def test_the_readme_gives_the_demo_clubs_member_count():
    from django.conf import settings

    call_command("demo_data")
    count = Club.objects.get(slug="riverside").memberships.count()
    words = {12: "twelve", 13: "thirteen", 14: "fourteen", 15: "fifteen"}
    readme = " ".join((settings.BASE_DIR / "README.md").read_text(encoding="utf-8").split())
    assert f"a club with {words.get(count, count)} members" in readme
