"""The ratings in the admin, read-only: the rows are the recompute's output
(``ratings.services``); a club's admins change the settings and add seasons on the club's
ratings page, never here."""

from django.contrib import admin
from django.utils.translation import gettext_lazy

from clubs.admin_scoping import ReadOnlyClubScopedAdmin

from .models import MasterPointAward, Pool, Rating, RatingChange, RatingSettings, Season


@admin.register(RatingSettings)
class RatingSettingsAdmin(ReadOnlyClubScopedAdmin):
    list_display = ["club", "start_rating", "experience_ramp", "rate_one_point", "rate_ladder",
                    "rate_friendly", "recompute_pending", "recomputed_at", "version"]
    list_select_related = ["club"]

    @admin.display(boolean=True, description=gettext_lazy("Recompute pending"))
    def recompute_pending(self, obj):
        return obj.recompute_pending


@admin.register(Pool)
class PoolAdmin(ReadOnlyClubScopedAdmin):
    list_display = ["club", "owner_kind", "formula", "created_at"]
    list_filter = ["owner_kind", "formula"]
    list_select_related = ["club"]


@admin.register(Rating)
class RatingAdmin(ReadOnlyClubScopedAdmin):
    club_path = "pool__club"
    list_display = ["player", "pool", "rating", "experience", "matches", "wins"]
    list_filter = ["pool__club"]
    search_fields = ["player__name"]
    list_select_related = ["player", "pool__club"]
    ordering = ["pool", "-rating"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyClubScopedAdmin):
    club_path = "pool__club"
    list_display = ["finished_at", "player", "opponent", "pool", "length", "won",
                    "rating_before", "change", "rating_after", "experience_after"]
    list_filter = ["pool__club", "won"]
    search_fields = ["player__name", "opponent__name"]
    list_select_related = ["player", "opponent", "pool__club"]
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
