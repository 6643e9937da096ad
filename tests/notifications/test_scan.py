"""The periodic look: a ready match, a ladder challenge, a fixture due in two days each tell
the players once, however often the look runs."""

import datetime

import pytest
from django.utils import timezone

from accounts.models import OutboundMail
from notifications.models import Kind, Notification
from notifications.services.scan import notifications_scan
from tests.factories import member
from tournaments import services
from tournaments.models_formats import Challenge, Ladder

pytestmark = pytest.mark.django_db


def test_the_first_rounds_ready_matches_tell_both_players_once(club):
    cup = services.tournament_create(club=club, name="Scan Cup",
                                     starts_on=datetime.date(2026, 11, 28))
    players = [member(club, n) for n in ("Ann", "Ben", "Cy", "Di")]
    for player in players:
        services.entry_add(tournament=cup, player=player)
    services.tournament_start(tournament=cup)
    assert notifications_scan() == 4
    assert notifications_scan() == 0  # the next look: nothing new
    assert set(Notification.objects.values_list("kind", flat=True)) == {Kind.MATCH_READY}
    assert OutboundMail.objects.count() == 4
    text = Notification.objects.get(user=players[0].user).text
    assert "is ready to play" in text and "Scan Cup" in text


def test_a_challenge_tells_the_challenged_then_the_challenger_and_before_it_expires(club):
    ann, ben = member(club, "Ann"), member(club, "Ben")
    ladder = Ladder.objects.create(club=club, name="Club ladder")
    now = timezone.now()
    challenge = Challenge.objects.create(ladder=ladder, challenger=ann, challenged=ben,
                                         issued_at=now, deadline=now + datetime.timedelta(days=7),
                                         length=7)
    notifications_scan()
    assert list(Notification.objects.values_list("user__username", flat=True)) == ["ben"]
    Challenge.objects.filter(pk=challenge.pk).update(status=Challenge.Status.ACCEPTED)
    notifications_scan()
    assert Notification.objects.filter(user=ann.user, text__contains="accepted").exists()
    notifications_scan(now=now + datetime.timedelta(days=6, hours=1))
    expiring = Notification.objects.filter(key=f"challenge:{challenge.pk}:expiring")
    assert set(expiring.values_list("user__username", flat=True)) == {"ann", "ben"}
