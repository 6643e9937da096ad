"""The client's address for every rate limit (issue 25.3): the connection's unless
NUM_PROXIES names proxies of ours in front. A made-up X-Forwarded-For lifts nothing: not the
login form's pause, not the anonymous API's, not the close-login form's, not allauth's."""


import pytest
from django.core.cache import cache
from django.test import RequestFactory
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.throttling import client_address
from tests.helpers import new_address

pytestmark = pytest.mark.django_db

SPOOF = "10.9.8.7"


@pytest.fixture
def proxies(settings):
    """Say how many proxies stand in front, to all three readers at once (as settings do)."""
    def set_proxies(count: int):
        settings.NUM_PROXIES = count
        settings.ALLAUTH_TRUSTED_PROXY_COUNT = count
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": count}

    return set_proxies


@pytest.fixture
def address():
    return new_address()


def test_the_three_readers_of_the_client_address_agree_by_default():
    from config import settings

    assert settings.NUM_PROXIES == 0
    assert settings.REST_FRAMEWORK["NUM_PROXIES"] == 0
    assert settings.ALLAUTH_TRUSTED_PROXY_COUNT == 0


def test_the_address_is_the_connections_unless_proxies_are_named(settings):
    request = RequestFactory().get("/", REMOTE_ADDR="192.0.2.1",
                                   HTTP_X_FORWARDED_FOR=f"{SPOOF}, 198.51.100.7")
    settings.NUM_PROXIES = 0
    assert client_address(request) == "192.0.2.1"
    settings.NUM_PROXIES = 1  # the right-most: what our proxy saw
    assert client_address(request) == "198.51.100.7"
    settings.NUM_PROXIES = 2
    assert client_address(request) == SPOOF
    settings.NUM_PROXIES = 1
    assert client_address(RequestFactory().get("/", REMOTE_ADDR="192.0.2.1")) == "192.0.2.1"


def _login(client, address, username="bob", password="wrong", **headers):
    return client.post(reverse("account_login"), {"login": username, "password": password},
                       REMOTE_ADDR=address, **headers)


def test_a_made_up_forwarded_for_does_not_lift_the_login_pause(client, rates, bob, address):
    rates(login="5/minute")
    codes = [_login(client, address).status_code for _ in range(6)]
    assert codes == [200] * 5 + [429]
    assert _login(client, address, HTTP_X_FORWARDED_FOR=SPOOF).status_code == 429
    assert _login(client, address, password="correct horse battery",
                  HTTP_X_FORWARDED_FOR=SPOOF).status_code == 429


def test_a_made_up_forwarded_for_does_not_lift_the_anonymous_api_pause(rates, address):
    rates(anon="6/minute")
    api = APIClient(REMOTE_ADDR=address)
    codes = [api.get(reverse("club-list")).status_code for _ in range(7)]
    assert codes == [200] * 6 + [429]
    assert api.get(reverse("club-list"), HTTP_X_FORWARDED_FOR=SPOOF).status_code == 429
    assert api.get(reverse("club-list"),
                   HTTP_X_FORWARDED_FOR=f"{SPOOF}, {new_address()}").status_code == 429


def test_a_made_up_forwarded_for_does_not_lift_the_close_login_pause(client, rates, bob,
                                                                     address):
    rates(login_ip="6/minute")
    client.force_login(bob)
    url = reverse("accounts:my-data-close")
    codes = [client.post(url, {"password": "wrong"}, REMOTE_ADDR=address).status_code
             for _ in range(7)]
    assert codes == [400] * 6 + [429]
    assert client.post(url, {"password": "wrong"}, REMOTE_ADDR=address,
                       HTTP_X_FORWARDED_FOR=SPOOF).status_code == 429
    bob.refresh_from_db()
    assert bob.is_active


def test_a_made_up_forwarded_for_does_not_lift_allauths_own_limit(client, rates, settings,
                                                                  address):
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "login_failed": "3/m/ip"}
    for n in range(3):
        assert "are not correct" in _login(client, address, f"nobody{n}").content.decode()
    body = _login(client, address, "nobody9", HTTP_X_FORWARDED_FOR=SPOOF).content.decode()
    assert "Too many failed login attempts" in body


def test_behind_one_proxy_the_right_most_forwarded_address_is_the_clients(client, rates,
                                                                          proxies, address):
    """The proxy (127.0.0.1) appends the client's address; whatever the client wrote before
    it is ignored, and another client behind the same proxy is not held back."""
    proxies(1)
    rates(login_ip="6/minute")
    other = new_address()

    def attempt(forwarded, username):
        return _login(client, "127.0.0.1", username, HTTP_X_FORWARDED_FOR=forwarded)

    codes = [attempt(address, f"someone{n}").status_code for n in range(7)]
    assert codes == [200] * 6 + [429]
    assert attempt(f"{SPOOF}, {address}", "someone7").status_code == 429
    assert attempt(f"{address}, {other}", "someone8").status_code == 200


def test_behind_one_proxy_allauth_counts_the_same_client(client, proxies, settings, address):
    proxies(1)
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "login_failed": "3/m/ip"}
    for n in range(3):
        _login(client, "127.0.0.1", f"nobody{n}", HTTP_X_FORWARDED_FOR=address)
    spoofed = _login(client, "127.0.0.1", "nobody8", HTTP_X_FORWARDED_FOR=f"{SPOOF}, {address}")
    assert "Too many failed login attempts" in spoofed.content.decode()
    other = _login(client, "127.0.0.1", "nobody9", HTTP_X_FORWARDED_FOR=new_address())
    assert "are not correct" in other.content.decode()


@pytest.fixture(autouse=True)
def _forget_addresses():
    yield
    cache.clear()
