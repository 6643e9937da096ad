"""Two-factor sign-in (allauth.mfa): a login with an authenticator app gives its code after
the password; club admins and referees without one are told to turn it on."""

import time

import pytest
from allauth.mfa.totp.internal.auth import TOTP, format_hotp_value, hotp_value
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery"
SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"


@pytest.fixture(autouse=True)
def _a_step_either_side(settings):
    # A code of the step before or after is taken too (the test never waits on a clock).
    settings.MFA_TOTP_TOLERANCE = 1


def _code() -> str:
    return format_hotp_value(hotp_value(SECRET, int(time.time()) // 30))


@pytest.fixture
def ann():
    user = UserFactory(username="ann", email="ann@example.org")
    TOTP.activate(user, SECRET)
    return user


def test_a_login_with_an_authenticator_app_gives_its_code_after_the_password(client, ann):
    response = client.post(reverse("account_login"), {"login": "ann", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == reverse("mfa_authenticate")
    assert "_auth_user_id" not in client.session  # not signed in on the password alone
    response = client.post(reverse("mfa_authenticate"), {"code": _code()})
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(ann.pk)


def test_a_wrong_code_does_not_sign_in(client, ann):
    client.post(reverse("account_login"), {"login": "ann", "password": PASSWORD})
    wrong = f"{(int(_code()) + 500_000) % 1_000_000:06d}"
    response = client.post(reverse("mfa_authenticate"), {"code": wrong})
    assert response.status_code == 200 and "_auth_user_id" not in client.session


def test_a_login_without_one_signs_in_with_the_password(client):
    bo = UserFactory(username="bo")
    response = client.post(reverse("account_login"), {"login": "bo", "password": PASSWORD})
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(bo.pk)


def test_a_club_admin_without_two_factor_is_told_on_the_manage_page(client, club, alice):
    client.force_login(alice)
    page = client.get(reverse("clubs:manage", args=[club.slug])).content.decode()
    assert 'data-testid="two-factor-notice"' in page
    assert reverse("mfa_activate_totp") in page


def test_the_notice_goes_once_two_factor_is_on(client, club, alice):
    TOTP.activate(alice, SECRET)
    client.force_login(alice)
    page = client.get(reverse("clubs:manage", args=[club.slug])).content.decode()
    assert 'data-testid="two-factor-notice"' not in page


def test_a_referee_is_told_on_their_account_page_a_player_is_not(client, carol, bob):
    client.force_login(carol)
    assert 'data-testid="two-factor-notice"' in client.get(
        reverse("accounts:my-data")).content.decode()
    client.force_login(bob)
    assert 'data-testid="two-factor-notice"' not in client.get(
        reverse("accounts:my-data")).content.decode()


def test_the_two_factor_page_is_open_to_every_login(client, bob):
    client.force_login(bob)
    assert client.get(reverse("mfa_index")).status_code == 200


def test_the_api_takes_no_password_alone(client, ann):
    # HTTP Basic would sign in with the password, past the second factor.
    import base64

    basic = base64.b64encode(f"ann:{PASSWORD}".encode()).decode()
    response = client.get(reverse("me-api"), HTTP_AUTHORIZATION=f"Basic {basic}")
    assert response.status_code in (401, 403)
