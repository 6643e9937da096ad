"""Each page's "Print" link leads to its PDF; a pack being made answers a page with its
progress that reloads itself."""

import pytest
from django.urls import reverse

from clubs.models import Club
from tests.printing.conftest import event, swiss
from tests.ratings.conftest import build_small_club

pytestmark = pytest.mark.django_db


def _links(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


def test_the_tournament_page_links_its_bracket_and_pairings(client, carol, knockout):
    client.force_login(carol)
    page = _links(client.get(knockout.get_absolute_url()))
    for what in ("bracket", "pairings", "scoresheets", "tablecards"):
        url = reverse("printing:tournament", args=[knockout.club.slug, knockout.pk, what])
        assert f'href="{url}"' in page
        assert client.get(url)["Content-Type"] == "application/pdf"


def test_a_player_sees_no_link_to_the_directors_paper(client, bob, knockout):
    client.force_login(bob)
    page = _links(client.get(knockout.get_absolute_url()))
    assert "/print/scoresheets/" not in page and "/print/bracket/" in page


def test_the_standings_page_links_its_pdf(client, club):
    tournament = swiss(club, 4)
    page = _links(client.get(reverse("tournaments:standings", args=[club.slug, tournament.pk])))
    assert reverse("printing:tournament", args=[club.slug, tournament.pk, "standings"]) in page


def test_the_directors_page_links_the_scoresheets(client, alice, knockout):
    client.force_login(alice)
    page = _links(client.get(reverse("tournaments:manage", args=[knockout.club.slug,
                                                                 knockout.pk])))
    assert reverse("printing:tournament", args=[knockout.club.slug, knockout.pk,
                                                "scoresheets"]) in page


def test_the_rating_and_leaderboard_pages_link_their_pdfs(client, club, bob,
                                                          django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        world = build_small_club(club)
    client.force_login(bob)
    ratings = _links(client.get(reverse("clubs:ratings", args=[club.slug])))
    assert reverse("printing:ratings", args=[club.slug]) in ratings
    board = _links(client.get(reverse("clubs:leaderboard", args=[club.slug])))
    season_url = f'{reverse("printing:season", args=[club.slug])}?season={world.season.pk}'
    assert season_url in board
    assert client.get(season_url)["Content-Type"] == "application/pdf"


def test_a_stranger_is_refused_a_private_clubs_rating_list_page(client, club, dave):
    client.force_login(dave)
    assert client.get(reverse("printing:ratings", args=[club.slug])).status_code == 403


def test_a_public_clubs_rating_list_prints_for_a_visitor(client, club):
    Club.objects.filter(pk=club.pk).update(results_public=True)
    response = client.get(reverse("printing:ratings", args=[club.slug]))
    assert response["Content-Type"] == "application/pdf"


def test_a_big_pack_answers_a_progress_page_then_the_pdf(client, alice, club, settings,
                                                         django_capture_on_commit_callbacks):
    settings.PRINT_INLINE_SHEETS = 2
    tournament = event(club, 8)
    client.force_login(alice)
    url = reverse("printing:tournament", args=[club.slug, tournament.pk, "scoresheets"])
    with django_capture_on_commit_callbacks(execute=False) as sent:
        response = client.get(url)
    assert response.status_code == 202
    page = response.content.decode()
    assert 'http-equiv="refresh"' in page and 'data-testid="print-progress"' in page
    for callback in sent:
        callback()
    done = client.get(url)
    assert done.status_code == 200 and done["Content-Type"] == "application/pdf"
