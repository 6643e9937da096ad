"""The national list's pages: the federation's ratings page and the player page's club and
national ratings side by side, both histories on one chart."""

import pytest
from django.urls import reverse

from tests.ratings.federation_world import at, build_federation, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(club, other_club, django_capture_on_commit_callbacks):
    w = build_federation(club, other_club)
    club.results_public = True
    club.save()
    with django_capture_on_commit_callbacks(execute=True):
        play(club, w.ann, w.ben, w.ann, at(2026, 3, 1))
        play(other_club, w.fay, w.cat, w.fay, at(2026, 3, 2))
        play(club, w.fay, w.ann, w.ann, at(2026, 3, 3))
    return w


def test_the_federation_page_lists_the_national_ratings(client, world):
    page = client.get(reverse("clubs:federation-ratings", args=["dbgf"]),
                      {"as_of": "2026-03-31"}).content.decode()
    for name in ("Ann", "Ben", "Cat", "Fay"):
        assert name in page
    assert "hilltop, riverside" in page


def test_the_federation_page_says_why_a_future_day_is_refused(client, world):
    answer = client.get(reverse("clubs:federation-ratings", args=["dbgf"]),
                        {"as_of": "2999-01-01"})
    assert answer.status_code == 200
    assert "cannot be in the future" in answer.content.decode()


def test_the_player_page_shows_club_and_national_ratings_on_one_chart(client, alice, world):
    client.force_login(alice)
    page = client.get(reverse("clubs:player", args=["riverside", world.fay.pk])).content.decode()
    assert "Club and national ratings" in page
    assert "Dansk Backgammon Forbund" in page
    assert page.count('<polyline class="series-') == 2


def test_a_player_on_no_national_list_sees_no_national_part(client, alice, club):
    client.force_login(alice)
    page = client.get(reverse("clubs:player", args=["riverside", alice.player.pk]))
    assert "Club and national ratings" not in page.content.decode()
