"""A result as people say it: the winner's score first ("Erin wins 3–1", never "Erin wins
1–3" when Erin was the second player), and a status inside a sentence keeps German's
capital nouns ("Bereit zum Start", not "bereit zum start")."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests.factories import members, tournament_of
from tournaments import services
from tournaments.models import ResultReport, TournamentMatch

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _the_default_language_afterwards():
    yield
    translation.deactivate()


@pytest.fixture
def cup(club):
    return tournament_of(club, members(club, 4, name="Spieler{}", username="s{}"),
                         format="round_robin", starts_on=datetime.date(2026, 11, 27))


def _standings(client, cup, language):
    url = reverse("tournaments:standings", kwargs={"slug": cup.club.slug, "pk": cup.pk})
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_the_winners_score_comes_first_whichever_column_they_were_in(client, cup, alice):
    first = TournamentMatch.objects.filter(tournament=cup, round_number=1).first()
    services.match_result_enter(match=first, by=alice, winner=first.player_b_id, score_a=1,
                                score_b=first.length)
    first.refresh_from_db()
    page = _standings(client, cup, "en")
    assert f"{first.player_b.name} wins {first.length}–1" in page
    assert f"{first.player_b.name} wins 1–{first.length}" not in page


def test_a_reports_name_says_the_winners_score_first(cup, alice):
    first = TournamentMatch.objects.filter(tournament=cup, round_number=1).first()
    report = ResultReport(match=first, winner=first.player_b, score_a=0, score_b=3,
                          reported_by=alice)
    assert str(report).endswith(f"{first.player_b} wins 3–0")
    with translation.override("de"):
        assert "3–0" in str(report) and "wins" not in str(report)


def test_a_status_inside_a_german_sentence_keeps_its_capitals(client, cup):
    page = _standings(client, cup, "de")
    assert "Bereit zum Start" in page
    assert not re.search(r"bereit zum start", page)
    assert "ready to start" in _standings(client, cup, "en")
