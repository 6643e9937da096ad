"""The federation's pages: anyone sees its clubs, officers and policy; a club's admin
applies from it and the federation's admin accepts; nobody else gets a button or a way in."""

import pytest

from federations.models import FederationClub

pytestmark = pytest.mark.django_db


def test_the_federation_page_shows_clubs_officers_and_policy(client, federation, member):
    page = client.get(f"/federations/{federation.slug}/").content.decode()
    assert "Riverside Backgammon Club" in page and "Erik" in page
    assert "Matches of 1 point or longer" in page


def test_the_list_names_each_federation(client, federation):
    assert "Danish Backgammon Federation" in client.get("/federations/").content.decode()


def test_a_club_admin_applies_and_the_federation_admin_accepts_on_the_page(
        client, federation, club, alice, erik):
    client.force_login(alice)
    assert 'data-testid="apply"' in client.get(f"/federations/{federation.slug}/").content.decode()
    client.post(f"/federations/{federation.slug}/apply/", {"club": club.slug})
    assert FederationClub.objects.get().status == "applied"
    client.force_login(erik)
    client.post(f"/federations/{federation.slug}/clubs/{club.slug}/accept/")
    assert FederationClub.objects.get().status == "member"


def test_a_club_admin_cannot_accept_on_the_page(client, federation, club, alice):
    client.force_login(alice)
    client.post(f"/federations/{federation.slug}/apply/", {"club": club.slug})
    response = client.post(f"/federations/{federation.slug}/clubs/{club.slug}/accept/")
    assert response.status_code == 403
    assert FederationClub.objects.get().status == "applied"


def test_applying_twice_on_the_page_says_why(client, federation, club, alice):
    client.force_login(alice)
    client.post(f"/federations/{federation.slug}/apply/", {"club": club.slug})
    page = client.post(f"/federations/{federation.slug}/apply/", {"club": club.slug},
                       follow=True).content.decode()
    assert "already applied" in page
    assert FederationClub.objects.count() == 1
