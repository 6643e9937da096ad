"""The federations in the Django admin: for superusers only (a club's staff never reach
them; a federation's own officers work through its pages and the API)."""

from django.contrib import admin

from .models import Federation, FederationClub, FederationRole, RatedPolicy


class SuperuserOnlyAdmin(admin.ModelAdmin):
    def has_module_permission(self, request):
        return request.user.is_active and request.user.is_superuser

    def has_view_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_superuser

    has_add_permission = has_change_permission = has_delete_permission = has_view_permission


class FederationClubInline(admin.TabularInline):
    model = FederationClub
    extra = 0
    autocomplete_fields = ["club"]
    readonly_fields = ["applied_at", "applied_by"]


class FederationRoleInline(admin.TabularInline):
    model = FederationRole
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Federation)
class FederationAdmin(SuperuserOnlyAdmin):
    list_display = ["name", "slug", "country", "level", "formula", "start_rating",
                    "provisional_below"]
    list_filter = ["level", "country", "formula"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [FederationClubInline, FederationRoleInline]


@admin.register(FederationClub)
class FederationClubAdmin(SuperuserOnlyAdmin):
    list_display = ["federation", "club", "status", "joined_on", "left_on"]
    list_filter = ["federation", "status"]
    list_select_related = ["federation", "club"]
    search_fields = ["club__name", "federation__name"]


@admin.register(FederationRole)
class FederationRoleAdmin(SuperuserOnlyAdmin):
    list_display = ["federation", "player", "role", "granted_at"]
    list_filter = ["federation", "role"]
    list_select_related = ["federation", "player"]
    raw_id_fields = ["player"]


@admin.register(RatedPolicy)
class RatedPolicyAdmin(SuperuserOnlyAdmin):
    list_display = ["__str__", "min_length", "friendly_if_agreed", "live", "online"]
    list_select_related = ["federation", "club"]
