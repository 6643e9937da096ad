"""The print packs in the admin: read-only, scoped to the admin's clubs (a pack is made by
the worker from its page's "Print" link and dropped when what it prints changes)."""

from django.contrib import admin

from clubs.admin_scoping import ReadOnlyClubAdminScopedAdmin

from .models import PrintPack


@admin.register(PrintPack)
class PrintPackAdmin(ReadOnlyClubAdminScopedAdmin):
    list_display = ["key", "club", "what", "language", "status", "pages", "created_at",
                    "finished_at"]
    list_filter = ["club", "what", "status", "language"]
    list_select_related = ["club"]
    search_fields = ["key", "subject"]
    date_hierarchy = "created_at"
    exclude = ["pdf"]

    def get_queryset(self, request):
        return super().get_queryset(request).defer("pdf")
