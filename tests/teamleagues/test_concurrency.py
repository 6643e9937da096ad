"""Two confirmations of one card, or two draws of one season, at the same moment: real
threads, each with its own connection. The services lock the league's row first, so the
second finds the work done and is refused (a 400), and nothing is written twice."""

import pytest
from django.test import Client
from django.urls import reverse

from results.models import FinishedMatch
from teamleagues import services
from teamleagues.models import Fixture
from tests.concurrency import race

from .conftest import lineup_of, make_world, win_all

pytestmark = pytest.mark.django_db(transaction=True)


def _post(user, url, data=None):
    def call():
        client = Client()
        client.force_login(user)
        return client.post(url, data or {}, content_type="application/json")
    return call


def test_two_confirmations_at_once_give_one_confirmed_card():
    w = make_world()
    fixture = Fixture.objects.filter(league=w.league).order_by("round", "pk").first()
    for team in (fixture.home, fixture.away):
        services.lineup_submit(fixture=fixture, team=team, players=lineup_of(w, team),
                               by=w.captains[team.pk])
    services.card_enter(fixture=fixture, boards=win_all(), by=w.captains[fixture.home_id])
    url = reverse("team-fixture-confirm-api", args=[fixture.pk])
    away = w.captains[fixture.away_id]
    answers = race(_post(away, url), _post(away, url))
    assert sorted(a.status_code for a in answers) == [200, 400]
    assert FinishedMatch.objects.filter(source="team_league").count() == 3


def test_two_draws_at_once_give_one_draw():
    w = make_world(draw=False)
    url = reverse("team-league-draw-api", args=[w.league.pk])
    answers = race(_post(w.fed_admin, url, {"start": "2030-09-01"}),
                   _post(w.fed_admin, url, {"start": "2030-09-01"}))
    assert sorted(a.status_code for a in answers) == [201, 400]
    assert Fixture.objects.filter(league=w.league).count() == 12


def test_a_live_start_and_a_paper_entry_at_once_never_both_hold_board_1():
    """Both lock the fixture: either the board went live first and the paper card naming
    it is refused, or the card was entered first and the board may no longer go live."""
    from live.models import LiveMatch

    w = make_world()
    fixture = Fixture.objects.filter(league=w.league).order_by("round", "pk").first()
    for team in (fixture.home, fixture.away):
        services.lineup_submit(fixture=fixture, team=team, players=lineup_of(w, team),
                               by=w.captains[team.pk])
    home = w.captains[fixture.home_id]
    answers = race(
        _post(home, reverse("team-board-live-api", args=[fixture.pk, 1])),
        _post(home, reverse("team-fixture-result-api", args=[fixture.pk]),
              {"boards": win_all()}))
    codes = [a.status_code for a in answers]
    assert sorted(codes) == [200, 400] or sorted(codes) == [201, 400]
    fixture.refresh_from_db()
    if codes[0] == 201:  # live first: no paper card, board 1 has no paper result
        assert fixture.status == "scheduled" and not fixture.boards.exists()
        assert LiveMatch.objects.filter(team_fixture=fixture, team_board=1).count() == 1
    else:  # paper first: entered, and nothing live
        assert fixture.status == "entered" and not LiveMatch.objects.exists()
