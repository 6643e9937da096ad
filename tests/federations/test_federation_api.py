"""The federations' API: create (a superuser), read, a club's application (its admins),
acceptance and refusal (the federation's admins), leaving, officers; every bad input a
clear 400 that changes nothing, every stranger a 403."""

import pytest
from django.utils import timezone

from audit.models import AuditEntry
from federations.models import Federation, FederationClub, FederationRole

pytestmark = pytest.mark.django_db

NEW = {"name": "Japan Backgammon League", "slug": "jbl", "country": "JP", "formula": "danish",
       "start_rating": 1000, "provisional_below": 50}


def test_a_superuser_creates_a_federation_with_its_policy(client, root):
    client.force_login(root)
    response = client.post("/api/federations/", NEW, content_type="application/json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["start_rating"] == 1000 and body["formula"] == "danish"
    assert body["policy"]["min_length"] == 1 and "swiss" in body["policy"]["event_kinds"]


def test_a_formula_that_does_not_exist_is_a_400_naming_the_known_ones(client, root):
    client.force_login(root)
    response = client.post("/api/federations/", {**NEW, "formula": "elo"},
                           content_type="application/json")
    assert response.status_code == 400
    assert "fibs, danish" in response.content.decode()
    assert not Federation.objects.filter(slug="jbl").exists()


def test_a_club_admin_may_not_create_a_federation(client, alice):
    client.force_login(alice)
    response = client.post("/api/federations/", NEW, content_type="application/json")
    assert response.status_code == 403
    assert not Federation.objects.exists()


def test_anyone_reads_a_federation_with_its_clubs_and_officers(client, federation, member,
                                                               erik):
    body = client.get(f"/api/federations/{federation.slug}/").json()
    assert [(c["club"], c["status"]) for c in body["clubs"]] == [("riverside", "member")]
    assert [(o["name"], o["role"]) for o in body["officers"]] == [("Erik", "admin")]


def test_a_club_admin_applies_and_the_federation_admin_accepts(client, federation, club,
                                                               alice, erik):
    client.force_login(alice)
    response = client.post(f"/api/federations/{federation.slug}/clubs/", {"club": club.slug},
                           content_type="application/json")
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "applied"
    client.force_login(erik)
    response = client.post(f"/api/federations/{federation.slug}/clubs/{club.slug}/accept/")
    assert response.status_code == 200, response.content
    assert response.json()["joined_on"] == timezone.localdate().isoformat()
    assert AuditEntry.objects.filter(club=club, action="federation_accepted").exists()


def test_a_club_applying_twice_gets_a_clear_400(client, federation, club, alice):
    client.force_login(alice)
    url = f"/api/federations/{federation.slug}/clubs/"
    client.post(url, {"club": club.slug}, content_type="application/json")
    response = client.post(url, {"club": club.slug}, content_type="application/json")
    assert response.status_code == 400
    assert "already applied" in response.json()["detail"]
    assert FederationClub.objects.count() == 1


def test_a_member_club_applying_again_is_told_it_is_a_member(client, federation, club, alice,
                                                             member):
    client.force_login(alice)
    response = client.post(f"/api/federations/{federation.slug}/clubs/", {"club": club.slug},
                           content_type="application/json")
    assert response.status_code == 400
    assert "already a member" in response.json()["detail"]


def test_an_admin_of_another_club_cannot_apply_for_a_club_they_do_not_run(
        client, federation, club, dave):
    client.force_login(dave)
    response = client.post(f"/api/federations/{federation.slug}/clubs/", {"club": club.slug},
                           content_type="application/json")
    assert response.status_code == 403
    assert not FederationClub.objects.exists()


def test_a_plain_member_cannot_apply_for_their_club(client, federation, club, bob):
    client.force_login(bob)
    response = client.post(f"/api/federations/{federation.slug}/clubs/", {"club": club.slug},
                           content_type="application/json")
    assert response.status_code == 403


def test_a_club_admin_cannot_accept_their_own_application(client, federation, club, alice):
    client.force_login(alice)
    client.post(f"/api/federations/{federation.slug}/clubs/", {"club": club.slug},
                content_type="application/json")
    response = client.post(f"/api/federations/{federation.slug}/clubs/{club.slug}/accept/")
    assert response.status_code == 403
    assert FederationClub.objects.get().status == "applied"


def test_accepting_a_club_that_never_applied_is_a_400(client, federation, club, erik):
    client.force_login(erik)
    response = client.post(f"/api/federations/{federation.slug}/clubs/{club.slug}/accept/")
    assert response.status_code == 400
    assert "no open application" in response.json()["detail"]


def test_a_refused_club_may_apply_again(client, federation, club, alice, erik):
    client.force_login(alice)
    url = f"/api/federations/{federation.slug}/clubs/"
    client.post(url, {"club": club.slug}, content_type="application/json")
    client.force_login(erik)
    refused = client.post(f"/api/federations/{federation.slug}/clubs/{club.slug}/refuse/")
    assert refused.json()["status"] == "refused"
    client.force_login(alice)
    again = client.post(url, {"club": club.slug}, content_type="application/json")
    assert again.status_code == 201


def test_a_club_leaves_today_and_keeps_its_row(client, federation, club, alice, member):
    client.force_login(alice)
    response = client.post(f"/api/federations/{federation.slug}/clubs/{club.slug}/leave/")
    assert response.status_code == 200, response.content
    link = FederationClub.objects.get()
    assert (link.status, link.left_on) == ("left", timezone.localdate())
    assert FederationClub.objects.members_on(timezone.localdate()).filter(club=club).exists()


def test_another_clubs_admin_cannot_make_a_club_leave(client, federation, club, dave, member):
    client.force_login(dave)
    response = client.post(f"/api/federations/{federation.slug}/clubs/{club.slug}/leave/")
    assert response.status_code == 403
    assert FederationClub.objects.get().status == "member"


def test_the_federation_admin_grants_a_rating_officer(client, federation, erik, bob):
    client.force_login(erik)
    response = client.post(f"/api/federations/{federation.slug}/roles/",
                           {"player": bob.player.pk, "role": "rating_officer"},
                           content_type="application/json")
    assert response.status_code == 201, response.content
    assert FederationRole.objects.filter(player=bob.player, role="rating_officer").exists()


def test_a_club_admin_cannot_grant_federation_roles(client, federation, alice, bob):
    client.force_login(alice)
    response = client.post(f"/api/federations/{federation.slug}/roles/",
                           {"player": bob.player.pk, "role": "admin"},
                           content_type="application/json")
    assert response.status_code == 403
    assert not FederationRole.objects.filter(player=bob.player).exists()


def test_the_last_federation_admin_stays(client, federation, erik):
    client.force_login(erik)
    response = client.post(f"/api/federations/{federation.slug}/roles/revoke/",
                           {"player": erik.player.pk, "role": "admin"},
                           content_type="application/json")
    assert response.status_code == 400
    assert FederationRole.objects.filter(player=erik.player).exists()


def test_an_unknown_federation_is_a_404(client):
    assert client.get("/api/federations/nowhere/").status_code == 404
