"""A reported result tells the opponent once, by mail too (never the reporter); a disputed
report tells the reporter."""


import pytest

from accounts.models import OutboundMail
from notifications.models import Notification
from tournaments import services

pytestmark = pytest.mark.django_db


def _report(committed, match, user, winner, a=7, b=3):
    return committed(services.match_result_report, match=match, by=user, winner=winner.pk,
                     score_a=a, score_b=b)


def test_a_reported_result_mails_the_opponent_once(final, bob, committed):
    report = _report(committed, final, bob,
                     bob.player if final.player_a == bob.player else final.player_a)
    ann = final.player_b if final.player_a == bob.player else final.player_a
    [note] = Notification.objects.all()
    assert note.user == ann.user and "Bob reported your match in Notify Cup" in note.text
    assert list(OutboundMail.objects.values_list("to", flat=True)) == ["ann@example.org"]
    committed(report.save)  # saved again (a later status change): not a second notification
    assert Notification.objects.count() == 1 and OutboundMail.objects.count() == 1


def test_a_disputed_report_tells_the_reporter(final, bob, committed):
    ann = final.player_b if final.player_a == bob.player else final.player_a
    report = _report(committed, final, bob, bob.player,
                     *((7, 3) if final.player_a == bob.player else (3, 7)))
    committed(services.match_result_dispute, report=report, by=ann.user, reason="I won it")
    note = Notification.objects.get(user=bob)
    assert "went to the referees" in note.text and "I won it" in note.text


def test_a_ruling_tells_both_players_once_and_never_the_referee(final, bob, carol, committed):
    ann = final.player_b if final.player_a == bob.player else final.player_a
    bob_won = (7, 3) if final.player_a == bob.player else (3, 7)
    report = _report(committed, final, bob, bob.player, *bob_won)
    committed(services.match_result_dispute, report=report, by=ann.user, reason="I won it")
    Notification.objects.all().delete()
    committed(services.match_result_resolve, match=final, by=carol, winner=ann.pk,
              score_a=bob_won[1], score_b=bob_won[0], reason="The scoresheet shows Ann won")
    notes = Notification.objects.filter(kind="report_ruled")
    assert sorted(n.user.username for n in notes) == ["ann", "bob"]
    assert all("ruled on your match" in n.text and "scoresheet shows Ann won" in n.text
               for n in notes)
    # A later correction is a second event; the referee who makes it is not told.
    committed(services.match_result_correct, match=final, by=ann.user, winner=bob.player.pk,
              score_a=bob_won[0], score_b=bob_won[1], reason="Recount")
    corrected = Notification.objects.filter(kind="report_ruled", text__contains="corrected")
    assert [n.user.username for n in corrected] == ["bob"]
