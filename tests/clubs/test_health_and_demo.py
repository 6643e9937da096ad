import pytest
from django.core.management import call_command
from django.urls import reverse

from clubs.models import Club, Membership

pytestmark = pytest.mark.django_db


def test_healthz_reports_database_and_broker(client):
    body = client.get(reverse("healthz")).json()
    assert body == {"database": "ok", "broker": "ok", "status": "ok"}


def test_healthz_is_503_when_the_broker_is_down(client, monkeypatch):
    from config import health

    def down():
        raise ConnectionRefusedError("broker unreachable")

    monkeypatch.setattr(health, "_broker", down)
    response = client.get(reverse("healthz"))
    assert response.status_code == 503 and response.json()["broker"].startswith("down")


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
