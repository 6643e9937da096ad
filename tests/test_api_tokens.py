"""API tokens: shown in the OpenAPI schema, made and revoked by their owner on the account
page; a token client reads and writes through the API, a revoked or replaced token gets 401.
"""

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from chouette.models import ChouetteSession

pytestmark = pytest.mark.django_db

TOKENS = "/accounts/tokens/"


def _token_client(key: str) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return api


def _create_token(client, user) -> str:
    client.force_login(user)
    assert client.post(TOKENS, {"action": "create"}).status_code == 302
    return Token.objects.get(user=user).key


def _start_a_session(api, club, players):
    return api.post(reverse("chouette-session-start-api", kwargs={"slug": club.slug}),
                    {"date": "2026-03-06", "stake": "1.00",
                     "players": [p.pk for p in players]}, format="json")


def test_the_schema_lists_the_token_scheme(client):
    schema = client.get(reverse("api-schema"), {"format": "json"}).json()
    scheme = schema["components"]["securitySchemes"]["tokenAuth"]
    assert scheme["in"] == "header" and scheme["name"] == "Authorization"
    assert 'prefix "Token"' in scheme["description"]
    # Every operation accepts it (beside the browser's session).
    club_list = schema["paths"]["/api/clubs/"]["get"]
    assert {"tokenAuth": []} in club_list["security"]


def test_the_token_page_is_for_signed_in_users(client):
    response = client.get(TOKENS)
    assert response.status_code == 302 and response["Location"].startswith(reverse("account_login"))
    assert client.post(TOKENS, {"action": "create"}).status_code == 302
    assert not Token.objects.exists()


def test_the_url_name_is_the_token_page():
    assert reverse("accounts:tokens") == TOKENS


def test_a_user_creates_a_token_and_sees_it(client, bob):
    client.force_login(bob)
    assert "You have no API token" in client.get(TOKENS).content.decode()
    key = _create_token(client, bob)
    page = client.get(TOKENS).content.decode()
    assert key in page and "Revoke" in page


def test_the_token_page_posts_need_the_csrf_token(bob):
    client = Client(enforce_csrf_checks=True)
    client.force_login(bob)
    assert client.post(TOKENS, {"action": "create"}).status_code == 403
    assert not Token.objects.exists()


def test_a_token_client_reads_and_writes_through_the_api(client, club, alice, bob):
    api = _token_client(_create_token(client, alice))
    response = api.get(reverse("chouette-session-list"))
    assert response.status_code == 200, response.content
    response = _start_a_session(api, club, [alice.player, bob.player])
    assert response.status_code == 201, response.content
    assert ChouetteSession.objects.get(pk=response.json()["id"]).created_by == alice


def test_a_token_write_keeps_the_users_rights(client, club, alice, bob):
    """A token is its user: Bob (a player) may not start a chouette through it."""
    api = _token_client(_create_token(client, bob))
    assert _start_a_session(api, club, [alice.player, bob.player]).status_code == 403
    assert not ChouetteSession.objects.exists()


def test_a_revoked_token_gets_401(client, club, alice, bob):
    api = _token_client(_create_token(client, alice))
    assert api.get(reverse("chouette-session-list")).status_code == 200
    assert client.post(TOKENS, {"action": "revoke"}).status_code == 302
    assert not Token.objects.filter(user=alice).exists()
    response = api.get(reverse("chouette-session-list"))
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    response = _start_a_session(api, club, [alice.player, bob.player])
    assert response.status_code == 401 and not ChouetteSession.objects.exists()


def test_a_replaced_token_stops_working(client, alice):
    old = _create_token(client, alice)
    new = _create_token(client, alice)
    assert old != new
    assert _token_client(old).get(reverse("chouette-session-list")).status_code == 401
    assert _token_client(new).get(reverse("chouette-session-list")).status_code == 200


def test_revoking_without_a_token_says_so(client, bob):
    client.force_login(bob)
    response = client.post(TOKENS, {"action": "revoke"}, follow=True)
    assert "no token to revoke" in response.content.decode()


def test_a_request_without_credentials_still_gets_403(club, alice, bob):
    """The browser and anonymous readers keep their answer: no token challenge for them."""
    response = _start_a_session(APIClient(), club, [alice.player, bob.player])
    assert response.status_code == 403
