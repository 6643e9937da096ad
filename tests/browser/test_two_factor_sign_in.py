"""A club admin with an authenticator app signs in on a phone: the password, then the code;
the manage page no longer recommends two-factor sign-in, and nothing runs off the edge."""

import time

import pytest
from allauth.mfa.totp.internal.auth import TOTP, format_hotp_value, hotp_value

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"


@pytest.fixture(autouse=True)
def _a_step_either_side(settings):
    settings.MFA_TOTP_TOLERANCE = 1  # no test waits on a clock


def _fits(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url} is {width} px wide"


def test_an_admin_with_an_authenticator_app_signs_in_with_its_code(phone, live_server, club,
                                                                   alice):
    TOTP.activate(alice, SECRET)
    phone.goto(f"{live_server.url}/accounts/login/?next=/clubs/{club.slug}/manage/")
    _fits(phone)
    phone.fill("#id_login", "alice")
    phone.fill("#id_password", "correct horse battery")
    phone.click("button[type=submit]")
    phone.wait_for_url(f"{live_server.url}/accounts/2fa/authenticate/*")
    _fits(phone)
    assert "alice" not in phone.inner_text("header")  # not signed in yet
    phone.fill("input[name=code]", format_hotp_value(hotp_value(SECRET,
                                                                int(time.time()) // 30)))
    phone.click("button[type=submit]")
    phone.wait_for_url(f"{live_server.url}/clubs/{club.slug}/manage/")
    assert "alice" in phone.inner_text("header")
    assert phone.locator("[data-testid=two-factor-notice]").count() == 0


def test_an_admin_without_one_is_shown_the_way_to_set_it_up(page, login, live_server, club,
                                                            alice):
    login("alice")
    page.goto(f"{live_server.url}/clubs/{club.slug}/manage/")
    notice = page.locator("[data-testid=two-factor-notice]")
    assert notice.is_visible()
    notice.get_by_role("link", name="Set it up").click()
    page.wait_for_url(f"{live_server.url}/accounts/reauthenticate/*")  # the password again
    page.fill("#id_password", "correct horse battery")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/accounts/2fa/totp/activate/")
    assert page.locator("input[name=code]").count() == 1  # the app's first code
