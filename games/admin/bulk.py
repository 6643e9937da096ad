"""Zips of match files in the admin: read-only, scoped to the admin's clubs (each file's
verdict and reason; the files are filed through the page and the API)."""

from django.contrib import admin

from clubs.admin_scoping import ReadOnlyClubAdminScopedAdmin
from games.models import BulkFile, BulkUpload


class BulkFileInline(admin.TabularInline):
    model = BulkFile
    fields = ["index", "name", "verdict", "reason", "names", "match_record", "finished_match"]
    readonly_fields = fields
    extra = 0
    max_num = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(BulkUpload)
class BulkUploadAdmin(ReadOnlyClubAdminScopedAdmin):
    list_display = ["name", "club", "status", "total", "done", "create", "created_at",
                    "finished_at"]
    list_filter = ["club", "status"]
    list_select_related = ["club"]
    search_fields = ["name"]
    date_hierarchy = "created_at"
    exclude = ["data"]
    inlines = [BulkFileInline]

    def get_queryset(self, request):
        return super().get_queryset(request).defer("data")


@admin.register(BulkFile)
class BulkFileAdmin(ReadOnlyClubAdminScopedAdmin):
    club_path = "upload__club"
    list_display = ["name", "upload", "verdict", "match_record", "finished_match"]
    list_filter = ["upload__club", "verdict"]
    list_select_related = ["upload__club", "match_record", "finished_match"]
    search_fields = ["name", "reason"]
    raw_id_fields = ["upload", "match_record", "finished_match"]

    def get_queryset(self, request):
        return super().get_queryset(request).defer("upload__data")
