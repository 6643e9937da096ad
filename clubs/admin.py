from django.contrib import admin

from .admin_scoping import ClubScopedAdmin, ReadOnlyClubScopedAdmin, ScopedListFilters
from .models import (
    Club,
    MasterPointAward,
    Membership,
    Player,
    Rating,
    RatingChange,
    RatingSettings,
    Season,
)


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


# --------------------------------------------------------------------------- ratings
# Read-only: the rows are the recompute's output (``clubs.services.ratings``); a club's admins
# change the settings and add seasons on the club's ratings page, never here.


@admin.register(RatingSettings)
class RatingSettingsAdmin(ReadOnlyClubScopedAdmin):
    list_display = ["club", "start_rating", "experience_ramp", "rate_one_point", "rate_ladder",
                    "rate_friendly", "recompute_pending", "recomputed_at", "version"]
    list_select_related = ["club"]

    @admin.display(boolean=True, description="Recompute pending")
    def recompute_pending(self, obj):
        return obj.recompute_pending


@admin.register(Rating)
class RatingAdmin(ReadOnlyClubScopedAdmin):
    list_display = ["player", "club", "rating", "experience", "matches", "wins"]
    list_filter = ["club"]
    search_fields = ["player__name"]
    list_select_related = ["player", "club"]
    ordering = ["club", "-rating"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyClubScopedAdmin):
    list_display = ["finished_at", "player", "opponent", "club", "length", "won",
                    "rating_before", "change", "rating_after", "experience_after"]
    list_filter = ["club", "won"]
    search_fields = ["player__name", "opponent__name"]
    list_select_related = ["player", "opponent", "club"]
    raw_id_fields = ["match", "player", "opponent"]
    date_hierarchy = "finished_at"


@admin.register(Season)
class SeasonAdmin(ReadOnlyClubScopedAdmin):
    list_display = ["name", "club", "starts_on", "ends_on"]
    list_filter = ["club"]
    list_select_related = ["club"]


@admin.register(MasterPointAward)
class MasterPointAwardAdmin(ReadOnlyClubScopedAdmin):
    list_display = ["player", "tournament", "competition", "club", "match_wins",
                    "match_points", "placement_points", "place"]
    list_filter = ["club", "competition"]
    search_fields = ["player__name", "tournament__name"]
    list_select_related = ["player", "tournament", "club"]
    raw_id_fields = ["player", "tournament"]
