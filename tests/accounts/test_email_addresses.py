"""Email addresses: a new address is used only once the link mailed to it (through the
outbox) is opened; logins made before allauth keep their address (a data migration); an
invitation's address is the new login's confirmed one."""

import importlib
import re

import pytest
from allauth.account.models import EmailAddress
from django.apps import apps
from django.contrib.auth import get_user_model
from django.urls import reverse

from accounts.models import OutboundMail
from accounts.services.invitations import invitation_accept_new_user, invitation_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann():
    return UserFactory(username="ann", email="ann@example.org")


def _confirmation_path(mail: OutboundMail) -> str:
    return re.search(r"https?://[^/]+(/accounts/confirm-email/\S+/)", mail.body).group(1)


def test_a_new_address_is_used_once_confirmed_by_the_link_mailed_to_it(client, ann):
    client.force_login(ann)
    response = client.post(reverse("account_email"), {"action_add": "",
                                                      "email": "ann@new.example"})
    assert response.status_code == 302
    mail = OutboundMail.objects.get(kind="email_confirmation")
    assert mail.to == "ann@new.example"
    ann.refresh_from_db()
    assert ann.email == "ann@example.org"  # not before the link is opened
    confirmed = client.post(_confirmation_path(mail))
    assert confirmed.status_code == 302
    ann.refresh_from_db()
    assert ann.email == "ann@new.example"
    assert list(EmailAddress.objects.filter(user=ann).values_list("email", "verified",
                                                                  "primary")) == [
        ("ann@new.example", True, True)]


def test_an_address_another_login_holds_cannot_become_someone_else_s(client, ann):
    bo = UserFactory(username="bo", email="bo@example.org")
    client.force_login(bo)
    client.post(reverse("account_email"), {"action_add": "", "email": "ann@example.org"})
    # (The same answer as for a free address: nobody learns whose address it is.)
    mail = OutboundMail.objects.get(kind="email_confirmation")
    assert mail.to == "ann@example.org"
    client.post(_confirmation_path(mail))  # even if Ann opened the link
    bo.refresh_from_db()
    assert bo.email == "bo@example.org"
    assert not EmailAddress.objects.filter(user=bo, email="ann@example.org",
                                           verified=True).exists()


def test_a_login_made_outside_allauth_gets_its_address_as_confirmed():
    # (As the staff in the admin, createsuperuser or the demo make them.)
    user = get_user_model().objects.create_user("gus", "Gus@Example.org", "x-Passphrase-1")
    assert list(EmailAddress.objects.filter(user=user).values_list("email", "verified",
                                                                   "primary")) == [
        ("gus@example.org", True, True)]


def test_logins_made_before_allauth_get_their_address_as_confirmed():
    migration = importlib.import_module("accounts.migrations.0003_email_addresses")
    UserFactory(username="old", email="Old@Example.org")
    twin = UserFactory(username="twin", email="old@example.org")  # the same address
    UserFactory(username="none", email="")
    EmailAddress.objects.all().delete()  # as before allauth
    migration.forward(apps, None)
    assert list(EmailAddress.objects.values_list("user__username", "email", "verified",
                                                 "primary")) == [
        ("old", "old@example.org", True, True)]
    assert not EmailAddress.objects.filter(user=twin).exists()


def test_an_invitation_s_address_is_the_new_login_s_confirmed_one(club):
    sent = invitation_create(club=club, email="fay@example.org", name="Fay")
    user, _ = invitation_accept_new_user(token=sent.token, username="fay",
                                         password="a-long-Passphrase-42")
    assert list(EmailAddress.objects.filter(user=user).values_list("email", "verified",
                                                                   "primary")) == [
        ("fay@example.org", True, True)]
