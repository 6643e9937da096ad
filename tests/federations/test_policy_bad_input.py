"""A policy PUT with bad input gets a 400 and changes nothing (the site-wide sweep,
tests/test_bad_input.py, posts only)."""

import json

import pytest

from federations.models import RatedPolicy

pytestmark = pytest.mark.django_db

GOOD = {"min_length": 3, "event_kinds": ["swiss"], "friendly_if_agreed": False, "live": True,
        "online": True}
BAD = ["[]", '"abc"', "{", "null", "12", json.dumps({}),
       *[json.dumps({**GOOD, key: value}) for key in GOOD
         for value in (None, "x", -1, 0, 10**20, [], {}, ["blitz"], "\x00")
         if not (key == "event_kinds" and value == [])
         and not (isinstance(GOOD[key], bool) and value == 0)]]  # 0: read as False


@pytest.mark.parametrize("body", BAD)
def test_a_bad_federation_policy_is_a_400(client, federation, erik, body):
    client.force_login(erik)
    response = client.put(f"/api/federations/{federation.slug}/policy/", body,
                          content_type="application/json")
    assert response.status_code == 400, (body, response.content)
    assert RatedPolicy.objects.get(federation=federation).min_length == 1


@pytest.mark.parametrize("body", BAD[:8])
def test_a_bad_club_policy_is_a_400(client, club, alice, body):
    client.force_login(alice)
    response = client.put(f"/api/clubs/{club.slug}/rated-policy/", body,
                          content_type="application/json")
    assert response.status_code == 400, (body, response.content)
    assert not RatedPolicy.objects.filter(club=club).exists()
