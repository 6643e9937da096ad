"""A ladder's challenger cancels a challenge not yet accepted; a player leaves (the rungs
below move up one, their open challenges are cancelled, the history still replays); a club
admin does either for someone else, kept in the audit log. Services, web and API."""

import pytest
from django.urls import reverse

from audit.models import AuditEntry
from tests.factories import ladder_of, members
from tests.tournaments.test_ladder_event import order
from tournaments.models import Challenge
from tournaments.models_formats import LadderDeparture
from tournaments.services import ladder as ladders
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db
ChallengeStatus = Challenge.Status


@pytest.fixture
def ladder(club):
    """Six players a to f, in that order."""
    players = members(club, 6)
    ladder = ladder_of(club, players, name="Winter ladder", reach=3, days=14)
    ladder.players = dict(zip("abcdef", players, strict=True))
    return ladder


def _page(ladder, action):
    return reverse("tournaments:ladder-action", kwargs={"slug": ladder.club.slug,
                                                        "pk": ladder.pk, "action": action})


def test_the_challenger_cancels_an_open_challenge(ladder):
    p = ladder.players
    challenge = ladders.challenge_issue(ladder=ladder, by=p["d"].user, challenged=p["a"])
    ladders.challenge_cancel(challenge=challenge, by=p["d"].user)
    challenge.refresh_from_db()
    assert challenge.status == ChallengeStatus.CANCELLED
    # Both are free again: d challenges b at once.
    ladders.challenge_issue(ladder=ladder, by=p["d"].user, challenged=p["b"])
    assert not AuditEntry.objects.exists()  # one's own challenge: not a correction


def test_an_accepted_challenge_is_no_longer_the_challenger_s_to_cancel(ladder):
    p = ladder.players
    challenge = ladders.challenge_issue(ladder=ladder, by=p["d"].user, challenged=p["a"])
    ladders.challenge_accept(challenge=challenge, by=p["a"].user)
    with pytest.raises(TournamentError, match="accepted"):
        ladders.challenge_cancel(challenge=challenge, by=p["d"].user)
    challenge.refresh_from_db()
    assert challenge.status == ChallengeStatus.ACCEPTED


def test_the_challenged_player_cannot_cancel(ladder):
    p = ladder.players
    challenge = ladders.challenge_issue(ladder=ladder, by=p["d"].user, challenged=p["a"])
    with pytest.raises(TournamentError, match="Only the challenger"):
        ladders.challenge_cancel(challenge=challenge, by=p["a"].user)


def test_an_admin_cancels_an_accepted_challenge_with_a_reason_in_the_audit_log(
        ladder, alice):
    p = ladder.players
    challenge = ladders.challenge_issue(ladder=ladder, by=p["d"].user, challenged=p["a"])
    ladders.challenge_accept(challenge=challenge, by=p["a"].user)
    with pytest.raises(Exception, match="reason"):
        ladders.challenge_cancel(challenge=challenge, by=alice, as_admin=True)
    ladders.challenge_cancel(challenge=challenge, by=alice, as_admin=True,
                             reason="a is away for a month")
    entry = AuditEntry.objects.get()
    assert (entry.action, entry.before, entry.after) == (
        AuditEntry.Action.CHALLENGE_CANCELLED, {"status": "accepted"}, {"status": "cancelled"})


def test_a_player_leaves_and_the_rungs_below_move_up_one(ladder):
    p = ladder.players
    # f beat c first (f 3rd); then c leaves while challenging b and challenged by e.
    first = ladders.challenge_issue(ladder=ladder, by=p["f"].user, challenged=p["c"])
    ladders.challenge_report(challenge=first, by=p["f"].user, winner=p["f"].pk,
                             score_challenger=7, score_challenged=1)
    ladders.challenge_confirm(challenge=first, by=p["c"].user)
    assert order(ladder) == "abfcde"
    own = ladders.challenge_issue(ladder=ladder, by=p["c"].user, challenged=p["a"])
    against = ladders.challenge_issue(ladder=ladder, by=p["e"].user, challenged=p["f"])
    ladders.ladder_leave(ladder=ladder, by=p["c"].user)
    assert order(ladder) == "abfde"
    assert list(ladder.rungs.order_by("position").values_list("position", flat=True)) == [
        1, 2, 3, 4, 5]
    assert Challenge.objects.get(pk=own.pk).status == ChallengeStatus.CANCELLED
    assert Challenge.objects.get(pk=against.pk).status == ChallengeStatus.OPEN  # not c's
    assert LadderDeparture.objects.get().player_id == p["c"].pk
    assert not AuditEntry.objects.exists()
    # A correction of the old result replays the history with c in it until c left:
    # c had won, so f stays 6th, then c leaves: a b d e f.
    ladders.challenge_correct(challenge=first, by=None, winner=p["c"].pk,
                              score_challenger=1, score_challenged=7, reason="swapped")
    assert order(ladder) == "abdef"


def test_a_player_who_left_joins_again_at_the_bottom(ladder):
    p = ladder.players
    ladders.ladder_leave(ladder=ladder, by=p["a"].user)
    ladders.ladder_join(ladder=ladder, player=p["a"])
    assert order(ladder) == "bcdefa"


def test_an_admin_removes_a_player_in_the_audit_log(ladder, alice):
    p = ladder.players
    ladders.ladder_leave(ladder=ladder, by=alice, player=p["b"], reason="left the club")
    assert order(ladder) == "acdef"
    entry = AuditEntry.objects.get()
    assert entry.action == AuditEntry.Action.LADDER_PLAYER_REMOVED and entry.before["position"] == 2


def test_cancel_and_leave_from_the_web(client, ladder):
    p = ladder.players
    challenge = ladders.challenge_issue(ladder=ladder, by=p["d"].user, challenged=p["a"])
    client.force_login(p["d"].user)
    page = client.get(reverse("tournaments:ladder", args=[ladder.club.slug, ladder.pk]))
    assert "Cancel my challenge" in page.content.decode()
    client.post(_page(ladder, "cancel"), {"challenge": challenge.pk})
    assert Challenge.objects.get(pk=challenge.pk).status == ChallengeStatus.CANCELLED
    client.post(_page(ladder, "leave"))
    assert order(ladder) == "abcef"


def test_only_a_club_admin_removes_someone_else_from_the_web(client, ladder, alice, bob,
                                                             dave):
    p = ladder.players
    for user in (bob, dave):
        client.force_login(user)
        response = client.post(_page(ladder, "remove"), {"player": p["a"].pk,
                                                         "reason": "x"})
        assert response.status_code == 403
    assert order(ladder) == "abcdef"
    client.force_login(alice)
    client.post(_page(ladder, "remove"), {"player": p["a"].pk, "reason": "moved away"})
    assert order(ladder) == "bcdef"


def test_cancel_and_leave_through_the_api(client, ladder, alice, bob):
    p = ladder.players
    challenge = ladders.challenge_issue(ladder=ladder, by=p["d"].user, challenged=p["a"])
    url = reverse("ladder-challenge-action-api", args=[challenge.pk, "cancel"])
    client.force_login(p["a"].user)  # the challenged player: not theirs to cancel
    assert client.post(url, {}, content_type="application/json").status_code == 403
    client.force_login(p["d"].user)
    response = client.post(url, {}, content_type="application/json")
    assert response.status_code == 200 and response.json()["status"] == "cancelled"
    leave = reverse("ladder-leave-api", args=[ladder.pk])
    response = client.post(leave, {}, content_type="application/json")
    assert response.status_code == 200 and order(ladder) == "abcef"
    client.force_login(bob)
    assert client.post(leave, {"player": p["a"].pk, "reason": "x"},
                       content_type="application/json").status_code == 403
    client.force_login(alice)
    response = client.post(leave, {"player": p["a"].pk, "reason": "moved away"},
                           content_type="application/json")
    assert response.status_code == 200 and order(ladder) == "bcef"
    assert AuditEntry.objects.filter(action=AuditEntry.Action.LADDER_PLAYER_REMOVED).count() == 1


def test_the_page_offers_challenges_only_within_reach_and_to_players_free(client, ladder):
    p = ladder.players
    client.force_login(p["f"].user)
    url = reverse("tournaments:ladder", args=[ladder.club.slug, ladder.pk])
    offered = client.get(url).context["challengeable"]
    assert offered == {p["c"].pk, p["d"].pk, p["e"].pk}  # 3 places up, none below
    ladders.challenge_issue(ladder=ladder, by=p["e"].user, challenged=p["d"])
    assert client.get(url).context["challengeable"] == {p["c"].pk}


def test_an_admin_removing_a_player_without_a_reason_is_refused_and_nothing_changes(
        ladder, alice):
    p = ladder.players
    with pytest.raises(Exception, match="reason"):
        ladders.ladder_leave(ladder=ladder, by=alice, player=p["b"])
    assert ladder.rungs.filter(player=p["b"]).exists() and not AuditEntry.objects.exists()
