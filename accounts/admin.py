"""The outbox and the invitations in the Django admin (read-only: services write them)."""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from accounts.models import Invitation, OutboundMail
from accounts.services.mail import mail_retry_failed

#: An invitation's status as the admin shows it.
INVITATION_STATUS = {"open": pgettext_lazy("invitation", "open"),
                     "accepted": pgettext_lazy("invitation", "accepted"),
                     "revoked": pgettext_lazy("invitation", "revoked"),
                     "expired": pgettext_lazy("invitation", "expired")}


@admin.register(OutboundMail)
class OutboundMailAdmin(admin.ModelAdmin):
    list_display = ("created_at", "recipient", "kind", "subject", "status", "attempts",
                    "sent_at")
    list_filter = ("status", "kind", "club")
    search_fields = ("to", "subject", "key")
    list_select_related = ("club",)
    readonly_fields = [f.name for f in OutboundMail._meta.fields]
    actions = ["retry"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description=gettext_lazy("recipient"))
    def recipient(self, obj):
        return obj.recipient

    @admin.action(description=gettext_lazy("Try the failed mails again"), permissions=["view"])
    def retry(self, request, queryset):
        count = mail_retry_failed(mail_ids=queryset.values_list("pk", flat=True))
        messages.success(request, ngettext("%(count)s mail queued again.",
                                           "%(count)s mails queued again.", count)
                         % {"count": count})


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ("email", "club", "invitee", "role", "status_shown", "created_at")
    list_filter = ("club", "role")
    search_fields = ("email", "name", "player__name")
    list_select_related = ("club", "player")
    readonly_fields = [f.name for f in Invitation._meta.fields if f.name != "token_hash"]
    exclude = ("token_hash",)

    @admin.display(description=gettext_lazy("invitee"))
    def invitee(self, obj):
        return obj.invitee_name

    @admin.display(description=gettext_lazy("status"))
    def status_shown(self, obj):
        return INVITATION_STATUS.get(obj.status, obj.status)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
