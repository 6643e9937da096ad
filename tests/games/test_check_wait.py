"""A check that stays queued: the page says for how long, and tells the club's admins when
no worker is answering (no finished check, no answered heartbeat since it was queued)."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone, translation

from games.models import RulesCheck
from games.selectors.match import CheckWait, check_wait
from games.services.match_import import match_import
from ops.models import WorkerHeartbeat
from tests.factories import sample_bytes

pytestmark = pytest.mark.django_db

NAME = "gnubg_roll_then_resign_1p.mat"
#: Fourteen minutes, and the seconds a slow machine takes between the fixture and the page.
FOURTEEN = r"queued for 14 minutes( \d+ seconds?)?\."


@pytest.fixture
def queued(club, django_capture_on_commit_callbacks):
    # No worker: the task is never sent (the on-commit callback is captured, not run).
    with django_capture_on_commit_callbacks(execute=False):
        record = match_import(club=club, data=sample_bytes(NAME), filename=NAME)
    RulesCheck.objects.filter(record=record).update(
        queued_at=timezone.now() - timedelta(minutes=14))
    record.rules_check.refresh_from_db()
    return record


def test_page_says_how_long_the_check_has_been_queued(client, bob, queued):
    client.force_login(bob)
    html = client.get(queued.get_absolute_url()).content.decode()
    assert re.search("has been " + FOURTEEN, html)
    assert 'data-testid="worker-hint"' not in html  # a player gets no admin hint


def test_admin_is_told_the_worker_is_not_answering(client, alice, queued):
    client.force_login(alice)
    html = client.get(queued.get_absolute_url()).content.decode()
    assert 'data-testid="worker-hint"' in html
    assert "the background worker is not answering" in html
    assert "since this site started" in html


def test_admin_sees_when_a_worker_last_answered(client, alice, queued):
    WorkerHeartbeat.objects.create(token="t1", processed_at=timezone.now() - timedelta(hours=3))
    client.force_login(alice)
    html = client.get(queued.get_absolute_url()).content.decode()
    assert "not answering" in html and "3\xa0hours ago" in html


def test_no_hint_when_a_worker_answered_after_the_check_was_queued(client, alice, queued):
    WorkerHeartbeat.objects.create(token="t2",
                                   processed_at=timezone.now() - timedelta(minutes=1))
    client.force_login(alice)
    html = client.get(queued.get_absolute_url()).content.decode()
    assert re.search(FOURTEEN, html) and "not answering" not in html


def test_fresh_check_is_not_stale(queued):
    check = queued.rules_check
    check.queued_at = timezone.now() - timedelta(seconds=20)
    wait = check_wait(check=check, with_worker=True)
    assert not wait.stale and not wait.worker_silent
    assert wait.waited_text.endswith("seconds")


def test_finished_check_has_no_wait(queued):
    check = queued.rules_check
    check.status = RulesCheck.Status.PASSED
    assert check_wait(check=check) is None


@pytest.mark.parametrize(("seconds", "text"), [
    (1, "1 second"), (14 * 60 + 5, "14 minutes 5 seconds"), (3 * 3600 + 60, "3 hours 1 minute"),
    (2 * 86400 + 4 * 3600 + 7, "2 days 4 hours"),
])
def test_waited_text(seconds, text):
    assert CheckWait(timedelta(seconds=seconds), False, None).waited_text == text


@pytest.mark.parametrize("language", ["da", "de", "it", "ja"])
def test_waited_text_in_every_language(language):
    with translation.override(language):
        for seconds in (0, 1, 14 * 60 + 5, 2 * 86400 + 4 * 3600):
            wait = CheckWait(timedelta(seconds=seconds), False, None)
            with translation.override("en"):
                english = wait.waited_text
            assert wait.waited_text != english and str(seconds // 86400 or "") in english
