"""notify(): one notification and one mail per event and person, never to whoever caused
it, none for a kind the person turned off; the count in the top bar."""

import pytest
from django.urls import reverse

from accounts.models import OutboundMail
from notifications.context_processors import unread
from notifications.models import Kind, Notification
from notifications.services import notification_kinds_set, notify

pytestmark = pytest.mark.django_db


def _tell(*users, actor=None, key="report:1"):
    return notify(key=key, kind=Kind.RESULT_REPORTED, users=users, actor=actor,
                  subject="Result to confirm", text="Alice reported 7-3 in your semi-final",
                  url="/tournaments/1/")


def test_each_person_is_told_once_per_event(alice, bob, carol):
    bob.email, carol.email = "bob@example.org", ""
    bob.save()
    carol.save()
    _tell(bob, carol)
    _tell(bob, carol)  # the same event again (a retried task, a second call)
    assert Notification.objects.filter(user=bob).count() == 1
    assert Notification.objects.filter(user=carol).count() == 1
    # Carol has no address: on the site only.
    assert list(OutboundMail.objects.values_list("to", flat=True)) == ["bob@example.org"]


def test_whoever_caused_the_event_is_not_told(alice, bob):
    _tell(alice, bob, actor=alice)
    assert list(Notification.objects.values_list("user__username", flat=True)) == ["bob"]


def test_a_kind_turned_off_is_neither_shown_nor_mailed(bob):
    bob.email = "bob@example.org"
    bob.save()
    notification_kinds_set(user=bob, enabled=[k for k in Kind.values
                                              if k != Kind.RESULT_REPORTED])
    _tell(bob)
    assert not Notification.objects.exists() and not OutboundMail.objects.exists()


def test_the_top_bar_counts_the_unread_and_the_page_marks_them_read(client, bob):
    client.force_login(bob)
    assert 'aria-label="1 unread"' not in client.get(reverse("clubs:home")).content.decode()
    _tell(bob)
    assert 'aria-label="1 unread"' in client.get(reverse("clubs:home")).content.decode()
    page = client.get(reverse("notifications:list"))
    assert "Alice reported 7-3" in page.content.decode()
    client.post(reverse("notifications:list"), {"action": "read"})
    assert 'unread"' not in client.get(reverse("clubs:home")).content.decode()


def test_the_count_costs_no_query_of_its_own(client, bob, django_assert_num_queries):
    client.force_login(bob)
    _tell(bob)
    with django_assert_num_queries(3):  # the session, the user with their count, the clubs
        response = client.get(reverse("clubs:home") + "?x")
    assert 'aria-label="1 unread"' in response.content.decode()


def test_a_user_loaded_another_way_is_counted_when_the_page_shows_it(rf, bob):
    _tell(bob)
    request = rf.get("/")
    request.user = bob  # not through the sign-in backend: no annotation
    assert unread(request)["unread_notifications"] == 1


def test_the_settings_page_turns_kinds_off(client, bob):
    client.force_login(bob)
    response = client.post(reverse("notifications:list"), {"kinds": [Kind.MATCH_READY]})
    assert response.status_code == 302
    _tell(bob)
    assert not Notification.objects.exists()


def test_an_unknown_kind_is_a_form_error(client, bob):
    client.force_login(bob)
    assert client.post(reverse("notifications:list"), {"kinds": ["spam"]}).status_code == 400
