"""Bad input on the tournament, ladder and league pages is a clear error (a message on the
page the form came from, or a 400), never a 500, and nothing half-saved: garbled ids in
posts and query parameters, names where ids were expected, dates that are not dates."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import ladder_of, members
from tournaments import services
from tournaments.models import Challenge, Fixture, LadderRung
from tournaments.services import ladder as ladders
from tournaments.services import league as leagues

pytestmark = pytest.mark.django_db
GARBAGE = ["abc", "1.5", "-3", "", "9" * 30, "0x10", "1,2"]


def _errors(response) -> list[str]:
    return [m.message for m in response.context["messages"] if m.level_tag == "error"]


@pytest.fixture
def ladder(club):
    players = members(club, 3)
    ladder = ladder_of(club, players, reach=3)
    ladder.players = players
    return ladder


@pytest.fixture
def season(club):
    a, b = members(club, 2, start=20)
    season = leagues.season_create(club=club, name="2026", starts_on=datetime.date(2026, 1, 1),
                                   ends_on=datetime.date(2026, 6, 1), divisions=[[a.pk, b.pk]])
    leagues.season_start(season=season)
    season.players = (a, b)
    return season


def _ladder_url(ladder, action):
    return reverse("tournaments:ladder-action", args=[ladder.club.slug, ladder.pk, action])


def _league_url(season, action):
    return reverse("tournaments:league-action", args=[season.club.slug, season.pk, action])


@pytest.mark.parametrize("garbage", GARBAGE)
@pytest.mark.parametrize(("action", "field"), [
    ("challenge", "challenged"), ("accept", "challenge"), ("confirm", "challenge"),
    ("cancel", "challenge"), ("report", "challenge"), ("report", "winner"),
    ("report", "score_a")])
def test_a_garbled_field_on_the_ladder_page_is_a_form_error(client, ladder, action, field,
                                                            garbage):
    challenger = ladder.players[2]
    challenge = ladders.challenge_issue(ladder=ladder, by=challenger.user,
                                        challenged=ladder.players[0])
    data = {"challenged": ladder.players[0].pk, "challenge": challenge.pk,
            "winner": challenger.pk, "score_a": 7, "score_b": 2, field: garbage}
    client.force_login(challenger.user)
    response = client.post(_ladder_url(ladder, action), data, follow=True)
    assert response.status_code in (200, 400)
    assert _errors(response), "the page says what was wrong"
    assert Challenge.objects.count() == 1 and Challenge.objects.get().status == "open"


@pytest.mark.parametrize("garbage", GARBAGE)
def test_a_garbled_player_for_the_admin_s_removal_is_a_form_error(client, ladder, alice,
                                                                 garbage):
    client.force_login(alice)
    response = client.post(_ladder_url(ladder, "remove"), {"player": garbage,
                                                           "reason": "gone"}, follow=True)
    assert response.status_code in (200, 400) and _errors(response)
    assert LadderRung.objects.filter(ladder=ladder).count() == 3


@pytest.mark.parametrize("garbage", GARBAGE)
@pytest.mark.parametrize(("action", "persona"), [
    ("report", "player"), ("confirm", "player"), ("enter", "alice"), ("walkover", "alice"),
    ("correct", "carol"), ("rule", "carol")])
def test_a_garbled_fixture_on_the_league_page_is_a_form_error(client, season, action,
                                                              persona, garbage, request):
    user = season.players[0].user if persona == "player" else request.getfixturevalue(persona)
    client.force_login(user)
    response = client.post(_league_url(season, action), {
        "fixture": garbage, "winner": season.players[0].pk, "score_a": 5, "score_b": 1,
        "reason": "why", "outcome": "void"}, follow=True)
    assert response.status_code in (200, 400) and _errors(response)
    assert Fixture.objects.get().status == "ready"


@pytest.mark.parametrize("garbage", ["tomorrow", "2026-02-30", "", "31/12/2026"])
def test_a_date_that_is_not_a_date_for_the_next_season_is_a_form_error(client, season,
                                                                       alice, garbage):
    fixture = Fixture.objects.get()
    winner = fixture.player_a_id
    leagues.fixture_enter(fixture=fixture, by=alice, winner=winner, score_a=7, score_b=1)
    leagues.season_finish(season=season)
    client.force_login(alice)
    response = client.post(_league_url(season, "next"), {
        "name": "2027", "starts_on": garbage, "ends_on": "2027-06-01"}, follow=True)
    assert response.status_code in (200, 400) and _errors(response)
    assert season.club.leagues.count() == 1


@pytest.fixture
def swiss(club):
    tournament = services.tournament_create(club=club, name="Swiss night", format="swiss",
                                            starts_on=datetime.date(2026, 11, 28))
    for player in members(club, 4, start=40):
        services.entry_add(tournament=tournament, player=player)
    services.tournament_start(tournament=tournament)
    return tournament


@pytest.mark.parametrize("garbage", GARBAGE)
@pytest.mark.parametrize(("action", "field"), [("late", "player"), ("withdraw", "entry"),
                                               ("swap", "first"), ("swap", "second")])
def test_a_garbled_id_on_the_pairing_page_is_a_400(client, swiss, alice, action, field,
                                                   garbage):
    client.force_login(alice)
    url = reverse("tournaments:pairing", args=[swiss.club.slug, swiss.pk])
    response = client.post(url, {"action": action, field: garbage, "pairs": "[[1, 2]]"},
                           follow=True)
    assert response.status_code == 400
    assert swiss.entries.filter(status="active").count() == 4


@pytest.mark.parametrize("garbage", ["abc", "", "1.5"])
def test_a_garbled_id_through_the_ladder_api_is_a_400(client, ladder, garbage):
    client.force_login(ladder.players[2].user)
    response = client.post(reverse("ladder-challenge-api", args=[ladder.pk]),
                           {"challenged": garbage}, content_type="application/json")
    assert response.status_code == 400


@pytest.fixture
def knockout(club):
    tournament = services.tournament_create(club=club, name="Friday KO",
                                            starts_on=datetime.date(2026, 11, 27))
    for player in members(club, 4, start=60):
        services.entry_add(tournament=tournament, player=player)
    return tournament


@pytest.mark.parametrize("garbage", GARBAGE)
def test_a_garbled_entry_in_a_player_s_own_withdrawal_is_a_form_error(client, knockout,
                                                                      garbage):
    entry = knockout.entries.select_related("player__user").first()
    client.force_login(entry.player.user)
    url = reverse("tournaments:withdraw", args=[knockout.club.slug, knockout.pk])
    response = client.post(url, {"entry": garbage}, follow=True)
    assert response.status_code == 200 and _errors(response)
    assert knockout.entries.filter(status="active").count() == 4


@pytest.mark.parametrize("garbage", GARBAGE)
@pytest.mark.parametrize(("action", "field"), [
    ("entry", "player"), ("withdraw", "entry"), ("enter", "match"), ("enter", "winner"),
    ("begin", "match")])
def test_a_garbled_id_on_the_director_s_page_is_a_form_error(client, knockout, alice,
                                                             action, field, garbage):
    if action in ("enter", "begin"):
        services.tournament_start(tournament=knockout)
    match = knockout.matches.filter(status="ready").first()
    data = {"player": 1, "entry": knockout.entries.first().pk, "match": match and match.pk,
            "winner": match and match.player_a_id, "score_a": 7, "score_b": 0, field: garbage}
    client.force_login(alice)
    url = reverse("tournaments:direct", args=[knockout.club.slug, knockout.pk, action])
    response = client.post(url, {k: v for k, v in data.items() if v is not None}, follow=True)
    assert response.status_code == 200 and _errors(response)
    assert knockout.entries.filter(status="active").count() == 4
    assert not knockout.matches.filter(status__in=["finished", "in_progress"]).exists()


@pytest.mark.parametrize("garbage", ["abc", [1], {"a": 1}, None, -1, 10**30, True])
@pytest.mark.parametrize("field", ["winner", "score_a"])
def test_garbage_in_a_challenge_result_through_the_api_is_a_400(client, ladder, field,
                                                                 garbage):
    challenger = ladder.players[2]
    challenge = ladders.challenge_issue(ladder=ladder, by=challenger.user,
                                        challenged=ladder.players[0])
    client.force_login(challenger.user)
    response = client.post(
        reverse("ladder-challenge-action-api", args=[challenge.pk, "report"]),
        {"winner": challenger.pk, "score_a": 7, "score_b": 2, field: garbage},
        content_type="application/json")
    assert response.status_code == 400 and field in response.json()["errors"]
    assert Challenge.objects.get().status == "open"


@pytest.mark.parametrize("garbage", ["abc", [1], None, 10**30])
def test_garbage_in_a_fixture_through_the_api_is_a_400(client, season, garbage):
    fixture = Fixture.objects.get()
    client.force_login(season.players[0].user)
    response = client.post(reverse("league-fixture-action-api", args=[fixture.pk, "report"]),
                           {"winner": garbage, "score_a": 5, "score_b": 1},
                           content_type="application/json")
    assert response.status_code == 400 and "winner" in response.json()["errors"]
    assert Fixture.objects.get().status == "ready"


@pytest.mark.parametrize("name", ["tournaments:ladder", "tournaments:league"])
def test_garbled_query_parameters_on_the_event_pages_are_ignored(client, ladder, season,
                                                                 name):
    event = ladder if name == "tournaments:ladder" else season
    url = reverse(name, args=[event.club.slug, event.pk])
    assert client.get(url, {"challenged": "abc", "fixture": "1.5", "page": "x"}
                      ).status_code == 200
