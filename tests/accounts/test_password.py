"""Password reset (the same answer for any address, a mail only to a known one, a link that
works once) and change (the login's other sessions are signed out)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import OutboundMail
from tests.conftest import NO_THROTTLE
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
RESET = "/accounts/password/reset/"


@pytest.fixture
def ann():
    user = UserFactory(username="ann", email="ann@example.org")
    user.set_password("old-Passphrase-11")
    user.save()
    return user


def test_the_reset_page_is_where_the_issue_says(ann):
    assert reverse("account_reset_password") == RESET


def test_known_and_unknown_addresses_get_the_same_answer_and_only_one_mail(client, ann):
    known = client.post(RESET, {"email": "ann@example.org"})
    unknown = client.post(RESET, {"email": "nobody@example.org"})
    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])
    assert list(OutboundMail.objects.values_list("to", "kind")) == [
        ("ann@example.org", "password_reset")]


def test_the_link_sets_a_new_password_once(client, ann):
    client.post(RESET, {"email": "ann@example.org"})
    body = OutboundMail.objects.get().body
    link = re.search(r"https?://[^/]+(/accounts/password/reset/\S+/)", body).group(1)
    form = client.get(link, follow=True)  # allauth moves the key into the session
    assert form.status_code == 200 and not form.context.get("token_fail")
    new = {"password1": "new-Passphrase-22", "password2": "new-Passphrase-22"}
    done = client.post(form.redirect_chain[-1][0], new)
    assert done.status_code == 302
    ann.refresh_from_db()
    assert ann.check_password("new-Passphrase-22")
    again = Client().get(link, follow=True)
    assert again.context["token_fail"]


def test_reset_requests_are_throttled_like_the_login(client, ann, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **NO_THROTTLE, "login": "2/minute"}}
    from django.core.cache import cache

    cache.clear()
    answers = [client.post(RESET, {"email": "ann@example.org"}).status_code for _ in range(3)]
    assert answers == [302, 302, 429]
    assert OutboundMail.objects.count() <= 2


def test_a_password_change_signs_out_the_other_sessions(ann):
    here, elsewhere = Client(), Client()
    here.force_login(ann)
    elsewhere.force_login(ann)
    assert elsewhere.get(reverse("accounts:tokens")).status_code == 200
    response = here.post(reverse("account_change_password"), {
        "oldpassword": "old-Passphrase-11", "password1": "new-Passphrase-22",
        "password2": "new-Passphrase-22"})
    assert response.status_code == 302
    assert here.get(reverse("accounts:tokens")).status_code == 200
    assert elsewhere.get(reverse("accounts:tokens")).status_code == 302  # to the login page


def test_a_password_change_is_told_to_the_login_s_address_through_the_outbox(client, ann):
    client.force_login(ann)
    client.post(reverse("account_change_password"), {
        "oldpassword": "old-Passphrase-11", "password1": "new-Passphrase-22",
        "password2": "new-Passphrase-22"})
    assert list(OutboundMail.objects.values_list("to", "kind")) == [
        ("ann@example.org", "password_changed")]


def _answer_only(client, monkeypatch, email):
    """The reset request's answer, and the work it leaves for after the answer (not run)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from accounts import views

    later = []
    monkeypatch.setattr(views, "after_answer",
                        lambda response, work: later.append(work) or response)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(RESET, {"email": email})
    return response, [q["sql"] for q in queries.captured_queries], later


def test_the_answer_takes_the_same_work_for_a_known_and_an_unknown_address(
        client, ann, monkeypatch):
    known, known_sql, known_later = _answer_only(client, monkeypatch, "ann@example.org")
    unknown, unknown_sql, unknown_later = _answer_only(client, monkeypatch,
                                                       "nobody@example.org")
    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])
    assert [t.name for t in known.templates] == [t.name for t in unknown.templates]
    assert known_sql == unknown_sql  # no lookup of the address, no mail, before the answer
    assert not any("emailaddress" in sql or "auth_user" in sql for sql in known_sql)
    assert OutboundMail.objects.count() == 0
    # After the answer: the lookup, and a mail for the known address only.
    known_later[0]()
    unknown_later[0]()
    assert list(OutboundMail.objects.values_list("to", "kind")) == [
        ("ann@example.org", "password_reset")]


def test_a_failure_after_the_answer_is_logged_not_raised(caplog):
    from django.http import HttpResponse

    from accounts.views import after_answer

    response = after_answer(HttpResponse("ok"), lambda: 1 / 0)
    response.close()
    assert "after the answer" in caplog.text
