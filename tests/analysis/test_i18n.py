"""The analysis speaks the member's language: the panel on the match page in German and
Japanese (gnubg's own words for the marks), its figures in the German number format, the
player's page and the settings form; the values read by scripts stay as they are."""

import re

import pytest
from django.urls import reverse

from accounts.models import AccountPreference

pytestmark = pytest.mark.django_db
pytest.importorskip("gnubg")


def _speaking(client, user, language: str):
    AccountPreference.objects.update_or_create(user=user, defaults={"language": language})
    client.force_login(user)
    return client


def test_the_panel_speaks_german_with_german_numbers(client, bob, record):
    page = _speaking(client, bob, "de").get(record.get_absolute_url()).content.decode()
    assert "Analyse von GNU Backgammon" in page
    assert "Fehlerrate (mEMG pro Entscheidung)" in page and "Glück gesamt (EMG)" in page
    assert "Sehr schlecht" in page  # gnubg's own word for a very bad decision
    assert "90,4" in page and "90.4" not in page  # alice's chequer error rate: 90.4
    assert "44,6" in page  # the PR-like figure
    assert "+6,50 %" in page and "-6,50 %" in page  # gnubg's luck-adjusted results
    assert "?game=1&amp;line=" in page  # the links to the replay stay as they are


def test_the_panel_speaks_japanese(client, bob, record):
    page = _speaking(client, bob, "ja").get(
        reverse("analysis:panel", args=[record.pk]) + "?errors=bad").content.decode()
    assert "GNU Backgammon による解析" in page and "非常に悪い" in page
    assert "エラーレート（1判断あたり mEMG）" in page


def test_the_players_page_and_the_leaderboard_speak_german(client, bob, club, record):
    from analysis.models import PlayerAnalysis

    alice_id = PlayerAnalysis.objects.get(analysis__record=record, side=0).player_id
    client = _speaking(client, bob, "de")
    page = client.get(reverse("analysis:player", args=[club.slug, alice_id])).content.decode()
    assert "Matchanalyse" in page and "Beste und schlechteste Matches" in page
    pooled = page.split('data-testid="pooled"')[1].split("</div>\n</div>")[0]
    assert re.search(r"<strong>\d+,\d</strong>", pooled)  # the error rate: one decimal, a comma
    board = client.get(reverse("analysis:leaderboard", args=[club.slug])).content.decode()
    assert "Fehlerraten-Bestenliste" in board


def test_the_settings_form_speaks_german(client, alice, club):
    page = _speaking(client, alice, "de").get(
        reverse("analysis:manage", args=[club.slug])).content.decode()
    assert "Analyse-Einstellungen" in page and "Zweifelhaft ab (EMG)" in page
    response = client.post(reverse("analysis:manage", args=[club.slug]), {
        "plies": "0", "doubtful": "0.06", "bad": "0.06", "very_bad": "0.12"})
    assert "Schlecht muss über 0,06 EMG liegen" in response.content.decode()
