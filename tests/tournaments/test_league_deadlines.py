"""League fixtures past their round's deadline without a result: the periodic task voids
them (a double forfeit) or hands them to the referees, as the season says; idempotent; the
beat schedule runs it; the referees' ruling is kept in the audit log."""

import datetime

import pytest
from django.conf import settings
from django.urls import reverse

from audit.models import AuditEntry
from results.models import FinishedMatch
from tests.factories import members
from tournaments import selectors_league
from tournaments.models import Fixture, LeagueSeason
from tournaments.services import league
from tournaments.services.errors import TournamentError
from tournaments.tasks import fixtures_expire_task

pytestmark = pytest.mark.django_db
START = datetime.date(2026, 1, 5)
ROUND_1_DEADLINE = datetime.date(2026, 1, 19)
FixtureStatus = Fixture.Status


def _season(club, missed="void", count=4):
    players = members(club, count)
    season = league.season_create(
        club=club, name="2026", starts_on=START, ends_on=datetime.date(2026, 6, 30),
        divisions=[[p.pk for p in players]], days_per_round=14, length=5,
        missed_deadline=missed)
    league.season_start(season=season)
    return season


def _round(season, number):
    return Fixture.objects.filter(division__season=season, round=number).order_by("pk")


def test_a_missed_deadline_voids_the_fixture_once_the_deadline_day_is_over(club):
    season = _season(club)
    played, missed = _round(season, 1)
    league.fixture_enter(fixture=played, by=None, winner=played.player_a_id, score_a=5,
                         score_b=1)
    assert league.fixtures_expire(today=ROUND_1_DEADLINE) == []  # the last day to play
    assert league.fixtures_expire(today=ROUND_1_DEADLINE + datetime.timedelta(days=1)) == [
        missed.pk]
    assert league.fixtures_expire(today=ROUND_1_DEADLINE + datetime.timedelta(days=1)) == []
    missed.refresh_from_db()
    assert (missed.status, missed.winner_id) == (FixtureStatus.VOID, None)
    assert _round(season, 2).filter(status=FixtureStatus.READY).count() == 2  # not yet due
    assert not FinishedMatch.objects.filter(source="league", source_id=missed.pk).exists()
    table = selectors_league.season_tables(season=season)[0]["rows"]
    assert sum(r["played"] for r in table) == 2 and sum(r["wins"] for r in table) == 1


def test_a_void_fixture_lets_the_season_finish(club):
    season = _season(club, count=2)
    league.fixtures_expire(today=ROUND_1_DEADLINE + datetime.timedelta(days=1))
    league.season_finish(season=season)
    season.refresh_from_db()
    assert season.status == LeagueSeason.Status.FINISHED


def test_a_reported_result_waiting_for_confirmation_is_not_voided(club):
    season = _season(club)
    fixture = _round(season, 1).select_related("player_a").first()
    league.fixture_report(fixture=fixture, by=fixture.player_a.user,
                          winner=fixture.player_a_id, score_a=5, score_b=0)
    league.fixtures_expire(today=ROUND_1_DEADLINE + datetime.timedelta(days=3))
    fixture.refresh_from_db()
    assert fixture.status == FixtureStatus.REPORTED


def test_with_the_referees_setting_a_missed_fixture_waits_for_their_ruling(club, carol):
    season = _season(club, missed="referees")
    first, second = _round(season, 1)
    later = ROUND_1_DEADLINE + datetime.timedelta(days=1)
    assert sorted(league.fixtures_expire(today=later)) == sorted([first.pk, second.pk])
    assert league.fixtures_expire(today=later) == []
    first.refresh_from_db()
    assert first.status == FixtureStatus.OVERDUE
    with pytest.raises(TournamentError, match="Only the two players report"):
        league.fixture_report(fixture=first, by=carol, winner=first.player_a_id, score_a=5,
                              score_b=0)
    league.fixture_rule(fixture=first, by=carol, outcome="walkover", winner=first.player_b_id,
                        reason="a never answered")
    league.fixture_rule(fixture=second, by=carol, outcome="void", reason="both away")
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, first.winner_id) == (FixtureStatus.WALKOVER, first.player_b_id)
    assert (second.status, second.winner_id) == (FixtureStatus.VOID, None)
    assert list(AuditEntry.objects.order_by("pk").values_list("action", "reason")) == [
        ("ruling", "a never answered"), ("ruling", "both away")]
    with pytest.raises(TournamentError, match="past its deadline"):
        league.fixture_rule(fixture=first, by=carol, outcome="void", reason="again")


def test_the_task_is_idempotent(club, monkeypatch):
    season = _season(club)
    monkeypatch.setattr("django.utils.timezone.localdate",
                        lambda: ROUND_1_DEADLINE + datetime.timedelta(days=1))
    assert fixtures_expire_task() == 2
    assert fixtures_expire_task() == 0
    assert _round(season, 1).filter(status=FixtureStatus.VOID).count() == 2


def test_a_referee_rules_from_the_web_and_a_player_cannot(client, club, carol, bob):
    season = _season(club, missed="referees")
    league.fixtures_expire(today=ROUND_1_DEADLINE + datetime.timedelta(days=1))
    fixture = _round(season, 1).first()
    url = reverse("tournaments:league-action", args=[club.slug, season.pk, "rule"])
    data = {"fixture": fixture.pk, "outcome": "result", "winner": fixture.player_a_id,
            "score_a": 5, "score_b": 2, "reason": "played on the 18th, sheet late"}
    client.force_login(bob)
    assert client.post(url, data).status_code == 403
    client.force_login(carol)
    page = client.get(reverse("tournaments:league", args=[club.slug, season.pk]))
    assert 'data-testid="rule"' in page.content.decode()
    client.post(url, data)
    fixture.refresh_from_db()
    assert (fixture.status, fixture.score_a, fixture.score_b) == (FixtureStatus.FINISHED, 5, 2)


def test_a_referee_rules_through_the_api(client, club, carol, dave):
    season = _season(club, missed="referees")
    league.fixtures_expire(today=ROUND_1_DEADLINE + datetime.timedelta(days=1))
    fixture = _round(season, 1).first()
    url = reverse("league-fixture-action-api", args=[fixture.pk, "rule"])
    client.force_login(dave)
    assert client.post(url, {"outcome": "void", "reason": "x"},
                       content_type="application/json").status_code == 403
    client.force_login(carol)
    response = client.post(url, {"outcome": "void", "reason": "both away"},
                           content_type="application/json")
    assert response.status_code == 200 and response.json()["status"] == "void"


def test_an_admin_chooses_the_setting_when_drafting_a_season(client, club, alice):
    players = members(club, 2)
    client.force_login(alice)
    client.post(reverse("tournaments:leagues", args=[club.slug]), {
        "name": "2027", "starts_on": "2027-01-04", "ends_on": "2027-06-30",
        "divisions": f"{players[0].name}, {players[1].name}", "cycles": 1,
        "days_per_round": 14, "promote": 1, "relegate": 1, "length": 5,
        "missed_deadline": "referees"})
    assert club.leagues.get().missed_deadline == "referees"


def test_the_beat_schedule_runs_the_fixture_expiry_task():
    tasks = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "tournaments.tasks.fixtures_expire_task" in tasks
    from config.celery import app

    app.loader.import_default_modules()
    assert "tournaments.tasks.fixtures_expire_task" in app.tasks


def test_someone_else_reporting_a_fixture_through_the_api_gets_403(client, club, bob):
    season = _season(club)
    fixture = _round(season, 1).first()
    client.force_login(bob)
    response = client.post(reverse("league-fixture-action-api", args=[fixture.pk, "report"]),
                           {"winner": fixture.player_a_id, "score_a": 5, "score_b": 0},
                           content_type="application/json")
    assert response.status_code == 403 and "Only the two players" in response.json()["detail"]
    fixture.refresh_from_db()
    assert fixture.status == FixtureStatus.READY
