"""One append-only audit log for every correction: who, when, what, on which object, why,
and the state before and after.

It explains the rows that money and results depend on (reversing ledger entries,
reversing payments, rulings); it never replaces them.
"""

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy

from ops.models import AppendOnlyModel


class Action(models.TextChoices):
    RULING = "ruling", gettext_lazy("Referee ruling (a match record, a league fixture)")
    CHOUETTE_GAME_REVERSED = "chouette_game_reversed", gettext_lazy("Chouette game reversed")
    CHOUETTE_PAYMENT_UNDONE = "chouette_payment_undone", gettext_lazy("Chouette payment undone")
    MEMBERSHIP_ROLE_CHANGED = "membership_role_changed", gettext_lazy("Membership role changed")
    MEMBERSHIP_ENDED = "membership_ended", gettext_lazy("Membership ended")
    RESULT_CORRECTED = ("result_corrected",
                        gettext_lazy("Result corrected (tournament, ladder, league)"))
    RESULT_DISPUTE_RESOLVED = "result_dispute_resolved", gettext_lazy("Disputed result resolved")
    CHALLENGE_CANCELLED = ("challenge_cancelled",
                           gettext_lazy("Ladder challenge cancelled by an admin"))
    LADDER_PLAYER_REMOVED = ("ladder_player_removed",
                             gettext_lazy("Player removed from a ladder by an admin"))
    PLAYERS_MERGED = "players_merged", gettext_lazy("Two player rows of one person merged")
    FEDERATION_APPLIED = "federation_applied", gettext_lazy("Club applied to a federation")
    FEDERATION_ACCEPTED = "federation_accepted", gettext_lazy("Club accepted by a federation")
    FEDERATION_REFUSED = "federation_refused", gettext_lazy("Club refused by a federation")
    FEDERATION_LEFT = "federation_left", gettext_lazy("Club left a federation")
    RATED_POLICY_CHANGED = ("rated_policy_changed",
                            gettext_lazy("Club's rated-match policy changed"))
    FEDERATION_ROLE_GRANTED = ("federation_role_granted",
                               gettext_lazy("Federation role granted"))
    FEDERATION_ROLE_REVOKED = ("federation_role_revoked",
                               gettext_lazy("Federation role revoked"))
    FEDERATION_POLICY_CHANGED = ("federation_policy_changed",
                                 gettext_lazy("Federation's rated-match policy changed"))
    OFFICIAL_LIST_PUBLISHED = ("official_list_published",
                               gettext_lazy("Official rating list published"))


#: Corrections that must say why (the others, such as a role change, may).
REASON_REQUIRED = (Action.RULING, Action.CHOUETTE_GAME_REVERSED, Action.CHOUETTE_PAYMENT_UNDONE,
                   Action.RESULT_CORRECTED, Action.RESULT_DISPUTE_RESOLVED,
                   Action.CHALLENGE_CANCELLED, Action.LADDER_PLAYER_REMOVED)


class AuditEntry(AppendOnlyModel):
    Action = Action
    REASON_REQUIRED = REASON_REQUIRED

    append_only_message = "The audit log is append-only."

    #: The club whose log the entry is in; a federation's own act (its roles, its policy,
    #: its official lists) has none. A club's joining, refusal or leaving is in both logs.
    club = models.ForeignKey("clubs.Club", null=True, blank=True, on_delete=models.PROTECT,
                             related_name="audit_entries", verbose_name=gettext_lazy("club"))
    #: The federation whose log the entry is in (named by string, as the clubs are: the
    #: audit log imports no app above it).
    federation = models.ForeignKey("federations.Federation", null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="audit_entries",
                                   verbose_name=gettext_lazy("federation"))
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                              on_delete=models.SET_NULL, related_name="+",
                              verbose_name=gettext_lazy("actor"))
    #: The actor's username when the entry was written (kept if the account goes).
    actor_name = models.CharField(max_length=150, blank=True,
                                  verbose_name=gettext_lazy("actor name"))
    action = models.CharField(max_length=32, choices=Action.choices,
                              verbose_name=gettext_lazy("action"))
    target_type = models.ForeignKey(ContentType, on_delete=models.PROTECT, related_name="+",
                                    verbose_name=gettext_lazy("target type"))
    target_id = models.PositiveBigIntegerField(verbose_name=gettext_lazy("target ID"))
    target = GenericForeignKey("target_type", "target_id")
    #: What the target was called when the entry was written.
    target_label = models.CharField(max_length=300, verbose_name=gettext_lazy("target label"))
    reason = models.TextField(blank=True, verbose_name=gettext_lazy("reason"))
    before = models.JSONField(default=dict, blank=True, verbose_name=gettext_lazy("before"))
    after = models.JSONField(default=dict, blank=True, verbose_name=gettext_lazy("after"))
    created_at = models.DateTimeField(default=timezone.now, db_index=True,
                                      verbose_name=gettext_lazy("created at"))

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = gettext_lazy("audit entry")
        verbose_name_plural = gettext_lazy("audit entries")
        indexes = [
            models.Index(fields=["club", "-created_at"], name="audit_entry_club_time"),
            models.Index(fields=["federation", "-created_at"],
                         name="audit_entry_federation_time"),
            models.Index(fields=["target_type", "target_id"], name="audit_entry_target"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=~Q(action__in=[str(a) for a in REASON_REQUIRED]) | ~Q(reason=""),
                name="audit_auditentry_reason_required",
            ),
            models.CheckConstraint(
                condition=Q(club__isnull=False) | Q(federation__isnull=False),
                name="audit_auditentry_in_a_log",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor_name or '?'}: " \
               f"{self.get_action_display()} — {self.target_label}"
