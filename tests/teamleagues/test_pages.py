"""The pages: the division table with its tie-breaks, fixtures by round, the match card (the
captains' forms on it, hidden line-ups), a team, the captain's to-do."""

import pytest
from django.urls import reverse

from teamleagues.models import Fixture

from .conftest import lineup_of, win_all

pytestmark = pytest.mark.django_db


def first(w):
    return Fixture.objects.filter(league=w.league).order_by("round", "pk").first()


def test_the_table_shows_its_tiebreaks(client, world):
    page = client.get(reverse("teamleagues:league", args=[world.league.pk])).content.decode()
    assert "Ranked by" in page and "head-to-head" in page and "Aarhus BG" in page


def test_fixtures_by_round(client, world):
    page = client.get(reverse("teamleagues:fixtures", args=[world.league.pk])
                      ).content.decode()
    assert "Round 1" in page and "Round 3" in page


def test_the_card_played_through_its_forms(client, world):
    w, fixture = world, first(world)
    url = reverse("teamleagues:card", args=[fixture.pk])
    for team in (fixture.home, fixture.away):
        client.force_login(w.captains[team.pk])
        page = client.get(url).content.decode()
        assert 'data-testid="lineup-form"' in page
        client.post(reverse("teamleagues:card-action", args=[fixture.pk, "lineup"]),
                    {"team": team.pk, "player": lineup_of(w, team)})
    client.force_login(w.captains[fixture.home_id])
    data = {}
    for b in win_all():
        n = b["board"]
        data.update({f"winner_{n}": "home", f"home_{n}": b["score_home"],
                     f"away_{n}": b["score_away"]})
    client.post(reverse("teamleagues:card-action", args=[fixture.pk, "enter"]), data)
    assert Fixture.objects.get(pk=fixture.pk).status == "entered"
    client.force_login(w.captains[fixture.away_id])
    assert 'data-testid="confirm-form"' in client.get(url).content.decode()
    client.post(reverse("teamleagues:card-action", args=[fixture.pk, "confirm"]))
    assert Fixture.objects.get(pk=fixture.pk).status == "confirmed"


def test_a_refused_entry_is_said_on_the_card(client, world):
    w, fixture = world, first(world)
    client.force_login(w.captains[fixture.home_id])
    response = client.post(reverse("teamleagues:card-action", args=[fixture.pk, "enter"]),
                           {"winner_1": "home", "home_1": "3", "away_1": "0"}, follow=True)
    assert Fixture.objects.get(pk=fixture.pk).status == "scheduled"
    assert "Board 2: choose the winner." in response.content.decode()


def test_the_away_captains_confirm_from_the_home_captain_is_403(client, world):
    w, fixture = world, first(world)
    client.force_login(w.captains[fixture.home_id])
    response = client.post(reverse("teamleagues:card-action", args=[fixture.pk, "confirm"]))
    assert response.status_code == 403


def test_the_other_line_up_is_hidden_on_the_card(client, world):
    w, fixture = world, first(world)
    client.force_login(w.captains[fixture.home_id])
    client.post(reverse("teamleagues:card-action", args=[fixture.pk, "lineup"]),
                {"team": fixture.home_id, "player": lineup_of(w, fixture.home)})
    client.force_login(w.captains[fixture.away_id])
    page = client.get(reverse("teamleagues:card", args=[fixture.pk])).content.decode()
    assert "hidden until both line-ups are in" in page
    assert fixture.home.squad.first().name not in page


def test_the_team_page_and_the_captains_to_do(client, world):
    w, fixture = world, first(world)
    page = client.get(reverse("teamleagues:team", args=[fixture.home_id])).content.decode()
    assert fixture.home.captain.name in page
    client.force_login(w.captains[fixture.home_id])
    todo = client.get(reverse("teamleagues:captain")).content.decode()
    assert "Submit the line-up of" in todo
