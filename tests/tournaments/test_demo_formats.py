"""The demo data's round-based events (run twice: nothing doubles): a Swiss night in its
second round, a ladder with an open challenge, a league season with two divisions."""

import pytest
from django.core.management import call_command

from clubs.models import Club
from tournaments.models import Challenge, Fixture, TournamentMatch

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo():
    call_command("demo_data")
    call_command("demo_data")
    return Club.objects.get(slug="riverside")


def test_a_swiss_night_in_progress(demo):
    night = demo.tournaments.get(format="swiss")
    assert night.status == "running" and night.rounds.count() == 2
    assert night.entries.count() == 10 and night.options["format_settings"]["rounds"] == 4
    second = night.matches.filter(round_number=2)
    assert second.filter(status=TournamentMatch.Status.FINISHED).count() == 1
    assert second.filter(status=TournamentMatch.Status.READY).count() == 4


def test_a_ladder_with_an_open_challenge(demo):
    ladder = demo.ladders.get()
    assert ladder.rungs.count() == 8
    assert ladder.challenges.filter(status=Challenge.Status.OPEN).count() == 1
    assert ladder.challenges.filter(status=Challenge.Status.DECIDED).count() == 1


def test_a_league_season_with_two_divisions(demo):
    season = demo.leagues.get()
    assert season.status == "running" and season.divisions.count() == 2
    fixtures = Fixture.objects.filter(division__season=season)
    assert fixtures.count() == 20 and fixtures.filter(status="finished").count() == 2
