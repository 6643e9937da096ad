"""Next season confirmed (issue 35, point 6): the league admin sends the close's proposal,
edited, and the new season's name; once; never losing or doubling a team, never keeping a
team whose club left the federation. The API and the league page's form."""

import datetime

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from federations.models import FederationClub
from teamleagues import services
from teamleagues.models import Fixture, TeamLeague

from .conftest import lineup_of, win_all

pytestmark = pytest.mark.django_db


def closed(w):
    for fixture in Fixture.objects.filter(league=w.league).order_by("round", "pk"):
        for team in (fixture.home, fixture.away):
            services.lineup_submit(fixture=fixture, team=team, players=lineup_of(w, team),
                                   by=w.captains[team.pk])
        side = "home" if fixture.home_id < fixture.away_id else "away"
        services.card_enter(fixture=fixture, boards=win_all(side=side),
                            by=w.captains[fixture.home_id])
        services.card_confirm(fixture=fixture, by=w.captains[fixture.away_id])
    return services.team_league_close(league=w.league)["proposal"]


def post(user, league, data):
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api.post(reverse("team-league-next-api", args=[league.pk]), data, format="json")


def test_the_admin_confirms_an_edited_proposal(world):
    w = world
    proposal = closed(w)
    elite, first = str(w.elite.pk), str(w.first.pk)
    # The admin keeps the relegated team up (a team withdrew, say): moved by hand.
    moved = proposal[first][0]
    edited = {elite: [*proposal[elite], moved], first: proposal[first][1:]}
    r = post(w.fed_admin, w.league, {"season": "2027/28", "divisions": edited})
    assert r.status_code == 201, r.json()
    new = TeamLeague.objects.get(pk=r.json()["id"])
    assert new.season == "2027/28" and new.status == "setup"
    names = set(new.divisions.get(name="Elite").teams.values_list("name", flat=True))
    assert w.league.teams.get(pk=moved).name in names and len(names) == 5
    assert TeamLeague.objects.get(pk=w.league.pk).next_league_id == new.pk


def test_a_second_call_is_refused(world):
    w = world
    closed(w)
    assert post(w.fed_admin, w.league, {"season": "2027/28"}).status_code == 201
    again = post(w.fed_admin, w.league, {"season": "2028/29"})
    assert again.status_code == 400 and "made already" in again.json()["detail"]
    assert TeamLeague.objects.count() == 2


@pytest.mark.parametrize("edit, says", [
    ("lose", "leaves out"), ("double", "twice"), ("stranger", "not one of this season"),
    ("division", "does not have"),
])
def test_a_proposal_that_loses_or_doubles_a_team_is_refused(world, edit, says):
    w = world
    proposal = closed(w)
    elite, first = str(w.elite.pk), str(w.first.pk)
    edited = {elite: list(proposal[elite]), first: list(proposal[first])}
    if edit == "lose":
        edited[first].pop()
    elif edit == "double":
        edited[first].append(edited[elite][0])
    elif edit == "stranger":
        edited[first].append(999999)
    else:
        edited["999999"] = []
    r = post(w.fed_admin, w.league, {"season": "2027/28", "divisions": edited})
    assert r.status_code == 400 and says in r.json()["detail"]
    assert TeamLeague.objects.count() == 1


def test_a_team_of_a_club_that_left_the_federation_is_refused(world):
    w = world
    proposal = closed(w)
    gone = w.teams[5]  # Fredericia, 1st division
    FederationClub.objects.filter(federation=w.fed, club=gone.club).update(
        status=FederationClub.Status.LEFT, left_on=datetime.date.today())
    r = post(w.fed_admin, w.league, {"season": "2027/28", "divisions": proposal})
    assert r.status_code == 400 and "no longer a member club" in r.json()["detail"]
    assert TeamLeague.objects.count() == 1
    # Left out, it is not "lost": its club is gone.
    without = {k: [pk for pk in v if pk != gone.pk] for k, v in proposal.items()}
    assert post(w.fed_admin, w.league, {"season": "2027/28", "divisions": without}
                ).status_code == 201


@pytest.mark.parametrize("who", ["captain", "club_admin", "anonymous"])
def test_only_the_league_admin_confirms(world, who):
    w = world
    closed(w)
    user = {"captain": w.captains[w.teams[0].pk], "club_admin": w.admins[w.clubs[0].pk],
            "anonymous": None}[who]
    assert post(user, w.league, {"season": "2027/28"}).status_code in (401, 403)
    assert TeamLeague.objects.count() == 1


def test_before_the_close_it_is_refused(world):
    r = post(world.fed_admin, world.league, {"season": "2027/28"})
    assert r.status_code == 400 and "Close" in r.json()["detail"]


def test_the_league_page_form(client, world):
    w = world
    proposal = closed(w)
    url = reverse("teamleagues:league", args=[w.league.pk])
    assert 'data-testid="next-form"' not in client.get(url).content.decode()
    client.force_login(w.fed_admin)
    assert 'data-testid="next-form"' in client.get(url).content.decode()
    data = {"season": "2027/28"}
    for division, pks in proposal.items():
        data.update({f"team_{pk}": division for pk in pks})
    response = client.post(reverse("teamleagues:next", args=[w.league.pk]), data)
    new = TeamLeague.objects.exclude(pk=w.league.pk).get()
    assert response.status_code == 302 and response["Location"].endswith(
        reverse("teamleagues:league", args=[new.pk]))
    assert new.teams.count() == 8
    page = client.get(url).content.decode()
    assert 'data-testid="next-form"' not in page and 'data-testid="next-season"' in page
