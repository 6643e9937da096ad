"""'Not you' is a 403 on the pages as in the API, for knockouts, ladders and leagues alike:
someone other than the challenged player accepting a challenge, other than the two
players reporting a fixture, other than the opponent confirming. The page says why and
leads back to the event; nothing changes."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import ladder_of, members
from tournaments.models import Challenge, Fixture
from tournaments.services import ladder as ladders
from tournaments.services import league as leagues

pytestmark = pytest.mark.django_db


@pytest.fixture
def ladder(club):
    players = members(club, 3)
    ladder = ladder_of(club, players, reach=3)
    ladder.players = players
    ladder.challenge = ladders.challenge_issue(ladder=ladder, by=ladder.players[2].user,
                                               challenged=ladder.players[0])
    return ladder


@pytest.fixture
def season(club):
    a, b = members(club, 2, start=20)
    season = leagues.season_create(club=club, name="2026", starts_on=datetime.date(2026, 1, 1),
                                   ends_on=datetime.date(2026, 6, 1), divisions=[[a.pk, b.pk]],
                                   length=5)
    leagues.season_start(season=season)
    return season


def _ladder_post(client, ladder, action, data):
    return client.post(reverse("tournaments:ladder-action",
                               args=[ladder.club.slug, ladder.pk, action]), data)


def _assert_refused(response, reason, back):
    assert response.status_code == 403
    html = response.content.decode()
    assert reason in html and f'href="{back}"' in html


@pytest.mark.parametrize(("action", "who", "reason"), [
    ("accept", 1, "Only the challenged player accepts"),  # a bystander
    ("accept", 2, "Only the challenged player accepts"),  # the challenger
    ("report", 1, "Only the two players report"),
])
def test_someone_else_acting_on_a_challenge_from_the_page_gets_403(client, ladder, action,
                                                                   who, reason):
    client.force_login(ladder.players[who].user)
    response = _ladder_post(client, ladder, action, {
        "challenge": ladder.challenge.pk, "winner": ladder.players[0].pk, "score_a": 7,
        "score_b": 3})
    _assert_refused(response, reason, reverse("tournaments:ladder",
                                              args=[ladder.club.slug, ladder.pk]))
    assert Challenge.objects.get().status == Challenge.Status.OPEN


def test_the_challenged_player_cancelling_from_the_page_gets_403(client, ladder):
    client.force_login(ladder.players[0].user)
    response = _ladder_post(client, ladder, "cancel", {"challenge": ladder.challenge.pk})
    assert response.status_code == 403
    assert Challenge.objects.get().status == Challenge.Status.OPEN


def test_the_challenged_player_accepting_from_the_page_is_not_refused(client, ladder):
    client.force_login(ladder.players[0].user)
    response = _ladder_post(client, ladder, "accept", {"challenge": ladder.challenge.pk})
    assert response.status_code == 302
    assert Challenge.objects.get().status == Challenge.Status.ACCEPTED


def test_someone_else_reporting_a_fixture_from_the_page_gets_403(client, season, bob):
    fixture = Fixture.objects.get()
    client.force_login(bob)
    response = client.post(reverse("tournaments:league-action",
                                   args=[season.club.slug, season.pk, "report"]), {
        "fixture": fixture.pk, "winner": fixture.player_a_id, "score_a": 5, "score_b": 1})
    _assert_refused(response, "Only the two players report their fixture.",
                    reverse("tournaments:league", args=[season.club.slug, season.pk]))
    assert Fixture.objects.get().status == Fixture.Status.READY


def test_the_reporter_confirming_their_own_fixture_from_the_page_gets_403(client, season):
    fixture = Fixture.objects.select_related("player_a__user").get()
    leagues.fixture_report(fixture=fixture, by=fixture.player_a.user,
                           winner=fixture.player_a_id, score_a=5, score_b=1)
    client.force_login(fixture.player_a.user)
    response = client.post(reverse("tournaments:league-action",
                                   args=[season.club.slug, season.pk, "confirm"]),
                           {"fixture": fixture.pk})
    assert response.status_code == 403
    assert Fixture.objects.get().status == Fixture.Status.REPORTED


def test_the_ladder_api_and_page_answer_the_same_refusal(client, ladder):
    client.force_login(ladder.players[1].user)
    page = _ladder_post(client, ladder, "accept", {"challenge": ladder.challenge.pk})
    api = client.post(reverse("ladder-challenge-action-api",
                              args=[ladder.challenge.pk, "accept"]),
                      content_type="application/json")
    assert page.status_code == api.status_code == 403
    assert api.json()["detail"] in page.content.decode()
