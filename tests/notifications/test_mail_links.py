"""A mail's links reach the site that sent it (issue 33, point 1): the one made while
answering a request links to the host that request came to (never a forged one), a
worker's to SITE_URL, else to where bin/serve and bin/web listen; and each link answers."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import RequestFactory

from accounts.models import OutboundMail
from config.site import SiteMiddleware, site_url

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def _links(body: str) -> list[str]:
    return re.findall(r"https?://\S+", body)


def _report_through_the_page(client, final, bob, django_capture_on_commit_callbacks,
                             **extra):
    client.force_login(bob)
    winner = final.player_b
    url = f"/clubs/riverside/tournaments/{final.tournament_id}/play/report/"
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"match": final.pk, "winner": winner.pk, "score_a": 3,
                                     "score_b": 7}, **extra)
    assert response.status_code == 303
    return OutboundMail.objects.get(to="ann@example.org")


def test_a_mail_made_by_a_request_links_to_its_host_and_each_link_answers(
        client, final, bob, django_capture_on_commit_callbacks, settings):
    settings.SITE_URL = ""
    settings.ALLOWED_HOSTS = ["club.test"]
    mail = _report_through_the_page(client, final, bob, django_capture_on_commit_callbacks,
                                    HTTP_HOST="club.test:8765")
    links = _links(mail.body)
    assert len(links) == 2  # confirm the result; choose the mails you get
    assert all(link.startswith("http://club.test:8765/") for link in links)
    assert all(f'href="{link}"' in mail.html_body for link in links)
    ann = final.player_b if final.player_a == bob.player else final.player_a
    client.force_login(ann.user)
    for link in links:
        assert client.get(link, HTTP_HOST="club.test:8765").status_code == 200, link


def test_site_url_when_set_wins_over_the_request(
        client, final, bob, django_capture_on_commit_callbacks, settings):
    settings.SITE_URL = "https://club.example.org"
    mail = _report_through_the_page(client, final, bob, django_capture_on_commit_callbacks)
    assert all(link.startswith("https://club.example.org/") for link in _links(mail.body))


def test_a_forged_host_never_reaches_a_mail(rf: RequestFactory, settings):
    settings.SITE_URL = ""
    settings.LISTEN_URL = "http://127.0.0.1:8765"
    seen = []
    middleware = SiteMiddleware(lambda request: seen.append(site_url()))
    middleware(rf.get("/", HTTP_HOST="evil.example"))
    middleware(rf.get("/", HTTP_HOST="localhost:8765"))
    assert seen == ["http://127.0.0.1:8765", "http://localhost:8765"]
    settings.ALLOWED_HOSTS = ["*"]  # every host allowed: none is trusted
    middleware(rf.get("/", HTTP_HOST="evil.example"))
    assert seen[-1] == "http://127.0.0.1:8765"
    assert site_url() == "http://127.0.0.1:8765"  # no request: where the server listens


def test_a_worker_mail_links_to_where_the_server_listens(settings):
    settings.SITE_URL = ""
    settings.LISTEN_URL = "http://127.0.0.1:8765"
    with pytest.raises(OutboundMail.DoesNotExist):
        OutboundMail.objects.get()
    assert site_url() == "http://127.0.0.1:8765"


def _settings_value(name: str, **env) -> str:
    environment = {k: v for k, v in os.environ.items() if k not in ("SITE_URL", "HOST", "PORT")}
    environment.update(env, DJANGO_SETTINGS_MODULE="config.settings")
    return subprocess.run(
        [sys.executable, "-c", f"from django.conf import settings; print(settings.{name})"],
        cwd=ROOT, env=environment, capture_output=True, text=True, check=True).stdout.strip()


def test_the_listening_address_follows_host_and_port():
    assert _settings_value("LISTEN_URL", PORT="8765") == "http://127.0.0.1:8765"
    assert _settings_value("LISTEN_URL", HOST="0.0.0.0", PORT="80") == "http://127.0.0.1:80"
    assert _settings_value("SITE_URL", SITE_URL="https://club.example.org/") == (
        "https://club.example.org")


def test_bin_serve_passes_host_and_port_to_the_web_server_and_the_workers(tmp_path):
    """`PORT=8765 make run`: bin/serve's runserver and workers see HOST and PORT, the ones
    given and the defaults (a fake BIN records what each was started with)."""
    (tmp_path / "celery").write_text('#!/bin/sh\necho "celery $HOST $PORT" >>"$OUT"\n')
    (tmp_path / "python").write_text(
        '#!/bin/sh\necho "python $HOST $PORT $*" >>"$OUT"\nsleep 1\n')  # the workers start
    for tool in ("celery", "python"):
        (tmp_path / tool).chmod(0o755)
    out = tmp_path / "out"
    environment = {k: v for k, v in os.environ.items() if k not in ("HOST", "PORT")}
    environment.update(BIN=str(tmp_path), OUT=str(out), PORT="8765")
    subprocess.run(["bash", str(ROOT / "bin/serve")], cwd=tmp_path, env=environment,
                   capture_output=True, check=False, timeout=60)
    lines = out.read_text().splitlines()
    assert "python 127.0.0.1 8765 manage.py runserver 127.0.0.1:8765 --noreload" in lines
    assert lines.count("celery 127.0.0.1 8765") == 3


@pytest.mark.parametrize(("site_url", "expected"), [
    ("", "http://testserver/"), ("https://club.example.org", "https://club.example.org/")])
def test_the_invitations_link_goes_to_site_url_else_to_the_admins_site(
        client, club, alice, settings, site_url, expected):
    settings.SITE_URL = site_url
    client.force_login(alice)
    client.post(f"/clubs/{club.slug}/manage/invitations/", {
        "form": "one", "one-email": "erin@example.org", "one-name": "Erin",
        "one-role": "player"})
    [link] = _links(OutboundMail.objects.get(kind="invitation").body)
    assert link.startswith(f"{expected}accounts/invitations/")
    client.logout()
    assert client.get(link.removeprefix(expected.rstrip("/"))).status_code == 200
