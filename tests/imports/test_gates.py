"""Who may import and export a club's history: its admins and its federation's rating
officers; a hostile admin of another club sees nothing of the import."""

import datetime

import pytest

from federations.models import Federation, FederationClub, FederationRole
from results.models import FinishedMatch
from tests.factories import MembershipFactory, PlayerFactory, UserFactory

from .helpers import confirm, csv_bytes, upload

pytestmark = pytest.mark.django_db

ROWS = [["2019-03-01", "John Smith", "Ann Lee", 5, 5, 2, "Cup", "tournament", "yes"]]


@pytest.fixture
def members(club):
    for name in ("John Smith", "Ann Lee"):
        MembershipFactory(club=club, player=PlayerFactory(name=name))


@pytest.fixture
def federation(club):
    federation = Federation.objects.create(name="Danish Backgammon Federation", slug="dbgf",
                                           country="DK")
    FederationClub.objects.create(federation=federation, club=club,
                                  status=FederationClub.Status.MEMBER,
                                  joined_on=datetime.date(2010, 1, 1))
    return federation


def _officer(federation, username="rita"):
    user = UserFactory(username=username)
    FederationRole.objects.create(federation=federation, role="rating_officer",
                                  player=PlayerFactory(name=username.title(), user=user))
    return user


def test_admin_of_another_club_cannot_upload(client, dave, members):
    client.force_login(dave)
    assert upload(client, "riverside", csv_bytes(ROWS)).status_code == 403


def test_player_of_the_club_cannot_upload(client, bob, members):
    client.force_login(bob)
    assert upload(client, "riverside", csv_bytes(ROWS)).status_code == 403


def test_admin_of_another_club_cannot_see_or_confirm_the_import(client, alice, dave, members):
    client.force_login(alice)
    made = upload(client, "riverside", csv_bytes(ROWS)).json()
    client.force_login(dave)
    assert client.get(f"/api/imports/{made['id']}/").status_code == 404
    assert client.get(f"/api/imports/{made['id']}/errors.csv").status_code == 404
    assert confirm(client, made["id"]).status_code == 404
    assert not FinishedMatch.objects.exists()


def test_admin_of_another_club_cannot_export_its_history(client, club, dave):
    client.force_login(dave)
    assert client.get("/api/clubs/riverside/history.csv").status_code == 403
    assert client.get("/api/clubs/riverside/history.xlsx").status_code == 403


def test_rating_officer_of_the_clubs_federation_imports(client, federation, members):
    client.force_login(_officer(federation))
    made = upload(client, "riverside", csv_bytes(ROWS))
    assert made.status_code == 201
    assert confirm(client, made.json()["id"]).status_code == 200
    assert FinishedMatch.objects.count() == 1


def test_rating_officer_of_another_federation_is_refused(client, federation, members):
    other = Federation.objects.create(name="Other Federation", slug="other", country="DE")
    client.force_login(_officer(other))
    assert upload(client, "riverside", csv_bytes(ROWS)).status_code == 403


def test_anonymous_visitor_is_refused(client, members):
    assert upload(client, "riverside", csv_bytes(ROWS)).status_code in (401, 403)
    assert client.get("/api/clubs/riverside/history.csv").status_code in (401, 403)


def test_a_player_of_an_unrelated_club_cannot_be_named(client, alice, dave, members):
    client.force_login(alice)
    rows = [["2019-03-01", "Dave", "Ann Lee", 5, 5, 2, "", "league", "yes"]]
    made = upload(client, "riverside", csv_bytes(rows)).json()
    answer = confirm(client, made["id"], {"Dave": dave.player.pk})
    assert answer.status_code == 400
    assert "not a member of this club" in answer.json()["detail"]
    assert not FinishedMatch.objects.exists()


@pytest.fixture
def hilda(other_club, federation):
    """Hilda Holm, a member of a fellow member club of Riverside's federation."""
    FederationClub.objects.create(federation=federation, club=other_club,
                                  status=FederationClub.Status.MEMBER,
                                  joined_on=datetime.date(2010, 1, 1))
    return MembershipFactory(club=other_club, player=PlayerFactory(name="Hilda Holm")).player


def test_a_federation_clubs_player_is_suggested_and_may_be_named(client, alice, club,
                                                                 other_club, hilda, members):
    from clubs.models import Membership

    client.force_login(alice)
    rows = [["2019-03-01", "H. Holm", "Ann Lee", 5, 5, 2, "", "league", "yes"]]
    made = upload(client, "riverside", csv_bytes(rows)).json()
    names = {n["name"]: n for n in made["names"]}
    assert names["H. Holm"]["candidates"] == [
        {"player": hilda.pk, "name": "Hilda Holm", "club": other_club.name}]
    assert confirm(client, made["id"], {"H. Holm": hilda.pk}).status_code == 200
    match = FinishedMatch.objects.get()
    assert match.player_a == hilda
    # a visitor: the match is this club's, Hilda played for her own club and joins no other
    assert (match.club, match.player_a_club, match.player_b_club) == (club, other_club, club)
    assert not Membership.objects.filter(club=club, player=hilda).exists()


def test_a_federation_clubs_player_imported_again_is_the_same_match(client, alice, hilda,
                                                                    members):
    client.force_login(alice)
    rows = [["2019-03-01", "Hilda Holm", "Ann Lee", 5, 5, 2, "", "league", "yes"]]
    first = upload(client, "riverside", csv_bytes(rows)).json()
    assert confirm(client, first["id"], {"Hilda Holm": hilda.pk}).status_code == 200
    again = upload(client, "riverside", csv_bytes(rows)).json()
    answer = confirm(client, again["id"], {"Hilda Holm": hilda.pk})
    assert answer.status_code == 200
    assert [r["verdict"] for r in answer.json()["rows"]] == ["same"]
    assert FinishedMatch.objects.count() == 1


def test_the_rating_officer_imports_a_match_between_two_member_clubs(client, other_club, hilda,
                                                                     federation, members):
    client.force_login(_officer(federation))
    rows = [["2019-03-01", "Hilda Holm", "Ann Lee", 5, 5, 2, "", "league", "yes"]]
    made = upload(client, "riverside", csv_bytes(rows)).json()
    assert confirm(client, made["id"], {"Hilda Holm": hilda.pk}).status_code == 200
    assert FinishedMatch.objects.get().player_a_club == other_club
