"""Two people entering or reporting the same match at the same moment give one result:
real threads, each with its own database connection and transaction. The services lock the
tournament row before they look at the match, so the second writer sees the first one's
result (on PostgreSQL a row lock; on SQLite the write lock serialises them)."""


import pytest
from django.test import Client
from django.urls import reverse

from results.models import FinishedMatch
from tests.concurrency import race
from tests.factories import member, members_named, tournament_of
from tournaments import services
from tournaments.models import ResultReport, TournamentMatch

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def match(club):
    tournament = tournament_of(club, members_named(club, "Ann", "Ben", "Cat", "Dan"),
                               name="Race Cup")
    return TournamentMatch.objects.select_related("player_a__user", "player_b__user").get(
        tournament=tournament, key="M1-1")


@pytest.fixture
def second_admin(club):
    return member(club, "Zoe", role="admin").user


def _post(user, url, data):
    def call():
        client = Client()
        client.force_login(user)
        return client.post(url, data, content_type="application/json")
    return call


def _published(match):
    return FinishedMatch.objects.filter(source="tournament", source_id=match.pk)


def test_two_directors_entering_one_match_at_once_give_one_result(match, alice, second_admin):
    url = reverse("tournament-match-enter-api", args=[match.pk])
    outcomes = race(_post(alice, url, {"winner": match.player_a_id, "score_a": 7,
                                        "score_b": 4}),
                     _post(second_admin, url, {"winner": match.player_b_id, "score_a": 2,
                                               "score_b": 7}))
    assert sorted(o.status_code for o in outcomes) == [200, 400], outcomes
    refused = next(o for o in outcomes if o.status_code == 400)
    assert "not ready" in refused.json()["detail"]
    accepted = next(o for o in outcomes if o.status_code == 200).json()
    match.refresh_from_db()
    assert match.status == TournamentMatch.Status.FINISHED
    assert match.winner_id == accepted["winner_id"]
    assert [(r.winner_id, r.score_a, r.score_b) for r in _published(match)] == [
        (match.winner_id, match.score_a, match.score_b)]
    final = TournamentMatch.objects.get(tournament=match.tournament, key="M2-1")
    assert final.player_a_id == match.winner_id  # the bracket advanced once, the right way


def test_both_players_reporting_the_same_result_at_once_give_one_result(match):
    url = reverse("tournament-match-report-api", args=[match.pk])
    data = {"winner": match.player_a_id, "score_a": 7, "score_b": 5}
    outcomes = race(_post(match.player_a.user, url, data), _post(match.player_b.user, url,
                                                                  data))
    assert [o.status_code for o in outcomes] == [201, 201], outcomes
    match.refresh_from_db()
    assert match.status == TournamentMatch.Status.FINISHED and match.winner_id == \
        match.player_a_id
    reports = ResultReport.objects.filter(match=match)
    assert reports.count() == 1 and reports.get().status == ResultReport.Status.CONFIRMED
    assert _published(match).count() == 1


def test_a_confirmation_racing_the_directors_entry_gives_one_result(match, alice):
    report = services.match_result_report(match=match, by=match.player_a.user,
                                          winner=match.player_a_id, score_a=7, score_b=1)

    def confirm():
        return services.match_result_confirm(report=report, by=match.player_b.user)

    def enter():
        return services.match_result_enter(match=match, by=alice, winner=match.player_b_id,
                                           score_a=3, score_b=7)

    outcomes = race(confirm, enter)
    errors = [o for o in outcomes if isinstance(o, Exception)]
    assert len(errors) == 1 and isinstance(errors[0], services.DOMAIN_ERRORS), outcomes
    match.refresh_from_db()
    won = match.player_a_id if isinstance(outcomes[0], ResultReport) else match.player_b_id
    assert match.winner_id == won and match.status == TournamentMatch.Status.FINISHED
    assert _published(match).get().winner_id == won
