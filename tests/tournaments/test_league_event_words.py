"""A league's finished match names its season and division as a sentence kept untranslated
(``config.texts``), read in each reader's language: "2026 — Division 2" in English, the
division's word in Danish, German, Italian and Japanese."""

import datetime

import pytest
from django.utils import translation

from results.models import FinishedMatch
from tests.factories import members
from tournaments.models import Fixture
from tournaments.services import league

pytestmark = pytest.mark.django_db
LANGUAGES = ("da", "de", "it", "ja")


@pytest.fixture(autouse=True)
def _the_default_language_afterwards():
    yield
    translation.deactivate()


def test_a_league_matchs_event_names_the_division_in_the_readers_language(club):
    players = members(club, 4)
    season = league.season_create(
        club=club, name="2026", starts_on=datetime.date(2026, 1, 5),
        ends_on=datetime.date(2026, 6, 30),
        divisions=[[p.pk for p in players[:2]], [p.pk for p in players[2:]]],
        days_per_round=14, promote=1, relegate=1, length=5)
    league.season_start(season=season)
    fixture = Fixture.objects.get(division__season=season, division__number=2)
    league.fixture_enter(fixture=fixture, by=None, winner=fixture.player_a_id,
                         score_a=5, score_b=2)
    row = FinishedMatch.objects.get(source="league", source_id=fixture.pk)
    assert row.event == "2026 — Division 2"  # the plain column, for exports
    for language in LANGUAGES:
        with translation.override(language):
            division = translation.gettext("Division %(number)s") % {"number": 2}
            assert row.event_shown == f"2026 — {division}", language
            if language != "da":  # Danish writes "Division" too
                assert row.event_shown != row.event, language


def test_a_division_the_club_named_keeps_its_name_in_the_event(club):
    players = members(club, 2)
    season = league.season_create(
        club=club, name="Winter", starts_on=datetime.date(2026, 1, 5),
        ends_on=datetime.date(2026, 6, 30), divisions=[[p.pk for p in players]],
        days_per_round=14, promote=0, relegate=0, length=5)
    season.divisions.update(name="Premier")
    league.season_start(season=season)
    fixture = Fixture.objects.get(division__season=season)
    league.fixture_enter(fixture=fixture, by=None, winner=fixture.player_a_id,
                         score_a=5, score_b=2)
    row = FinishedMatch.objects.get(source="league", source_id=fixture.pk)
    with translation.override("de"):
        assert row.event_shown == "Winter — Premier" == row.event


def test_the_migration_gives_earlier_league_matches_their_sentence(club):
    from importlib import import_module

    from django.apps import apps

    players = members(club, 2)
    season = league.season_create(
        club=club, name="2025", starts_on=datetime.date(2026, 1, 5),
        ends_on=datetime.date(2026, 6, 30), divisions=[[p.pk for p in players]],
        days_per_round=14, promote=0, relegate=0, length=5)
    league.season_start(season=season)
    fixture = Fixture.objects.get(division__season=season)
    league.fixture_enter(fixture=fixture, by=None, winner=fixture.player_a_id,
                         score_a=5, score_b=2)
    FinishedMatch.objects.filter(source="league").update(event_message=[])  # as stored before
    import_module("tournaments.migrations.0013_league_event_message").forwards(apps, None)
    row = FinishedMatch.objects.get(source="league", source_id=fixture.pk)
    with translation.override("de"):
        assert row.event_shown == "2025 — Spielklasse 1"
