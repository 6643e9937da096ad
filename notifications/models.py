"""A member's notifications (the list on the site) and the kinds they turned off."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from config.texts import shown


class Kind(models.TextChoices):
    RESULT_REPORTED = "result_reported", gettext_lazy("Your opponent reported a result")
    REPORT_DISPUTED = "report_disputed", gettext_lazy("Your report was disputed")
    REPORT_RULED = "report_ruled", gettext_lazy("A referee ruled on your match")
    MATCH_READY = "match_ready", gettext_lazy("Your next match is ready")
    CHALLENGE = "challenge", gettext_lazy("Ladder challenges to you, accepted or about to expire")
    FIXTURE_DEADLINE = "fixture_deadline", gettext_lazy("A league fixture's deadline is near")
    CHOUETTE_SETTLED = "chouette_settled", gettext_lazy("A chouette evening you sat in was settled")
    MEMBERSHIP = "membership", gettext_lazy("Your request to join a club was answered")
    TEAM_CARD = "team_card", gettext_lazy("Your team's match card needs you")


class Notification(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="notifications", verbose_name=gettext_lazy("user"))
    kind = models.CharField(max_length=32, choices=Kind.choices, verbose_name=gettext_lazy("kind"))
    #: What happened (one event, one notification per person, whatever calls it twice).
    key = models.CharField(max_length=200, verbose_name=gettext_lazy("key"))
    #: As first written, in its recipient's language then (the data export's copy, and
    #: what a row from before ``message`` shows).
    text = models.CharField(max_length=300, verbose_name=gettext_lazy("text"))
    #: Its sentences untranslated, with their values (``config.texts``): shown in
    #: the reader's language of the moment. Empty: ``text`` is shown as it is.
    message = models.JSONField(default=list, blank=True, verbose_name=gettext_lazy("message"))
    url = models.CharField(max_length=300, blank=True, verbose_name=gettext_lazy("URL"))
    created_at = models.DateTimeField(default=timezone.now, verbose_name=gettext_lazy("created at"))
    read_at = models.DateTimeField(null=True, blank=True, verbose_name=gettext_lazy("read at"))

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "key"],
                                               name="notifications_notification_once")]
        indexes = [models.Index(fields=["user", "read_at"], name="notifications_unread")]
        verbose_name = gettext_lazy("notification")
        verbose_name_plural = gettext_lazy("notifications")

    def __str__(self) -> str:
        return f"{self.user}: {self.shown_text}"

    @property
    def shown_text(self) -> str:
        """The notice in the active language (the reader's)."""
        return shown(self.message, self.text)[:300]


class MutedKind(models.Model):
    """A kind of notification the user turned off (no row: on)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="muted_notifications", verbose_name=gettext_lazy("user"))
    kind = models.CharField(max_length=32, choices=Kind.choices, verbose_name=gettext_lazy("kind"))

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"],
                                               name="notifications_mutedkind_once")]
        verbose_name = gettext_lazy("kind turned off")
        verbose_name_plural = gettext_lazy("kinds turned off")

    def __str__(self) -> str:
        return f"{self.user}: {self.kind} off"
