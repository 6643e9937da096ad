"""A member's notifications (the list on the site) and the kinds they turned off."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class Kind(models.TextChoices):
    RESULT_REPORTED = "result_reported", "Your opponent reported a result"
    REPORT_DISPUTED = "report_disputed", "Your report was disputed"
    REPORT_RULED = "report_ruled", "A referee ruled on your match"
    MATCH_READY = "match_ready", "Your next match is ready"
    CHALLENGE = "challenge", "Ladder challenges to you, accepted or about to expire"
    FIXTURE_DEADLINE = "fixture_deadline", "A league fixture's deadline is near"
    CHOUETTE_SETTLED = "chouette_settled", "A chouette evening you sat in was settled"
    MEMBERSHIP = "membership", "Your request to join a club was answered"


class Notification(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="notifications")
    kind = models.CharField(max_length=32, choices=Kind.choices)
    #: What happened (one event, one notification per person, whatever calls it twice).
    key = models.CharField(max_length=200)
    text = models.CharField(max_length=300)
    url = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "key"],
                                               name="notifications_notification_once")]
        indexes = [models.Index(fields=["user", "read_at"], name="notifications_unread")]

    def __str__(self) -> str:
        return f"{self.user}: {self.text}"


class MutedKind(models.Model):
    """A kind of notification the user turned off (no row: on)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="muted_notifications")
    kind = models.CharField(max_length=32, choices=Kind.choices)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"],
                                               name="notifications_mutedkind_once")]

    def __str__(self) -> str:
        return f"{self.user}: {self.kind} off"
