"""Rate limits: the API (anonymous per address, signed-in per user) and the login form.

Low rates are set per test; every test uses its own random client address (and clears the
per-user keys it uses), so the history another test or run left in the cache (local memory,
or a Redis shared between runs) is never counted.
"""


import pytest
from django.core.cache import cache
from django.urls import reverse
from rest_framework.test import APIClient

from tests.helpers import new_address

pytestmark = pytest.mark.django_db



@pytest.fixture
def address():
    """A client address of this test only (and its cache keys removed afterwards)."""
    ip = new_address()
    yield ip
    cache.delete_many([f"throttle_anon_{ip}", f"throttle_login-ip_{ip}"])


def test_the_settings_have_sane_default_rates():
    from config.settings import REST_FRAMEWORK

    rates = REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    assert set(rates) == {"anon", "user", "login", "login-ip", "uploads"}
    assert all(rate.split("/")[1] in ("second", "minute", "hour", "day")
               for rate in rates.values())


def test_an_anonymous_client_over_the_rate_gets_429_with_retry_after(rates, address):
    rates(anon="3/minute")
    api = APIClient(REMOTE_ADDR=address)
    for _ in range(3):
        assert api.get(reverse("club-list")).status_code == 200
    response = api.get(reverse("club-list"))
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= 60
    assert response.json()["detail"].startswith("Request was throttled.")
    # Another address is not held back.
    assert APIClient(REMOTE_ADDR=new_address()).get(reverse("club-list")).status_code == 200


def test_a_signed_in_client_is_limited_per_user_not_per_address(rates, bob, carol):
    rates(user="2/minute", anon="1/minute")
    cache.delete_many([f"throttle_user_{bob.pk}", f"throttle_user_{carol.pk}"])
    api = APIClient(REMOTE_ADDR=new_address())
    api.force_authenticate(bob)
    assert [api.get(reverse("player-list")).status_code for _ in range(3)] == [200, 200, 429]
    api.force_authenticate(carol)  # same address, another user
    assert api.get(reverse("player-list")).status_code == 200
    cache.delete_many([f"throttle_user_{bob.pk}", f"throttle_user_{carol.pk}"])


def test_a_token_client_is_throttled_too(client, rates, alice):
    rates(user="1/minute")
    client.force_login(alice)
    client.post(reverse("accounts:tokens"), {"action": "create"})
    api = APIClient(REMOTE_ADDR=new_address())
    api.credentials(HTTP_AUTHORIZATION=f"Token {alice.auth_token.key}")
    cache.delete(f"throttle_user_{alice.pk}")
    assert [api.get(reverse("club-list")).status_code for _ in range(2)] == [200, 429]
    cache.delete(f"throttle_user_{alice.pk}")


def _login(client, address, username="bob", password="wrong"):
    return client.post(reverse("account_login"), {"login": username, "password": password},
                       REMOTE_ADDR=address)


def test_the_login_form_pauses_after_too_many_attempts(client, rates, bob, address):
    rates(login="3/minute")
    for _ in range(3):
        response = _login(client, address)
        assert response.status_code == 200 and "are not correct" in response.content.decode()
    response = _login(client, address, password="correct horse battery")
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= 60
    body = response.content.decode()
    assert "Too many login attempts" in body and "try again in" in body
    assert "_auth_user_id" not in client.session  # the right password did not get in


def test_the_login_pause_is_per_username(client, rates, bob, carol, address):
    rates(login="2/minute")
    assert [_login(client, address).status_code for _ in range(3)] == [200, 200, 429]
    response = _login(client, address, "carol", "correct horse battery")
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(carol.pk)


def test_the_login_form_pauses_an_address_trying_many_usernames(client, rates, address):
    rates(login_ip="3/minute")
    codes = [_login(client, address, f"user{n}").status_code for n in range(4)]
    assert codes == [200, 200, 200, 429]


def test_a_login_within_the_limit_works(client, rates, bob, address):
    rates(login="1/minute")
    response = _login(client, address, password="correct horse battery")
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(bob.pk)


def test_the_login_page_itself_is_not_counted(client, rates, address):
    rates(login="1/minute", login_ip="1/minute")
    for _ in range(3):
        assert client.get(reverse("account_login"), REMOTE_ADDR=address).status_code == 200
    assert _login(client, address).status_code == 200


def test_uploads_through_the_api_have_a_stricter_rate_of_their_own(client, rates, bob, club):
    from tests.factories import sample_bytes

    rates(uploads="1/hour")
    client.force_login(bob)
    cache.delete(f"throttle_uploads_{bob.pk}")
    url = reverse("match-upload-api", args=[club.slug])
    try:
        first = client.post(url, {"file": _file("a.mat", sample_bytes("7point.mat"))})
        second = client.post(url, {"file": _file("b.mat", b"no matter")})
        assert (first.status_code, second.status_code) == (202, 429)
        assert client.get(reverse("club-list")).status_code == 200  # other reads go on
    finally:
        cache.delete(f"throttle_uploads_{bob.pk}")


def _file(name, data):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, data)
