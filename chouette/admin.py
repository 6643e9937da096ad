"""Chouette in the admin: referees review games and reverse them (reason required, posted
as reversing ledger entries by the service); the ledger and payments are read-only."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.template.response import TemplateResponse
from django.utils.html import format_html
from django.utils.translation import gettext, gettext_lazy, ngettext

from chouette.models import (
    ChouetteCubeAction,
    ChouetteGame,
    ChouetteLedgerEntry,
    ChouettePayment,
    ChouetteSeat,
    ChouetteSession,
)
from chouette.services import DOMAIN_ERRORS, chouette_game_reverse
from clubs.admin_scoping import ClubScopedAdmin, ReadOnlyClubScopedAdmin
from clubs.permissions import club_for_referee
from config.refusals import refusal_text


class ReverseForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Reason"), widget=forms.Textarea(attrs={"rows": 3}), required=True,
        help_text=gettext_lazy("Required: it is kept with the reversing entries."))


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class SeatInline(ReadOnlyInline):
    model = ChouetteSeat
    fields = readonly_fields = ["player", "status", "position", "joined_at"]


class GameInline(ReadOnlyInline):
    model = ChouetteGame
    fields = readonly_fields = ["number", "status", "box", "captain", "winner", "kind",
                                "captain_won", "points", "reverse_reason"]
    show_change_link = True


class CubeActionInline(ReadOnlyInline):
    model = ChouetteCubeAction
    fields = readonly_fields = ["seq", "member", "kind", "side", "value", "undone",
                                "created_by", "created_at"]


class LedgerInline(ReadOnlyInline):
    model = ChouetteLedgerEntry
    fk_name = "game"
    fields = readonly_fields = ["box", "member", "points", "amount", "reverses", "reason",
                                "created_by", "created_at"]


@admin.register(ChouetteSession)
class ChouetteSessionAdmin(ClubScopedAdmin):
    scope_role = "referee"
    list_display = ["date", "club", "stake", "currency", "cube_mode", "status"]
    list_filter = ["club", "status", "cube_mode"]
    inlines = [SeatInline, GameInline]
    readonly_fields = ["club", "date", "stake", "currency", "cube_mode", "jacoby", "beavers",
                       "raccoons", "automatic_doubles", "consultation", "box_partner_from",
                       "box_answer_policy", "cube_limit", "status", "opening_rounds", "version",
                       "created_by", "created_at", "closed_at", "board_link"]

    def has_add_permission(self, request):
        return False  # sessions start from the scoreboard pages

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description=gettext_lazy("scoreboard"))
    def board_link(self, obj):
        return format_html('<a href="{}">{}</a>', obj.get_absolute_url(),
                           gettext("Open the scoreboard"))


@admin.register(ChouetteGame)
class ChouetteGameAdmin(ClubScopedAdmin):
    club_path = "session__club"
    scope_role = "referee"
    list_display = ["__str__", "status", "box", "captain", "winner", "kind", "captain_won",
                    "finished_at", "reversed_by"]
    list_filter = ["status", "session__club", "winner"]
    list_select_related = ["session__club", "box", "captain", "reversed_by"]
    search_fields = ["box__name", "captain__name"]
    readonly_fields = ["session", "number", "status", "box", "captain", "partner", "lineup",
                       "lineup_after", "automatic_double", "winner", "kind", "resigned",
                       "captain_won", "points", "started_at", "started_by", "finished_at",
                       "finished_by", "reversed_at", "reversed_by", "reverse_reason"]
    inlines = [CubeActionInline, LedgerInline]
    actions = ["reverse_games"]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.action(description=gettext_lazy("Reverse the selected games (reason required)"))
    def reverse_games(self, request, queryset):
        form = ReverseForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            done = sum(self._reverse_one(request, game, form.cleaned_data["reason"])
                       for game in queryset.select_related("session"))
            text = ngettext("%(count)s game reversed.", "%(count)s games reversed.", done)
            self.message_user(request, text % {"count": done}, messages.SUCCESS)
            return None
        return TemplateResponse(request, "chouette/admin_reverse.html", {
            **self.admin_site.each_context(request), "title": gettext("Reverse chouette games"),
            "form": form, "objects": queryset, "action": request.POST.get("action"),
            "opts": self.model._meta,
        })

    def _reverse_one(self, request, game, reason: str) -> bool:
        try:
            club_for_referee(user=request.user, club_id=game.session.club_id)
            chouette_game_reverse(game=game, reversed_by=request.user, reason=reason)
        except (PermissionDenied, *DOMAIN_ERRORS) as exc:
            self.message_user(request, gettext("%(game)s: %(error)s") % {
                "game": game, "error": refusal_text(exc)}, messages.ERROR)
            return False
        return True



@admin.register(ChouetteLedgerEntry)
class ChouetteLedgerEntryAdmin(ReadOnlyClubScopedAdmin):
    """The append-only ledger: read-only; corrections are reversals of games."""

    club_path = "session__club"
    list_display = ["created_at", "game", "box", "member", "points", "amount", "reverses",
                    "reason", "created_by"]
    list_filter = ["session__club", "session"]
    list_select_related = ["game__session__club", "box", "member", "created_by"]
    search_fields = ["box__name", "member__name", "reason"]


@admin.register(ChouettePayment)
class ChouettePaymentAdmin(ReadOnlyClubScopedAdmin):
    list_display = ["created_at", "club", "payer", "payee", "amount", "currency", "reverses",
                    "reason", "created_by"]
    list_filter = ["club"]
    list_select_related = ["club", "payer", "payee", "created_by", "reverses"]
    search_fields = ["payer__name", "payee__name", "reason"]
