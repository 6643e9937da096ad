from django.contrib import admin

from clubs.admin_scoping import ClubScopedAdmin

from .models import FinishedMatch


@admin.register(FinishedMatch)
class FinishedMatchAdmin(ClubScopedAdmin):
    """Read-only: rows change only through their source (a ruling, a correction)."""

    scope_role = "referee"
    list_display = ["finished_at", "club", "player_a", "player_b", "length", "winner",
                    "score_a", "score_b", "outcome", "source", "event"]
    list_filter = ["club", "source", "outcome", "length"]
    search_fields = ["player_a__name", "player_b__name", "event"]
    list_select_related = ["club", "player_a", "player_b", "winner"]
    date_hierarchy = "finished_at"
    readonly_fields = [f.name for f in FinishedMatch._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
