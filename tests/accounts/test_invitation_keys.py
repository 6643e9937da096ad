"""An invitation is not a key (issue 31). Addresses are compared exactly, in the form the
mail server is given them: on PostgreSQL ``UPPER('ı')`` is ``'I'``, and an invitation to
``bob@rıverside.example`` (mailed to ``xn--rverside-tkb.example``, a domain anyone may
register) signed its holder in as the login holding ``bob@riverside.example``. No link signs
anyone in by itself; a link's token reaches no log; closing a login wipes only its own mails;
and a club sends a bounded number of invitations a day.

These run on both databases; the look-alike ones failed on PostgreSQL only (SQLite's
``LIKE`` folds ASCII letters only)."""

import logging
import re
from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from django.urls import reverse

from accounts import selectors
from accounts.addresses import AddressError, address_normalise
from accounts.models import Invitation, OutboundMail
from accounts.services.closing import account_close
from accounts.services.invitations import (
    InvitationError,
    InvitationLimit,
    invitation_create,
    invitation_resend,
)
from accounts.services.language import recipient_language
from clubs.models import Membership
from config.logs import REDACTED, redact
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

BOB = "bob@riverside.example"
LOOK_ALIKE = "bob@r\u0131verside.example"  # a dotless ı
MAILED_TO = "bob@xn--rverside-tkb.example"  # what the mail server is given
PASSWORD = "correct horse battery"


@pytest.fixture
def victim(db):
    """A login holding BOB, verified, without a second factor (a staff login, even)."""
    return UserFactory(username="bobby", email=BOB, is_staff=True)


def _page(token: str) -> str:
    return reverse("accounts:invitation-accept", args=[token])


def _api(token: str) -> str:
    return reverse("invitation-accept-api", args=[token])


def _signed_in_as(client) -> str | None:
    response = client.get(reverse("me-api"))
    return response.json()["username"] if response.status_code == 200 else None


# --------------------------------------------------------------------------- 31.1 addresses


def test_an_address_is_stored_as_the_mail_server_is_given_it():
    assert address_normalise(LOOK_ALIKE) == MAILED_TO
    assert address_normalise(" Bob@Riverside.EXAMPLE ") == BOB
    for refused in ("b\u00f3b@riverside.example", "bob@", "@riverside.example", "bob"):
        with pytest.raises(AddressError):
            address_normalise(refused)


def test_a_look_alike_invitation_signs_nobody_in_as_the_address_s_holder(
        client, other_club, dave, victim):
    sent = invitation_create(club=other_club, email=LOOK_ALIKE, name="Bob", role="admin",
                             invited_by=dave)
    client.post(_page(sent.token))  # Mallory, signed out, presses the button
    assert _signed_in_as(client) is None  # was: "bobby"
    assert not Membership.objects.filter(club=other_club, player__user=victim).exists()
    assert Invitation.objects.get(pk=sent.invitation.pk).accepted_at is None
    page = client.get(_page(sent.token)).content.decode()
    assert "Create my login and join" in page  # nobody holds the look-alike address
    assert selectors.login_with_verified_address(email=LOOK_ALIKE) is None
    assert selectors.login_with_verified_address(email=BOB) == victim
    assert sent.invitation.email == MAILED_TO
    assert OutboundMail.objects.get(kind="invitation").to == MAILED_TO


def test_a_login_holding_the_look_alike_of_an_address_does_not_hold_the_address(
        client, other_club, dave, victim):
    """Stored before this fix (as typed, with its dotless ı): still never matches BOB."""
    otto = UserFactory(username="otto", email="otto@example.org")
    EmailAddress.objects.create(user=otto, email=LOOK_ALIKE, verified=True, primary=False)
    sent = invitation_create(club=other_club, email=BOB, name="Bob", invited_by=dave)
    assert selectors.login_with_verified_address(email=BOB) == victim
    assert not selectors.holds_verified_address(user=otto, email=BOB)
    client.force_login(otto)
    assert client.post(_page(sent.token)).status_code == 403
    assert client.post(_api(sent.token)).status_code == 403
    assert Invitation.objects.get(pk=sent.invitation.pk).accepted_at is None


def test_the_language_of_a_mail_asks_the_same_exact_lookup(victim, settings):
    from accounts.services.language import account_language_set

    account_language_set(user=victim, language="ja")
    assert recipient_language(email=BOB) == "ja"
    assert recipient_language(email=LOOK_ALIKE) == settings.LANGUAGE_CODE


def test_an_address_the_mail_server_cannot_be_given_is_refused_clearly(client, club, alice):
    with pytest.raises(InvitationError, match="plain letters"):
        invitation_create(club=club, email="b\u00f3b@riverside.example", name="Bob")
    client.force_login(alice)
    page = client.post(reverse("accounts:club-invitations", args=["riverside"]), {
        "form": "one", "one-name": "Bob", "one-email": "b\u00f3b@riverside.example",
        "one-role": "player"})
    assert page.status_code == 400  # the form's own address check, or the service's
    api = client.post(reverse("invitation-list-api", args=["riverside"]),
                      {"email": "b\u00f3b@riverside.example", "name": "Bob"},
                      content_type="application/json")
    assert api.status_code == 400 and "plain letters" in api.json()["detail"]
    assert not Invitation.objects.exists() and not OutboundMail.objects.exists()


def test_a_look_alike_address_added_to_a_login_is_stored_as_mailed(client):
    otto = UserFactory(username="otto", email="otto@example.org")
    client.force_login(otto)
    client.post(reverse("account_email"), {"action_add": "", "email": LOOK_ALIKE})
    assert set(EmailAddress.objects.filter(user=otto).values_list("email", flat=True)) == {
        "otto@example.org", MAILED_TO}


def test_a_reset_request_for_a_look_alike_address_mails_nobody_s_key(client, victim):
    client.post(reverse("account_reset_password"), {"email": LOOK_ALIKE})
    assert not OutboundMail.objects.filter(kind="password_reset").exists()
    client.post(reverse("account_reset_password"), {"email": BOB.upper()})
    assert OutboundMail.objects.get(kind="password_reset").to == BOB


def test_a_new_login_s_name_is_plain_ascii(client, other_club, dave):
    UserFactory(username="bob")
    sent = invitation_create(club=other_club, email="new@example.org", name="New",
                             invited_by=dave)
    response = client.post(_page(sent.token), {
        "username": "b\u0131b", "password1": "a-long-Passphrase-42",
        "password2": "a-long-Passphrase-42"})
    assert response.status_code == 400
    assert not EmailAddress.objects.filter(email="new@example.org").exists()


# --------------------------------------------------------------------------- 31.2 no key


def test_a_forwarded_link_signed_out_asks_the_holder_to_sign_in(client, other_club, dave,
                                                                victim):
    sent = invitation_create(club=other_club, email=BOB, name="Bob", role="admin",
                             invited_by=dave)
    page = client.get(_page(sent.token)).content.decode()
    assert "sign in</a> as it, then accept" in page and "password1" not in page
    assert client.post(_page(sent.token)).status_code == 403
    assert client.post(_page(sent.token), {"username": "mallory", "password1": "x-Long-pw-42",
                                           "password2": "x-Long-pw-42"}).status_code == 403
    assert client.post(_api(sent.token)).status_code in (401, 403)
    assert _signed_in_as(client) is None
    assert not Membership.objects.filter(club=other_club, player__user=victim).exists()
    assert not EmailAddress.objects.filter(user__username="mallory").exists()
    # Bob signs in with his password and accepts.
    assert client.post(reverse("account_login"), {
        "login": "bobby", "password": PASSWORD, "next": _page(sent.token)}
    )["Location"] == _page(sent.token)
    assert client.post(_page(sent.token)).status_code == 302
    assert Membership.objects.get(club=other_club, player__user=victim).role == "admin"


def test_a_holder_with_a_second_factor_passes_it_before_the_link_works(client, other_club,
                                                                      dave, victim):
    Authenticator.objects.create(user=victim, type=Authenticator.Type.TOTP, data={})
    sent = invitation_create(club=other_club, email=BOB, name="Bob", invited_by=dave)
    response = client.post(reverse("account_login"), {
        "login": "bobby", "password": PASSWORD, "next": _page(sent.token)})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("mfa_authenticate"))
    assert _signed_in_as(client) is None
    assert client.post(_page(sent.token)).status_code == 403
    assert Invitation.objects.get(pk=sent.invitation.pk).accepted_at is None


def test_a_password_reset_link_signs_nobody_in(client, victim):
    client.post(reverse("account_reset_password"), {"email": BOB})
    body = OutboundMail.objects.get(kind="password_reset").body
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/key/\S+/)", body).group(1)
    set_password = client.get(link)["Location"]
    client.post(set_password, {"password1": "a-New-long-pass-42",
                               "password2": "a-New-long-pass-42"})
    assert _signed_in_as(client) is None
    assert client.login(username="bobby", password="a-New-long-pass-42")  # then as usual


# --------------------------------------------------------------------------- 31.3 logs


def test_a_wrong_login_s_visit_leaves_no_token_in_the_logs(client, other_club, dave, bob,
                                                           caplog):
    sent = invitation_create(club=other_club, email=BOB, name="Bob", invited_by=dave)
    caplog.set_level(logging.DEBUG)
    client.force_login(bob)  # bob@example.org: not the invited address
    assert client.get(_page(sent.token)).status_code == 200
    assert client.post(_page(sent.token)).status_code == 403
    assert client.post(_api(sent.token)).status_code == 403
    client.logout()
    UserFactory(username="bobby", email=BOB)
    assert client.post(_page(sent.token)).status_code == 403  # signed out, held address
    client.get(reverse("account_login") + f"?next={_page(sent.token)}")
    forbidden = [r.getMessage() for r in caplog.records if r.name == "django.request"]
    assert f"Forbidden: /accounts/invitations/{REDACTED}/" in forbidden
    assert f"Forbidden: /api/invitations/{REDACTED}/accept/" in forbidden
    assert sent.token not in caplog.text
    assert all(sent.token not in str(r.args) for r in caplog.records)


@pytest.mark.parametrize("logger", ["django.server", "django.channels.server",
                                    "uvicorn.access", "gunicorn.access"])
def test_the_access_logs_write_a_link_without_its_token(logger, caplog):
    caplog.set_level(logging.INFO)
    secret = "s3cr3t-T0ken_value"
    paths = [reverse("accounts:invitation-accept", args=[secret]),
             reverse("invitation-accept-api", args=[secret]),
             reverse("account_reset_password_from_key", kwargs={"uidb36": "4",
                                                                "key": secret}),
             reverse("account_confirm_email", args=[secret]),
             f"/accounts/login/?next=%2Faccounts%2Finvitations%2F{secret}%2F"]
    log = logging.getLogger(logger)
    for path in paths:
        # uvicorn's access line; gunicorn's takes a dict of atoms; Django's a request line.
        log.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "GET", path, "1.1", 200)
        log.info("%(r)s %(s)s", {"r": f"GET {path} HTTP/1.1", "s": "200"})
        log.warning(f"Not Found: {path}")
    assert secret not in caplog.text and caplog.text.count(REDACTED) == 3 * len(paths)
    assert all(secret not in str(r.args) for r in caplog.records)


def test_redact_leaves_paths_without_a_secret_alone():
    for path in ["/accounts/password/reset/key/done/", "/accounts/invitations/",
                 "/clubs/riverside/", "/api/clubs/riverside/invitations/7/resend/"]:
        assert redact(path) == path


# --------------------------------------------------------------------------- 31.4 closing


def test_closing_a_login_with_a_look_alike_address_leaves_the_others_mails(club, victim):
    otto = UserFactory(username="otto", email="otto@example.org")
    # Verified before this fix: its confirmation went to the look-alike domain.
    EmailAddress.objects.create(user=otto, email=LOOK_ALIKE, verified=True, primary=False)
    bobs = OutboundMail.objects.create(key="invitation:1", to=BOB, kind="invitation",
                                       subject="Hi", body="For Bob", club=club)
    ottos = OutboundMail.objects.create(key="invitation:2", to=LOOK_ALIKE, kind="invitation",
                                        subject="Hi", body="For Otto", club=club)
    account_close(user=otto, password=PASSWORD)
    bobs.refresh_from_db()
    ottos.refresh_from_db()
    assert (bobs.to, bobs.body, bobs.to_closed_login, bobs.status) == (
        BOB, "For Bob", False, "pending")
    assert (ottos.to, ottos.to_closed_login) == ("", True)


# ------------------------------------------------------------ 31.6 a day's invitations


def test_a_club_sends_a_bounded_number_of_invitations_a_day(client, club, alice, settings):
    settings.INVITATIONS_PER_CLUB_PER_DAY = 2
    first = invitation_create(club=club, email="a@example.org", name="A")
    invitation_create(club=club, email="b@example.org", name="B")
    with pytest.raises(InvitationLimit, match="2 invitations in the last 24 hours"):
        invitation_create(club=club, email="c@example.org", name="C")
    with pytest.raises(InvitationLimit):
        invitation_resend(invitation=first.invitation)
    client.force_login(alice)
    page = client.post(reverse("accounts:club-invitations", args=["riverside"]), {
        "form": "one", "one-name": "C", "one-email": "c@example.org", "one-role": "player"})
    assert page.status_code == 400 and "in the last 24 hours" in page.content.decode()
    api = client.post(reverse("invitation-list-api", args=["riverside"]),
                      {"email": "c@example.org", "name": "C"}, content_type="application/json")
    assert api.status_code == 400 and "in the last 24 hours" in api.json()["detail"]
    assert Invitation.objects.count() == 2
    # A day later the club invites again.
    OutboundMail.objects.update(created_at=OutboundMail.objects.first().created_at
                                - timedelta(days=1, seconds=1))
    assert invitation_create(club=club, email="c@example.org", name="C").invitation.pk
