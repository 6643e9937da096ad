"""The site's frame in the page's language: base.html's words, ``<html lang>``, the
JavaScript catalog before any script (cheap: built once, answered 304 with its ETag), the
API's reasons, and numbers in the language's format."""

import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from accounts.services.language import SESSION_KEY

pytestmark = pytest.mark.django_db


def test_the_frame_speaks_german(client):
    page = client.get(reverse("clubs:home"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="de">' in page
    assert ">Anmelden</a>" in page and "Backgammon-Clubmanager" in page


def test_the_frame_speaks_the_members_language(client, alice):
    client.force_login(alice)
    session = client.session
    session[SESSION_KEY] = "ja"
    session.save()
    page = client.get(reverse("clubs:home")).content.decode()
    assert '<html lang="ja">' in page and "ログアウト" in page and "通知" in page


def test_the_javascript_catalog_comes_before_any_script(client):
    page = client.get(reverse("clubs:home")).content.decode()
    catalog = page.index(f'<script src="{reverse("javascript-catalog")}?lang=en"></script>')
    assert catalog < page.index("</head>")
    assert catalog == page.index("<script")


def test_the_javascript_catalog_is_anonymous_and_answered_304_when_unchanged(client):
    response = client.get(reverse("javascript-catalog"), HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200
    assert "django.catalog" in response.content.decode()
    assert response["Content-Language"] == "de" and "no-cache" in response["Cache-Control"]
    assert "Accept-Language" in response["Vary"]
    again = client.get(reverse("javascript-catalog"), HTTP_ACCEPT_LANGUAGE="de",
                       HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304 and not again.content
    english = client.get(reverse("javascript-catalog"), HTTP_ACCEPT_LANGUAGE="en",
                         HTTP_IF_NONE_MATCH=response["ETag"])
    assert english.status_code == 200 and english["ETag"] != response["ETag"]


def test_the_javascript_catalog_is_built_once_per_language(client, django_assert_max_num_queries):
    client.get(reverse("javascript-catalog"), HTTP_ACCEPT_LANGUAGE="it")
    with django_assert_max_num_queries(0):
        assert client.get(reverse("javascript-catalog"),
                          HTTP_ACCEPT_LANGUAGE="it").status_code == 200


def test_the_apis_404_is_in_the_callers_language(client):
    german = client.get("/api/tournaments/999999/", HTTP_ACCEPT_LANGUAGE="de").json()
    english = client.get("/api/tournaments/999999/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert english == {"detail": "No Tournament matches the given query."}
    assert german["detail"] != english["detail"] and "Tournament" in german["detail"]


def test_a_throttled_answer_says_how_long_to_wait_in_the_callers_language(client, rates):
    rates(anon="1/minute")
    client.get("/api/clubs/", HTTP_ACCEPT_LANGUAGE="de")
    response = client.get("/api/clubs/", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 429
    assert re.fullmatch(r"Zu viele Anfragen\. Wieder verfügbar in \d+ Sekunden?\.",
                        response.json()["detail"]), response.json()


@pytest.fixture
def rated_club():
    from clubs.models import Club
    from ratings.services.recompute import BEGINNING, ratings_recompute
    from ratings.services.updates import ratings_recompute_request

    call_command("demo_data", verbosity=0)
    club = Club.objects.get(slug="riverside")
    ratings_recompute_request(club_id=club.pk, from_at=BEGINNING[0], from_match_id=BEGINNING[1])
    ratings_recompute(club_id=club.pk)
    return club


def test_ratings_are_written_with_the_languages_decimal_mark(client, rated_club):
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.get(username="admin"))
    path = reverse("clubs:leaderboard", args=[rated_club.slug])
    pages = {}
    for language in ("en", "de"):
        session = client.session
        session[SESSION_KEY] = language
        session.save()
        pages[language] = client.get(path).content.decode()
    # A rating keeps its decimals (FIBS's two) in every language; only the mark changes.
    assert re.search(r">1\d{3}\.\d\d<", pages["en"]) and not re.search(r">1\d{3},\d+<",
                                                                        pages["en"])
    assert re.search(r">1\d{3},\d\d<", pages["de"]) and not re.search(r">1\d{3}\.\d+<",
                                                                       pages["de"])
