"""Team leagues in the admin: read-only, for superusers (a federation's league belongs to no
one club, so the club-scoped admins do not fit it). The league's admins and referees work on
the pages and the API; their decisions go through ``teamleagues.services``. The fixtures and
their cards are read on the season's pages."""

from django.contrib import admin

from .models import Division, Team, TeamLeague


class SuperuserReadOnlyAdmin(admin.ModelAdmin):
    def has_module_permission(self, request):
        return request.user.is_superuser

    def has_view_permission(self, request, obj=None):
        return request.user.is_superuser

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class DivisionInline(admin.TabularInline):
    model = Division
    extra = 0
    fk_name = "league"
    fields = ["name", "level", "region", "promote", "relegate", "one_team_per_club"]


class TeamInline(admin.TabularInline):
    model = Team
    extra = 0
    fields = ["name", "division", "club", "captain", "rank"]


@admin.register(TeamLeague)
class TeamLeagueAdmin(SuperuserReadOnlyAdmin):
    list_display = ["name", "season", "federation", "club", "boards", "meetings", "status"]
    list_filter = ["status"]
    search_fields = ["name", "season"]
    inlines = [DivisionInline, TeamInline]
