"""Ladders and leagues in the referees' admin: read-only lists scoped to the referee's
clubs (challenges and fixtures with their results and status; corrections go through the
pages and the API, which write the audit log)."""

from django.contrib import admin
from django.utils.translation import gettext_lazy

from clubs.admin_scoping import ReadOnlyClubScopedAdmin

from .models import Challenge, Fixture, Ladder, LadderRung, LeagueSeason
from .models_formats import LadderDeparture


class RungInline(admin.TabularInline):
    model = LadderRung
    fields = ["position", "player", "last_opponent"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Ladder)
class LadderAdmin(ReadOnlyClubScopedAdmin):
    list_display = ["name", "club", "reach", "days", "length", "is_open"]
    list_filter = ["club"]
    search_fields = ["name"]
    inlines = [RungInline]


@admin.register(Challenge)
class ChallengeAdmin(ReadOnlyClubScopedAdmin):
    club_path = "ladder__club"
    list_display = ["__str__", "ladder", "status", "deadline", "winner"]
    list_filter = ["ladder__club", "status"]
    list_select_related = ["ladder", "challenger", "challenged", "winner"]
    search_fields = ["challenger__name", "challenged__name"]
    exclude = ["note", "note_message"]
    readonly_fields = ["shown_note"]

    @admin.display(description=gettext_lazy("note"))
    def shown_note(self, obj):
        return obj.shown_note


@admin.register(LadderDeparture)
class LadderDepartureAdmin(ReadOnlyClubScopedAdmin):
    """Who left which ladder and when (the rungs below moved up): the ladder's history."""

    club_path = "ladder__club"
    list_display = ["player", "ladder", "joined_at", "left_at", "by"]
    list_filter = ["ladder__club", "ladder", "left_at"]
    list_select_related = ["ladder", "player", "by"]
    search_fields = ["player__name", "ladder__name"]
    date_hierarchy = "left_at"


@admin.register(LeagueSeason)
class LeagueSeasonAdmin(ReadOnlyClubScopedAdmin):
    list_display = ["name", "club", "starts_on", "ends_on", "status"]
    list_filter = ["club", "status"]
    search_fields = ["name"]


@admin.register(Fixture)
class FixtureAdmin(ReadOnlyClubScopedAdmin):
    club_path = "division__season__club"
    list_display = ["__str__", "deadline", "status", "winner", "score_a", "score_b"]
    list_filter = ["division__season__club", "status"]
    list_select_related = ["division", "player_a", "player_b", "winner"]
    search_fields = ["player_a__name", "player_b__name"]
