"""The imports in the admin: read-only, scoped to the admin's clubs (an import changes only
through its pages and the API: the dry run, the names, the confirmation)."""

from django.contrib import admin
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from clubs.admin_scoping import ReadOnlyClubAdminScopedAdmin

from .models import Import, ImportRow
from .selectors import import_rows, row_errors_shown


@admin.register(Import)
class ImportAdmin(ReadOnlyClubAdminScopedAdmin):
    list_display = ["file_name", "club", "kind", "status", "rows_total", "rows_error",
                    "created_at", "imported_at"]
    list_filter = ["club", "kind", "status"]
    list_select_related = ["club"]
    search_fields = ["file_name", "sha256"]
    date_hierarchy = "created_at"
    exclude = ["content", "names"]
    readonly_fields = ["first_errors"]

    def get_queryset(self, request):
        return super().get_queryset(request).defer("content")

    @admin.display(description=gettext_lazy("rows with errors (the first 50)"))
    def first_errors(self, obj):
        rows = import_rows(batch=obj, verdict=ImportRow.Verdict.ERROR)[:50]
        return format_html_join(mark_safe("<br>"), "{}: {}", (
            (number, "; ".join(row_errors_shown(errors))) for number, _, _, errors in rows))


@admin.register(ImportRow)
class ImportRowAdmin(ReadOnlyClubAdminScopedAdmin):
    club_path = "batch__club"
    list_display = ["number", "batch", "verdict", "player"]
    list_filter = ["batch__club", "verdict"]
    list_select_related = ["batch__club", "player"]
    list_per_page = 100
    raw_id_fields = ["batch", "player"]
    exclude = ["errors"]
    readonly_fields = ["shown_errors"]

    def get_queryset(self, request):
        return super().get_queryset(request).defer("batch__content")

    @admin.display(description=gettext_lazy("errors"))
    def shown_errors(self, obj):
        return "; ".join(row_errors_shown(obj.errors))
