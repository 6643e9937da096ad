import pytest
from django.urls import reverse

from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def test_clubs_are_public_and_paginated(client):
    ClubFactory.create_batch(30)
    body = client.get(reverse("club-list")).json()
    assert body["count"] == 30 and len(body["results"]) == 25 and body["next"]


def test_players_need_a_login(client, club):
    assert client.get(reverse("player-list")).status_code == 403


def test_players_filter_by_club(client, bob, dave, club):
    client.force_login(bob)
    body = client.get(reverse("player-list"), {"club": "riverside"}).json()
    assert [p["name"] for p in body["results"]] == ["Bob"]


def test_player_list_constant_queries(client, bob, club, django_assert_max_num_queries):
    MembershipFactory.create_batch(20, club=club)
    client.force_login(bob)
    # session + user + count + players + prefetch memberships (with clubs): no per-player query.
    with django_assert_max_num_queries(6):
        assert client.get(reverse("player-list")).status_code == 200


def test_clubs_api_is_read_only(client, alice):
    client.force_login(alice)
    assert client.post(reverse("club-list"), {"name": "X"}).status_code == 405


def test_openapi_schema_and_docs_are_served_locally(client):
    schema = client.get(reverse("api-schema"))
    assert schema.status_code == 200 and b"/api/clubs/" in schema.content
    docs = client.get(reverse("api-docs")).content.decode()
    assert "swagger" in docs.lower() and "cdn" not in docs.lower()


def test_openapi_schema_generates_without_warnings():
    from django.core.management import call_command

    call_command("spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null")
