"""A notice whose task message never reached the broker (Redis down when the change
committed) is not lost: the change stands, and the periodic look tells it once, after a
grace period for the task itself and within the catch-up window."""

import logging
from datetime import timedelta

import pytest
from django.utils import timezone
from kombu.exceptions import OperationalError

from accounts.models import OutboundMail
from accounts.services.clubs import join_request_create, join_request_decide
from notifications import tasks
from notifications.models import Notification
from notifications.services.events import CATCH_UP, GRACE
from notifications.services.scan import notifications_scan
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import ResultReport

pytestmark = pytest.mark.django_db


@pytest.fixture
def broker_down(monkeypatch):
    def refuse(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    for name in ("result_report_notify_task", "join_request_notify_task",
                 "ruling_notify_task", "chouette_session_notify_task"):
        monkeypatch.setattr(getattr(tasks, name), "delay", refuse)


def _reported(committed, final, bob):
    return committed(services.match_result_report, match=final, by=bob, winner=bob.player.pk,
                     score_a=7 if final.player_a == bob.player else 3,
                     score_b=3 if final.player_a == bob.player else 7)


def test_a_report_made_while_the_broker_is_down_is_told_by_the_next_look(
        final, bob, committed, broker_down, caplog):
    with caplog.at_level(logging.ERROR):
        report = _reported(committed, final, bob)
    assert ResultReport.objects.get(pk=report.pk).status == "pending"  # the change stands
    assert not Notification.objects.exists()

    notifications_scan(now=timezone.now())  # within the grace: the task may still come
    assert not Notification.objects.exists()

    later = timezone.now() + GRACE + timedelta(seconds=1)
    notifications_scan(now=later)
    [note] = Notification.objects.all()
    assert note.user.username == "ann" and "Bob reported your match" in note.text
    assert list(OutboundMail.objects.values_list("to", flat=True)) == ["ann@example.org"]

    notifications_scan(now=later + timedelta(minutes=1))  # the next look: told already
    assert Notification.objects.count() == 1 and OutboundMail.objects.count() == 1


def test_a_dispute_and_an_answered_request_are_caught_up_too(final, bob, alice, club,
                                                             committed, broker_down):
    report = _reported(committed, final, bob)
    ann = final.player_b if final.player_a == bob.player else final.player_a
    committed(services.match_result_dispute, report=report, by=ann.user, reason="I won it")
    club.join_requests_open = True
    club.save()
    request = join_request_create(club=club, user=UserFactory(username="yann"), name="Yann")
    committed(join_request_decide, request=request, approve=True, by=alice)
    assert not Notification.objects.exists()

    notifications_scan(now=timezone.now() + GRACE + timedelta(seconds=1))
    kinds = sorted(Notification.objects.values_list("user__username", "kind"))
    # Ann is not told of a report she has disputed herself: only what is still news.
    assert kinds == [("bob", "report_disputed"), ("yann", "membership")]


def test_an_event_older_than_the_catch_up_window_is_news_no_more(final, bob, committed,
                                                                 broker_down):
    _reported(committed, final, bob)
    notifications_scan(now=timezone.now() + CATCH_UP + timedelta(minutes=1))
    assert not Notification.objects.exists()


def test_the_look_does_not_repeat_a_notice_its_task_gave(final, bob, committed):
    _reported(committed, final, bob)  # the broker is up: the task tells Ann
    assert Notification.objects.count() == 1
    notifications_scan(now=timezone.now() + GRACE + timedelta(seconds=1))
    assert Notification.objects.count() == 1 and OutboundMail.objects.count() == 1
