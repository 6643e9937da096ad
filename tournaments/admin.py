"""Tournaments in the referees' admin: flagged and disputed matches in a queue (filter
"flagged"), reports, entries; results change only through the services (the director's
page), so the rows are read-only here and the audit log keeps every correction."""

from django.contrib import admin
from django.utils.html import format_html

from clubs.admin_scoping import ClubScopedAdmin

from .models import Entry, ResultReport, Tournament, TournamentMatch


class _ReadOnly(ClubScopedAdmin):
    scope_role = "referee"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Tournament)
class TournamentAdmin(_ReadOnly):
    list_display = ["name", "club", "starts_on", "format", "status", "public_link"]
    list_filter = ["club", "format", "status"]
    search_fields = ["name"]

    @admin.display(description="page")
    def public_link(self, obj):
        return format_html('<a href="{}">open</a>', obj.get_absolute_url())


@admin.register(Entry)
class EntryAdmin(_ReadOnly):
    club_path = "tournament__club"
    list_display = ["player", "tournament", "seed", "status"]
    list_filter = ["tournament__club", "status"]
    list_select_related = ["player", "tournament"]
    search_fields = ["player__name", "tournament__name"]


class FlaggedFilter(admin.SimpleListFilter):
    title = "for the referees"
    parameter_name = "flagged"

    def lookups(self, request, model_admin):
        return [("yes", "Flagged or disputed")]

    def queryset(self, request, queryset):
        return queryset.exclude(flag="") if self.value() == "yes" else queryset


@admin.register(TournamentMatch)
class TournamentMatchAdmin(_ReadOnly):
    club_path = "tournament__club"
    list_display = ["key", "tournament", "player_a", "player_b", "status", "score_a",
                    "score_b", "winner", "flag"]
    list_filter = [FlaggedFilter, "status", "tournament__club", "flight"]
    list_select_related = ["tournament", "player_a", "player_b", "winner"]
    search_fields = ["player_a__name", "player_b__name", "tournament__name", "key"]


@admin.register(ResultReport)
class ResultReportAdmin(_ReadOnly):
    club_path = "match__tournament__club"
    list_display = ["match", "winner", "score_a", "score_b", "status", "note", "created_at"]
    list_filter = ["status", "match__tournament__club"]
    list_select_related = ["match", "winner"]
