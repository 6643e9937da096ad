"""The rated-match policies through the API: the federation's (its admins write), a club's
narrowing (its admins write), refused with each reason where it would widen a federation's
policy, nothing saved."""

import pytest

from audit.models import AuditEntry
from federations.models import RatedPolicy

pytestmark = pytest.mark.django_db

NARROW = {"min_length": 3, "event_kinds": ["swiss", "round_robin"], "friendly_if_agreed": False,
          "live": True, "online": True}


def test_anyone_reads_the_federations_policy(client, federation):
    body = client.get(f"/api/federations/{federation.slug}/policy/").json()
    assert body["min_length"] == 1 and body["live"] and body["online"]


def test_the_federation_admin_replaces_the_policy(client, federation, erik):
    client.force_login(erik)
    response = client.put(f"/api/federations/{federation.slug}/policy/", NARROW,
                          content_type="application/json")
    assert response.status_code == 200, response.content
    assert RatedPolicy.objects.get(federation=federation).min_length == 3


def test_a_club_admin_cannot_change_the_federations_policy(client, federation, alice, member):
    client.force_login(alice)
    response = client.put(f"/api/federations/{federation.slug}/policy/", NARROW,
                          content_type="application/json")
    assert response.status_code == 403
    assert RatedPolicy.objects.get(federation=federation).min_length == 1


def test_an_unknown_kind_of_event_is_a_400(client, federation, erik):
    client.force_login(erik)
    response = client.put(f"/api/federations/{federation.slug}/policy/",
                          {**NARROW, "event_kinds": ["blitz"]}, content_type="application/json")
    assert response.status_code == 400


def test_a_club_narrows_its_federations_policy(client, federation, club, alice, member):
    client.force_login(alice)
    response = client.put(f"/api/clubs/{club.slug}/rated-policy/", NARROW,
                          content_type="application/json")
    assert response.status_code == 200, response.content
    assert response.json()["federations"] == [federation.slug]
    assert RatedPolicy.objects.get(club=club).event_kinds == ["swiss", "round_robin"]
    assert AuditEntry.objects.filter(club=club, action="rated_policy_changed").exists()


def test_a_club_narrowing_into_a_wider_policy_is_a_400_with_the_reasons(
        client, federation, club, alice, erik, member):
    client.force_login(erik)
    client.put(f"/api/federations/{federation.slug}/policy/", NARROW,
               content_type="application/json")
    client.force_login(alice)
    wider = {**NARROW, "min_length": 1, "event_kinds": ["swiss", "ladder"]}
    response = client.put(f"/api/clubs/{club.slug}/rated-policy/", wider,
                          content_type="application/json")
    assert response.status_code == 400
    body = response.json()
    assert "Danish Backgammon Federation" in body["detail"]
    assert len(body["widenings"]) == 2
    assert any("ladder" in reason for reason in body["widenings"])
    assert not RatedPolicy.objects.filter(club=club).exists()


def test_an_admin_of_another_club_cannot_set_a_clubs_policy(client, club, dave):
    client.force_login(dave)
    response = client.put(f"/api/clubs/{club.slug}/rated-policy/", NARROW,
                          content_type="application/json")
    assert response.status_code == 403
    assert not RatedPolicy.objects.filter(club=club).exists()


def test_a_club_without_a_narrowing_reads_the_defaults(client, club):
    body = client.get(f"/api/clubs/{club.slug}/rated-policy/").json()
    assert body["min_length"] == 1 and body["federations"] == []
