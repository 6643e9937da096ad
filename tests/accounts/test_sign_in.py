"""Sign-in through allauth: by username or email, no public sign-up, the admin's login is
the site's, and every mail allauth sends is a row of the outbox (never SMTP in the request)."""

import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import OutboundMail
from notifications.models import Notification
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery"


@pytest.fixture
def ann():
    return UserFactory(username="ann", email="ann@example.org")


def test_a_login_signs_in_by_username(client, ann):
    response = client.post(reverse("account_login"), {"login": "ann", "password": PASSWORD})
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(ann.pk)


def test_a_login_signs_in_by_email_address_too(client, ann):
    response = client.post(reverse("account_login"), {"login": "Ann@Example.org",
                                                      "password": PASSWORD})
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(ann.pk)


def test_a_wrong_password_does_not_sign_in(client, ann):
    response = client.post(reverse("account_login"), {"login": "ann@example.org",
                                                      "password": "wrong"})
    assert response.status_code == 200 and "_auth_user_id" not in client.session


def test_signed_in_by_email_the_top_bar_still_counts_the_unread(client, ann):
    # The user is loaded with the unread count (accounts.auth, notifications' annotation).
    Notification.objects.create(user=ann, kind="membership", key="k", text="Welcome")
    client.post(reverse("account_login"), {"login": "ann@example.org", "password": PASSWORD})
    page = client.get(reverse("clubs:home")).content.decode()
    assert 'aria-label="1 unread"' in page


def test_public_sign_up_is_closed(client):
    page = client.get(reverse("account_signup"))
    assert "Sign Up Closed" in page.content.decode()
    client.post(reverse("account_signup"), {
        "username": "mallory", "email": "m@example.org", "password1": "a-long-Passphrase-42",
        "password2": "a-long-Passphrase-42"})
    from django.contrib.auth import get_user_model

    assert not get_user_model().objects.filter(username="mallory").exists()


def test_the_admin_signs_in_through_the_site_s_login(client):
    response = client.get("/admin/login/?next=/admin/")
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_allauth_mail_is_queued_in_the_outbox_not_sent_in_the_request(client, ann, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    client.post(reverse("account_reset_password"), {"email": "ann@example.org"})
    assert mail.outbox == []
    queued = OutboundMail.objects.get()
    assert (queued.to, queued.kind, queued.status) == ("ann@example.org", "password_reset",
                                                      "pending")
    assert "/accounts/password/reset/key/" in queued.body


def test_the_outbox_sends_allauth_s_mail_after_the_commit(
        client, ann, settings, django_capture_on_commit_callbacks):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("account_reset_password"), {"email": "ann@example.org"})
    assert [m.to for m in mail.outbox] == [["ann@example.org"]]
    assert OutboundMail.objects.get().status == "sent"
