"""The audit log in the referees' admin: one place, read-only, filtered by club, action,
kind of object and date; each club's admins and referees see only their clubs' entries (a
federation's own entries, without a club, only a superuser here; the federation's admins read
them on its page).

Registered by the clubs app (``clubs/admin.py`` imports this module): the scoping by club is
the clubs app's, and the audit log (floor 1) imports no app above it."""

from django.contrib import admin
from django.utils.html import format_html
from django.utils.translation import gettext_lazy

from audit.models import AuditEntry

from .admin_scoping import ClubScopedAdmin


@admin.register(AuditEntry)
class AuditEntryAdmin(ClubScopedAdmin):
    scope_role = "referee"
    list_display = ["created_at", "club", "federation", "actor_name", "action", "target_link",
                    "reason"]
    list_filter = ["action", "club", "target_type", ("created_at", admin.DateFieldListFilter)]
    search_fields = ["reason", "actor_name", "target_label"]
    list_select_related = ["club", "federation", "target_type"]
    date_hierarchy = "created_at"
    readonly_fields = ["created_at", "club", "federation", "actor", "actor_name", "action",
                       "target_type", "target_id", "target_label", "reason", "before", "after"]
    fields = readonly_fields

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description=gettext_lazy("on"), ordering="target_label")
    def target_link(self, obj):
        url = _admin_url(obj)
        if url is None:
            return obj.target_label
        return format_html('<a href="{}">{}</a>', url, obj.target_label)


def _admin_url(entry: AuditEntry) -> str | None:
    from django.urls import NoReverseMatch, reverse

    model = entry.target_type.model_class()
    if model is None:
        return None
    try:
        return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_change",
                       args=[entry.target_id])
    except NoReverseMatch:
        return None
