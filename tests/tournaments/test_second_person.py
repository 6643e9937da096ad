"""A reported result takes a second person: the opponent, or one of the club's admins or
referees (a report one login made, such as a match played on one device, is decided by
another). Through the event's page, as a referee and as another club's admin would."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import ResultReport, TournamentMatch

pytestmark = pytest.mark.django_db


@pytest.fixture
def report(club, bob):
    """Bob reports his final against Ann (Ann has not answered)."""
    cup = services.tournament_create(club=club, name="Second Cup",
                                     starts_on=datetime.date(2026, 11, 28))
    ann = PlayerFactory(name="Ann", user=UserFactory(username="ann"))
    MembershipFactory(club=club, player=ann)
    services.entry_add(tournament=cup, player=bob.player)
    services.entry_add(tournament=cup, player=ann)
    services.tournament_start(tournament=cup)
    match = TournamentMatch.objects.get(tournament=cup, key="M1-1")
    winner = bob.player.pk
    score_a, score_b = (7, 3) if match.player_a_id == winner else (3, 7)
    return services.match_result_report(match=match, by=bob, winner=winner, score_a=score_a,
                                        score_b=score_b)


def _confirm(client, report):
    cup = report.match.tournament
    return client.post(reverse("tournaments:play", args=[cup.club.slug, cup.pk, "confirm"]),
                       {"report": report.pk})


def test_the_clubs_referee_sees_the_confirm_button_and_confirms(client, report, carol):
    client.force_login(carol)
    page = client.get(report.match.tournament.get_absolute_url()).content.decode()
    assert 'data-testid="confirm-report"' in page
    assert "Dispute" not in page  # disputing is the opponent's
    _confirm(client, report)
    report.refresh_from_db()
    assert report.status == ResultReport.Status.CONFIRMED
    assert TournamentMatch.objects.get(pk=report.match_id).status == "finished"


def test_the_reporter_and_another_clubs_admin_do_not_confirm(client, report, bob, dave):
    for user in (bob, dave):
        client.force_login(user)
        page = client.get(report.match.tournament.get_absolute_url()).content.decode()
        assert 'data-testid="confirm-report"' not in page
        _confirm(client, report)
        report.refresh_from_db()
        assert report.status == ResultReport.Status.PENDING
