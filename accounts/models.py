"""The mail outbox and club invitations.

Every mail the site sends is first a row of the outbox, written in the same transaction as
the change that causes it (the transactional-outbox pattern): a rolled-back change sends
nothing, a committed one is sent by a worker even if the SMTP server or the broker was
down when it happened. The idempotency key (what happened + to whom) makes a second
attempt to queue the same mail a no-op, so nobody gets it twice.
"""

from email.utils import make_msgid
from urllib.parse import urlsplit

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from clubs.models import Membership
from config.site import site_url


def new_message_id() -> str:
    """A Message-ID of the site's own domain (``<...@club.example>``), made once per mail."""
    return make_msgid(domain=urlsplit(site_url()).hostname or "localhost")


class OutboundMail(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", gettext_lazy("Waiting to be sent")
        SENDING = "sending", gettext_lazy("Being sent")
        SENT = "sent", gettext_lazy("Sent")
        FAILED = "failed", gettext_lazy("Failed (gave up)")

    key = models.CharField(max_length=200, unique=True,
                           help_text=gettext_lazy("What caused the mail and to whom: queued once."),
                           verbose_name=gettext_lazy("key"))
    #: The same on every try, so a receiver drops a mail it got twice (a send answered
    #: after the timeout is tried again: it may have gone).
    message_id = models.CharField(max_length=255, unique=True, default=new_message_id,
                                  verbose_name=gettext_lazy("message ID"))
    club = models.ForeignKey("clubs.Club", null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="+", verbose_name=gettext_lazy("club"))
    #: Empty once the login it was sent to is closed (``to_closed_login``).
    to = models.EmailField(blank=True, verbose_name=gettext_lazy("to"))
    to_closed_login = models.BooleanField(
        default=False, help_text=gettext_lazy("Sent to a login since closed: its address and the "
                                 "mail's text are gone."),
                                 verbose_name=gettext_lazy("to a closed login"))
    kind = models.CharField(max_length=40, verbose_name=gettext_lazy("kind"))
    subject = models.CharField(max_length=200, verbose_name=gettext_lazy("subject"))
    body = models.TextField(blank=True, help_text=gettext_lazy("The plain text."),
                            verbose_name=gettext_lazy("body"))
    html_body = models.TextField(blank=True, help_text=gettext_lazy("The same as HTML (optional)."),
                                 verbose_name=gettext_lazy("HTML body"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING,
                              verbose_name=gettext_lazy("status"))
    attempts = models.PositiveSmallIntegerField(default=0, verbose_name=gettext_lazy("attempts"))
    last_error = models.TextField(blank=True, verbose_name=gettext_lazy("last error"))
    created_at = models.DateTimeField(default=timezone.now, verbose_name=gettext_lazy("created at"))
    last_attempt_at = models.DateTimeField(null=True, blank=True,
                                           verbose_name=gettext_lazy("last attempt at"))
    sent_at = models.DateTimeField(null=True, blank=True, verbose_name=gettext_lazy("sent at"))

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = gettext_lazy("outbound mail")
        verbose_name_plural = gettext_lazy("outbound mails")
        indexes = [models.Index(fields=["status", "created_at"],
                                name="accounts_mail_status_created")]
        constraints = [
            models.CheckConstraint(condition=Q(status__in=["pending", "sending", "sent",
                                                           "failed"]),
                                   name="accounts_outboundmail_status_valid"),
            models.CheckConstraint(condition=Q(status="sent", sent_at__isnull=False)
                                   | ~Q(status="sent"),
                                   name="accounts_outboundmail_sent_has_time"),
        ]

    def __str__(self) -> str:
        return gettext("%(kind)s to %(recipient)s (%(status)s)") % {
            "kind": self.kind, "recipient": self.recipient, "status": self.get_status_display()}

    @property
    def recipient(self) -> str:
        return gettext("a closed login") if self.to_closed_login else self.to


class InvitationQuerySet(models.QuerySet):
    def open(self):
        """Neither accepted nor revoked (an expired one is still open: resend renews it)."""
        return self.filter(accepted_at__isnull=True, revoked_at__isnull=True)


class Invitation(models.Model):
    """A club admin's invitation of an address to a club, for an existing member or a new
    one (``player`` empty, ``name`` given). Only a hash of the link's token is stored."""

    Role = Membership.Role  # an invitation grants a membership's role: one list of roles

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="invitations",
                             verbose_name=gettext_lazy("club"))
    player = models.ForeignKey("clubs.Player", null=True, blank=True, on_delete=models.CASCADE,
                               related_name="invitations", verbose_name=gettext_lazy("player"))
    name = models.CharField(max_length=120, blank=True, verbose_name=gettext_lazy("name"))
    email = models.EmailField(verbose_name=gettext_lazy("email"))
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.PLAYER,
                            verbose_name=gettext_lazy("role"))
    token_hash = models.CharField(max_length=64, unique=True,
                                  verbose_name=gettext_lazy("token hash"))
    expires_at = models.DateTimeField(verbose_name=gettext_lazy("expires at"))
    sent_count = models.PositiveSmallIntegerField(default=1,
                                                  verbose_name=gettext_lazy("sent count"))
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                   related_name="+", verbose_name=gettext_lazy("invited by"))
    created_at = models.DateTimeField(default=timezone.now, verbose_name=gettext_lazy("created at"))
    accepted_at = models.DateTimeField(null=True, blank=True,
                                       verbose_name=gettext_lazy("accepted at"))
    accepted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=gettext_lazy("accepted by"))
    revoked_at = models.DateTimeField(null=True, blank=True,
                                      verbose_name=gettext_lazy("revoked at"))

    objects = InvitationQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = gettext_lazy("invitation")
        verbose_name_plural = gettext_lazy("invitations")
        constraints = [
            models.CheckConstraint(condition=Q(role__in=["admin", "referee", "player"]),
                                   name="accounts_invitation_role_valid"),
            models.CheckConstraint(condition=Q(player__isnull=False) | ~Q(name=""),
                                   name="accounts_invitation_player_or_name"),
            models.CheckConstraint(condition=Q(accepted_at__isnull=True)
                                   | Q(revoked_at__isnull=True),
                                   name="accounts_invitation_accepted_or_revoked"),
            # One open invitation per address and club (resend renews it).
            models.UniqueConstraint(fields=["club", "email"],
                                    condition=Q(accepted_at__isnull=True,
                                                revoked_at__isnull=True),
                                    name="accounts_invitation_one_open_per_address"),
        ]

    def __str__(self) -> str:
        return gettext("%(email)s to %(club)s") % {"email": self.email, "club": self.club}

    @property
    def invitee_name(self) -> str:
        return self.player.name if self.player_id else self.name

    @property
    def status(self) -> str:
        if self.accepted_at:
            return "accepted"
        if self.revoked_at:
            return "revoked"
        if self.expires_at <= timezone.now():
            return "expired"
        return "open"


class JoinRequest(models.Model):
    """A signed-in person asking to join a club that takes requests."""

    class Status(models.TextChoices):
        PENDING = "pending", gettext_lazy("Waiting for the club's admins")
        APPROVED = "approved", gettext_lazy("Approved")
        REFUSED = "refused", gettext_lazy("Refused")

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE,
                             related_name="join_requests", verbose_name=gettext_lazy("club"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="join_requests", verbose_name=gettext_lazy("user"))
    name = models.CharField(max_length=120, help_text=gettext_lazy("The name to play under."),
                            verbose_name=gettext_lazy("name"))
    message = models.TextField(blank=True, max_length=1000, verbose_name=gettext_lazy("message"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING,
                              verbose_name=gettext_lazy("status"))
    created_at = models.DateTimeField(default=timezone.now, verbose_name=gettext_lazy("created at"))
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=gettext_lazy("decided by"))
    decided_at = models.DateTimeField(null=True, blank=True,
                                      verbose_name=gettext_lazy("decided at"))

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = gettext_lazy("request to join")
        verbose_name_plural = gettext_lazy("requests to join")
        constraints = [
            models.CheckConstraint(condition=Q(status__in=["pending", "approved", "refused"]),
                                   name="accounts_joinrequest_status_valid"),
            models.UniqueConstraint(fields=["club", "user"], condition=Q(status="pending"),
                                    name="accounts_joinrequest_one_pending"),
        ]

    def __str__(self) -> str:
        return gettext("%(user)s asks to join %(club)s") % {"user": self.user, "club": self.club}


class AccountPreference(models.Model):
    """A login's own choices: the language its pages and mails speak."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="preference", verbose_name=gettext_lazy("user"))
    language = models.CharField(
        max_length=8, blank=True, choices=settings.LANGUAGES,
        help_text=gettext_lazy("Blank: the club's language, else the browser's."),
        verbose_name=gettext_lazy("language"))

    class Meta:
        verbose_name = gettext_lazy("account preference")
        verbose_name_plural = gettext_lazy("account preferences")

    def __str__(self) -> str:
        return f"{self.user}: {self.language or gettext('no language chosen')}"
