"""The live board speaks the member's language: the board page in German and Japanese, a
refused action's reason (the API's ``detail``) in the language the member chose; the values
read by scripts (data-version, form values) stay as they are."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.models import AccountPreference
from tests.live.conftest import start

pytestmark = pytest.mark.django_db


def _speaking(user, language: str):
    """A client signed in as ``user``, who chose ``language`` on their account page (the
    sign-in keeps it in the session, as the language middleware reads it)."""
    AccountPreference.objects.update_or_create(user=user, defaults={"language": language})
    client = APIClient()
    client.force_login(user)
    return client


def test_the_board_page_speaks_german(club, joe, snow):
    match_id = start(club, joe.user, joe, snow, length=1)
    page = _speaking(joe.user, "de").get(reverse("live:board", args=[match_id]))
    html = page.content.decode()
    assert page.status_code == 200 and page["Content-Language"] == "de"
    assert "Eröffnungswurf" in html  # the opening roll: whose turn, and its form
    assert "Ich habe den Eröffnungswurf gewonnen" in html
    assert "Partie 1" in html and "Doppler 1" in html
    assert "Bildschirmansicht" in html and "Matchdatei" in html
    assert "(Weiß, unten)" in html  # the board's own label
    assert 'data-version="0"' in html and 'name="version" value="0"' in html


def test_the_board_page_speaks_japanese(club, joe, snow):
    match_id = start(club, joe.user, joe, snow, length=3)
    page = _speaking(snow.user, "ja").get(reverse("live:board", args=[match_id]))
    html = page.content.decode()
    assert "オープニングロール" in html and "ゲーム 1" in html
    assert "3 ポイントマッチ" in html and "スクリーン表示" in html


def test_a_refused_action_says_why_in_the_members_language(club, joe, snow):
    match_id = start(club, joe.user, joe, snow)
    client = _speaking(joe.user, "de")
    response = client.post(reverse("live-action-api", args=[match_id]),
                           {"action": "double"}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == ("Zuerst würfeln: die Partie beginnt mit dem "
                                         "Eröffnungswurf.")


def test_a_stale_action_says_so_in_the_members_language(club, joe, snow):
    match_id = start(club, joe.user, joe, snow)
    client = _speaking(joe.user, "de")
    response = client.post(reverse("live-action-api", args=[match_id]),
                           {"action": "roll", "dice": [5, 1], "version": 3}, format="json")
    assert response.status_code == 409
    assert response.json()["detail"].startswith("Das Match hat sich inzwischen geändert")


def test_without_a_choice_the_reason_stays_english(club, joe, snow):
    match_id = start(club, joe.user, joe, snow)
    client = APIClient()
    client.force_login(joe.user)
    response = client.post(reverse("live-action-api", args=[match_id]),
                           {"action": "double"}, format="json")
    assert response.json()["detail"] == "Roll first: the game starts with the opening roll."


def test_the_lobby_speaks_german(club, joe):
    page = _speaking(joe.user, "de").get(reverse("live:club", args=[club.slug]))
    html = page.content.decode()
    assert "Ein Match starten" in html and "Gegen den Computer üben" in html
    assert "Experte" in html  # the computer's levels, in gnubg's own words
