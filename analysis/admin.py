from django.contrib import admin

from clubs.admin_scoping import ClubScopedAdmin

from .models import Analysis, AnalysisSetting, PlayerAnalysis


class PlayerAnalysisInline(admin.TabularInline):
    model = PlayerAnalysis
    extra = 0
    can_delete = False
    fields = ("side", "name", "moves", "unforced_moves", "chequer_error_rate",
              "cube_error_rate", "error_rate", "doubtful", "bad", "very_bad", "luck_total")
    readonly_fields = fields


@admin.register(Analysis)
class AnalysisAdmin(ClubScopedAdmin):
    club_path = "record__club"
    scope_role = "referee"

    list_display = ("record", "status", "plies", "progress", "gnubg_version", "finished_at")
    list_filter = ("status", "plies", "record__club")
    list_select_related = ("record",)
    raw_id_fields = ("record",)
    readonly_fields = ("status", "progress", "gnubg_version", "error", "attempts", "queued_at",
                       "started_at", "finished_at")
    exclude = ("decisions",)
    inlines = [PlayerAnalysisInline]


@admin.register(AnalysisSetting)
class AnalysisSettingAdmin(ClubScopedAdmin):
    list_display = ("club", "plies", "doubtful", "bad", "very_bad", "leaderboard")
