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
