from django.contrib import admin

from . import admin_audit  # noqa: F401 - registers the audit log's admin
from .admin_scoping import ClubScopedAdmin, ScopedListFilters
from .models import Club, Membership, Player


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Club)
class ClubAdmin(ClubScopedAdmin):
    club_path = ""
    list_display = ["name", "city", "currency", "created_at"]
    search_fields = ["name", "city"]
    list_filter = ["currency"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]

    def has_add_permission(self, request):
        return request.user.is_superuser


@admin.register(Player)
class PlayerAdmin(ScopedListFilters, admin.ModelAdmin):
    list_display = ["name", "user", "email", "created_at"]
    search_fields = ["name", "email", "user__username", "memberships__club__name"]
    list_filter = ["memberships__club", "memberships__role"]
    raw_id_fields = ["user"]

    def get_queryset(self, request):
        queryset = super().get_queryset(request).select_related("user")
        if request.user.is_superuser:
            return queryset
        from .permissions import clubs_refereed

        return queryset.filter(memberships__club__in=clubs_refereed(user=request.user)).distinct()


@admin.register(Membership)
class MembershipAdmin(ClubScopedAdmin):
    list_display = ["player", "club", "role", "is_active", "joined_at"]
    list_filter = ["club", "role", "is_active"]
    search_fields = ["player__name", "club__name"]
    list_select_related = ["player", "club"]
    autocomplete_fields = ["player"]
