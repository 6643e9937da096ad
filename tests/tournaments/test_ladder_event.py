"""A ladder through the services: joins, challenges (accepted, reported and confirmed; one
expiring by the periodic task), the reach and no-rematch rules, a correction that replays
the ladder; the beat schedule names the task."""

import datetime

import pytest
from django.conf import settings
from django.utils import timezone

from audit.models import AuditEntry
from results.models import FinishedMatch
from tests.factories import ladder_of, members
from tournaments.models import Challenge
from tournaments.services import ladder as ladders
from tournaments.services.errors import TournamentError
from tournaments.tasks import challenges_expire_task

pytestmark = pytest.mark.django_db
ChallengeStatus = Challenge.Status


@pytest.fixture
def ladder(club):
    players = members(club, 6)
    ladder = ladder_of(club, players, name="Winter ladder", reach=3, days=14, length=7)
    ladder.players = dict(zip("abcdef", players, strict=True))
    return ladder


def order(ladder):
    names = {p.pk: k for k, p in ladder.players.items()}
    return "".join(names[p] for p in ladder.rungs.order_by("position")
                   .values_list("player_id", flat=True))


def test_a_ladder_season_with_challenges_one_expiring_and_a_correction(ladder):
    p = ladder.players
    assert order(ladder) == "abcdef"
    # f challenges c (3 above); c accepts; f reports 7-3; c confirms: f takes c's place.
    first = ladders.challenge_issue(ladder=ladder, by=p["f"].user, challenged=p["c"])
    ladders.challenge_accept(challenge=first, by=p["c"].user)
    ladders.challenge_report(challenge=first, by=p["f"].user, winner=p["f"].pk,
                             score_challenger=7, score_challenged=3)
    assert order(ladder) == "abcdef"  # not before the confirmation
    ladders.challenge_confirm(challenge=first, by=p["c"].user)
    assert order(ladder) == "abfcde"
    # e (6th) cannot reach b (2nd); e challenges f (3rd), who never answers.
    with pytest.raises(TournamentError, match="reach is 3"):
        ladders.challenge_issue(ladder=ladder, by=p["e"].user, challenged=p["b"])
    second = ladders.challenge_issue(ladder=ladder, by=p["e"].user, challenged=p["f"])
    assert second.deadline == second.issued_at + datetime.timedelta(days=14)
    assert ladders.challenges_expire(now=second.issued_at + datetime.timedelta(days=13)) == []
    later = second.issued_at + datetime.timedelta(days=14, minutes=1)
    assert ladders.challenges_expire(now=later) == [second.pk]
    assert ladders.challenges_expire(now=later) == []  # idempotent
    second.refresh_from_db()
    assert (second.status, second.winner_id) == (ChallengeStatus.EXPIRED, p["e"].pk)
    assert order(ladder) == "abefcd"
    row = FinishedMatch.objects.get(source="ladder", source_id=second.pk)
    assert row.outcome == FinishedMatch.Outcome.FORFEIT and not row.is_played
    assert FinishedMatch.objects.get(source="ladder", source_id=first.pk).outcome == "played"
    # c and f played each other last... f has since played e, but c has not played anyone
    # else: no rematch yet.
    with pytest.raises(TournamentError, match="played each other last"):
        ladders.challenge_issue(ladder=ladder, by=p["c"].user, challenged=p["f"])
    # A correction: c had in fact beaten f. Replayed: f stays 6th, then e (5th) beat f
    # (below): nothing moves.
    ladders.challenge_correct(challenge=first, by=None, winner=p["c"].pk, score_challenger=3,
                              score_challenged=7, reason="Scores were swapped")
    assert order(ladder) == "abcdef"
    assert AuditEntry.objects.filter(action=AuditEntry.Action.RESULT_CORRECTED).count() == 1


def test_only_the_challenged_player_accepts_and_only_the_opponent_confirms(ladder):
    p = ladder.players
    challenge = ladders.challenge_issue(ladder=ladder, by=p["d"].user, challenged=p["a"])
    with pytest.raises(TournamentError, match="Only the challenged"):
        ladders.challenge_accept(challenge=challenge, by=p["d"].user)
    ladders.challenge_report(challenge=challenge, by=p["d"].user, winner=p["a"].pk,
                             score_challenger=2, score_challenged=7)
    with pytest.raises(TournamentError, match="Only the opponent"):
        ladders.challenge_confirm(challenge=challenge, by=p["d"].user)


def test_a_player_with_an_open_challenge_cannot_be_challenged_again(ladder):
    p = ladder.players
    ladders.challenge_issue(ladder=ladder, by=p["d"].user, challenged=p["a"])
    with pytest.raises(TournamentError, match="open challenge"):
        ladders.challenge_issue(ladder=ladder, by=p["e"].user, challenged=p["d"])


def test_the_task_resolves_expired_challenges(ladder):
    p = ladder.players
    challenge = ladders.challenge_issue(ladder=ladder, by=p["b"].user, challenged=p["a"],
                                        now=timezone.now() - datetime.timedelta(days=15))
    assert challenges_expire_task() == 1
    assert challenges_expire_task() == 0
    challenge.refresh_from_db()
    assert challenge.status == ChallengeStatus.EXPIRED and order(ladder) == "bacdef"


def test_the_beat_schedule_runs_the_expiry_task():
    tasks = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "tournaments.tasks.challenges_expire_task" in tasks
    from config.celery import app

    app.loader.import_default_modules()
    assert "tournaments.tasks.challenges_expire_task" in app.tasks


def test_a_refusal_names_the_players(ladder):
    p = ladder.players
    with pytest.raises(TournamentError) as refused:
        ladders.challenge_issue(ladder=ladder, by=p["f"].user, challenged=p["a"])
    assert str(refused.value) == f"{p['a'].name} is 5 places up: the reach is 3."


def test_the_confirm_button_is_the_reported_opponents_alone(ladder, client):
    """The ladder page offers "Confirm" to the player who did not report, not to the
    reporter (who may not confirm their own report) nor to the other members."""
    from django.urls import reverse

    p = ladder.players
    challenge = ladders.challenge_issue(ladder=ladder, by=p["f"].user, challenged=p["c"])
    ladders.challenge_report(challenge=challenge, by=p["f"].user, winner=p["f"].pk,
                             score_challenger=7, score_challenged=3)
    url = reverse("tournaments:ladder", args=[ladder.club.slug, ladder.pk])
    action = reverse("tournaments:ladder-action", args=[ladder.club.slug, ladder.pk, "confirm"])
    seen = {}
    for key in ("c", "f", "a"):
        client.force_login(p[key].user)
        seen[key] = action in client.get(url).content.decode()
    assert seen == {"c": True, "f": False, "a": False}
