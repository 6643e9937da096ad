"""API of the round-based formats, ladders and leagues: who reads, who writes (persona
table), the same services behind, and the OpenAPI schema lists the endpoints."""

import datetime

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import members
from tournaments import services
from tournaments.models import Challenge, Fixture
from tournaments.services import ladder as ladders
from tournaments.services import league as leagues

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


def _swiss(club, count=4):
    tournament = services.tournament_create(club=club, name="Swiss", format="swiss",
                                            starts_on=datetime.date(2026, 11, 28))
    for player in members(club, count):
        services.entry_add(tournament=tournament, player=player)
    services.tournament_start(tournament=tournament)
    return tournament


def test_anyone_reads_the_standings(api, club):
    tournament = _swiss(club)
    response = api.get(reverse("tournament-standings-api", args=[tournament.pk]))
    assert response.status_code == 200
    assert response.json()[0]["columns"][:2] == ["Wins", "Buchholz"]


@pytest.mark.parametrize(("persona", "expected"), [
    (None, {401, 403}), ("bob", {403}), ("carol", {403}), ("dave", {403}), ("alice", {200})])
def test_only_the_club_s_admins_preview_a_round(api, club, persona, expected, request):
    tournament = _swiss(club)
    if persona:
        api.force_authenticate(request.getfixturevalue(persona))
    response = api.get(reverse("tournament-pairing-api", args=[tournament.pk]))
    assert response.status_code in expected


def test_the_director_publishes_the_proposed_round(api, club, alice):
    tournament = _swiss(club)
    api.force_authenticate(alice)
    url = reverse("tournament-pairing-api", args=[tournament.pk])
    preview = api.get(url).json()
    response = api.post(url, {"pairs": preview["pairs"]}, format="json")
    assert response.status_code == 201 and response.json()["round"] == 1
    assert tournament.matches.count() == 2
    again = api.post(url, {"pairs": preview["pairs"]}, format="json")
    assert again.status_code == 400 and "needs its result" in again.json()["detail"]


def test_a_ladder_challenge_and_its_result_through_the_api(api, club, alice):
    ladder = ladders.ladder_create(club=club, name="Ladder")
    top, low = members(club, 2)
    for p in (top, low):
        ladders.ladder_join(ladder=ladder, player=p)
    api.force_authenticate(low.user)
    created = api.post(reverse("ladder-challenge-api", args=[ladder.pk]),
                       {"challenged": top.pk}, format="json")
    assert created.status_code == 201
    challenge = Challenge.objects.get()
    refused = api.post(reverse("ladder-challenge-action-api", args=[challenge.pk, "enter"]),
                       {"winner": low.pk, "score_a": 7, "score_b": 0}, format="json")
    assert refused.status_code == 403
    api.force_authenticate(alice)
    entered = api.post(reverse("ladder-challenge-action-api", args=[challenge.pk, "enter"]),
                       {"winner": low.pk, "score_a": 7, "score_b": 0}, format="json")
    assert entered.status_code == 200 and entered.json()["status"] == "decided"
    listed = api.get(reverse("ladder-api", args=[ladder.pk])).json()
    assert [r["player_id"] for r in listed["rungs"]] == [low.pk, top.pk]


def test_a_league_fixture_reported_and_confirmed_through_the_api(api, club):
    a, b = members(club, 2)
    season = leagues.season_create(club=club, name="2026", starts_on=datetime.date(2026, 1, 1),
                                   ends_on=datetime.date(2026, 6, 1), divisions=[[a.pk, b.pk]],
                                   length=5)
    leagues.season_start(season=season)
    fixture = Fixture.objects.get()
    api.force_authenticate(fixture.player_a.user)
    url = reverse("league-fixture-action-api", args=[fixture.pk, "report"])
    assert api.post(url, {"winner": fixture.player_a_id, "score_a": 5, "score_b": 3},
                    format="json").status_code == 200
    api.force_authenticate(fixture.player_b.user)
    done = api.post(reverse("league-fixture-action-api", args=[fixture.pk, "confirm"]))
    assert done.json()["status"] == "finished"
    table = api.get(reverse("league-api", args=[season.pk])).json()
    assert table["divisions"][0]["table"][0]["player_id"] == fixture.player_a_id


def test_the_schema_lists_the_new_endpoints(api):
    schema = api.get(reverse("api-schema")).content.decode()
    for path in ("/standings/", "/pairing/", "/ladders/{id}/challenges/",
                 "/league-fixtures/{id}/{action}/"):
        assert path in schema, path
