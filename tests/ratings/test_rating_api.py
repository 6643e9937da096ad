"""The ratings API on the hand-worked small club (tests/ratings/conftest.py)."""

import math

import pytest
from django.urls import reverse

from clubs.models import Club

pytestmark = pytest.mark.django_db


def api(client, name, *args, **params):
    return client.get(reverse(name, args=("riverside", *args)), params)


@pytest.fixture
def member(client, bob):
    client.force_login(bob)
    return client


def test_the_rating_list_gives_unrounded_ratings(member, small_club):
    body = api(member, "rating-list-api").json()
    ann = next(r for r in body["provisional"] if r["name"] == "Ann")
    assert ann["experience"] == 17 and ann["matches"] == 3 and ann["rank"] is None
    assert body["pending"] is False and body["established"] == []


def test_a_players_history_lists_each_rated_match_in_order(member, small_club):
    rows = api(member, "rating-history-api", small_club.ben.pk).json()
    assert [r["won"] for r in rows] == [False, True, False]
    assert rows[0]["change"] == pytest.approx(-10 * math.sqrt(5))
    assert rows[1]["rating_before"] == pytest.approx(rows[0]["rating_after"])


def test_head_to_head_names_the_nemesis(member, small_club):
    body = api(member, "head-to-head-api", small_club.ben.pk).json()
    assert body["nemesis"]["name"] == "Ann"
    assert body["nemesis"]["losses"] == 2 and body["nemesis"]["points_against"] == 10


def test_the_standings_follow_the_season(member, small_club):
    body = api(member, "standings-api", season=small_club.season.pk).json()
    assert body["season"] == "2026 H1"
    assert body["columns"] == ["rating", "rated_matches", "wins", "losses", "points"]
    assert [(r["name"], r["points"]) for r in body["rows"]][0] == ("Ann", 11)


def test_what_if_gives_the_worked_check(member, small_club):
    body = api(member, "what-if-api", rating_a=1800, experience_a=400, rating_b=1700,
               experience_b=400, length=5).json()
    assert (round(body["a_if_a"], 2), round(body["b_if_b"], 2)) == (3.90, 5.04)
    assert body["chance_a"] + body["chance_b"] == pytest.approx(1)


def test_what_if_needs_a_player_or_a_rating_for_each_side(member, small_club):
    response = api(member, "what-if-api", rating_a=1800, length=5)
    assert response.status_code == 400


def test_a_stranger_gets_403_unless_the_results_are_public(client, small_club, dave):
    client.force_login(dave)
    assert api(client, "rating-list-api").status_code == 403
    Club.objects.filter(pk=small_club.club.pk).update(results_public=True)
    assert api(client, "rating-list-api").status_code == 200
