"""Listeners: a reported result whose match file has just been checked is confirmed or
flagged (the games app announces the end of a check; it does not know tournaments)."""

from django.dispatch import receiver

from games.signals import rules_check_finished
from tournaments.models import Challenge, ResultReport
from tournaments.services.ladder import challenge_verify
from tournaments.services.results import report_verify


@receiver(rules_check_finished, dispatch_uid="tournaments.report_verify")
def verify_reports(sender, record_id: int, **kwargs) -> None:
    pending = ResultReport.objects.filter(match_record_id=record_id,
                                          status=ResultReport.Status.PENDING)
    for report_id in pending.values_list("pk", flat=True):
        report_verify(report_id=report_id)


@receiver(rules_check_finished, dispatch_uid="tournaments.challenge_verify")
def verify_challenges(sender, record_id: int, **kwargs) -> None:
    pending = Challenge.objects.filter(match_record_id=record_id,
                                       status=Challenge.Status.REPORTED)
    for challenge_id in pending.values_list("pk", flat=True):
        challenge_verify(challenge_id=challenge_id)
