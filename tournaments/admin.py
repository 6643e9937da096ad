"""Tournaments in the referees' admin: flagged and disputed matches in a queue (filter
"for the referees"), reports, entries, and each match's audit trail.

Rows are read-only here; a referee's decisions are admin actions with an intermediate form
that requires a reason (settle a dispute, correct a result, let a flagged result stand,
order a flagged match replayed).
The actions call ``tournaments.services`` after the gate of ``clubs.permissions``; they
never change rows themselves, and the services write the audit log."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, gettext_lazy, ngettext

from audit.models import AuditEntry
from clubs.admin_scoping import ReadOnlyClubScopedAdmin
from clubs.permissions import club_for_referee
from tournaments import services

from .models import Entry, ResultReport, Tournament, TournamentMatch


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyClubScopedAdmin):
    list_display = ["name", "club", "starts_on", "format", "status", "public_link"]
    list_filter = ["club", "format", "status"]
    search_fields = ["name"]

    @admin.display(description=gettext_lazy("flag"))
    def shown_flag(self, obj):
        return obj.shown_flag

    @admin.display(description=gettext_lazy("page"))
    def public_link(self, obj):
        return format_html('<a href="{}">{}</a>', obj.get_absolute_url(), gettext("open"))


@admin.register(Entry)
class EntryAdmin(ReadOnlyClubScopedAdmin):
    club_path = "tournament__club"
    list_display = ["player", "tournament", "seed", "status"]
    list_filter = ["tournament__club", "status"]
    list_select_related = ["player", "tournament"]
    search_fields = ["player__name", "tournament__name"]


class FlaggedFilter(admin.SimpleListFilter):
    title = gettext_lazy("for the referees")
    parameter_name = "flagged"

    def lookups(self, request, model_admin):
        return [("yes", gettext("Flagged or disputed"))]

    def queryset(self, request, queryset):
        return queryset.exclude(flag="") if self.value() == "yes" else queryset


class ResultRulingForm(forms.Form):
    winner = forms.ChoiceField(label=gettext_lazy("Winner"),
                               choices=[("a", gettext_lazy("The first-named player")),
                                        ("b", gettext_lazy("The second-named player"))])
    score_a = forms.IntegerField(min_value=0, max_value=99,
                                 label=gettext_lazy("First-named player's score"))
    score_b = forms.IntegerField(min_value=0, max_value=99,
                                 label=gettext_lazy("Second-named player's score"))
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}),
                             label=gettext_lazy("Reason"),
                             help_text=gettext_lazy("Required: it is kept in the audit log."))


class ReasonForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}),
                             label=gettext_lazy("Reason"),
                             help_text=gettext_lazy("Required: it is kept in the audit log."))


@admin.register(TournamentMatch)
class TournamentMatchAdmin(ReadOnlyClubScopedAdmin):
    club_path = "tournament__club"
    list_display = ["key", "tournament", "player_a", "player_b", "status", "score_a",
                    "score_b", "winner", "shown_flag"]
    #: The flag in the referee's language (the stored sentences beside it are not shown).
    exclude = ["flag", "flag_message"]
    list_filter = [FlaggedFilter, "status", "tournament__club", "flight"]
    list_select_related = ["tournament", "player_a", "player_b", "winner"]
    search_fields = ["player_a__name", "player_b__name", "tournament__name", "key"]
    readonly_fields = ["shown_flag", "public_link", "audit_trail"]
    actions = ["settle_dispute", "correct_result", "let_result_stand", "replay"]
    ruling_template = "admin/tournaments/ruling_form.html"

    @admin.display(description=gettext_lazy("page"))
    def public_link(self, obj):
        return format_html('<a href="{}#match-{}">{}</a>',
                           obj.tournament.get_absolute_url(), obj.key,
                           gettext("open the bracket"))

    @admin.display(description=gettext_lazy("audit trail"))
    def audit_trail(self, obj):
        entries = AuditEntry.objects.filter(target_type__model="tournamentmatch",
                                            target_type__app_label="tournaments",
                                            target_id=obj.pk).order_by("created_at")
        if not entries:
            return "—"
        return format_html("<ul>{}</ul>", format_html_join(
            "", gettext("<li>{} {}: {} — {} (before {}, after {})</li>"),
            ((e.created_at.strftime("%Y-%m-%d %H:%M"), e.actor_name or "?",
              e.get_action_display(), e.reason, e.before, e.after) for e in entries)))

    # ----------------------------------------------------------------- the rulings

    def _form(self, request, queryset, form_class, title: str, apply):
        form = form_class(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            done = sum(self._apply_one(request, match, apply, form.cleaned_data)
                       for match in queryset.select_related("tournament"))
            self.message_user(request, ngettext("%(count)s match settled.",
                                               "%(count)s matches settled.", done)
                              % {"count": done},
                              messages.SUCCESS if done else messages.WARNING)
            return None
        return TemplateResponse(request, self.ruling_template, {
            **self.admin_site.each_context(request), "title": title, "form": form,
            "objects": queryset, "action": request.POST.get("action"),
            "opts": self.model._meta,
        })

    def _apply_one(self, request, match, apply, data) -> bool:
        try:
            club_for_referee(user=request.user, club_id=match.tournament.club_id)
            apply(match, data)
        except (PermissionDenied, *services.DOMAIN_ERRORS) as exc:
            self.message_user(request, gettext("%(match)s: %(error)s") % {
                "match": match, "error": exc}, messages.ERROR)
            return False
        return True

    def _result_ruling(self, request, queryset, service, title: str):
        if queryset.count() != 1:
            self.message_user(request, gettext("Choose one match at a time for a result."),
                              messages.ERROR)
            return None

        def apply(match, data):
            players = (match.player_a_id, match.player_b_id)
            if service is services.match_result_resolve and services.is_bracket_flag(
                    match.flag):
                # A new result for a match a correction flagged is between the players
                # the bracket now gives (its flag names them, the first-named first).
                players = services.match_players_due(match=match)
            winner = players[0] if data["winner"] == "a" else players[1]
            service(match=match, by=request.user, winner=winner, score_a=data["score_a"],
                    score_b=data["score_b"], reason=data["reason"])

        return self._form(request, queryset, ResultRulingForm, title, apply)

    @admin.action(description=gettext_lazy("Settle the dispute: the result is…"))
    def settle_dispute(self, request, queryset):
        return self._result_ruling(request, queryset, services.match_result_resolve,
                                   gettext("Settle a disputed or flagged match"))

    @admin.action(description=gettext_lazy("Correct the result (later rounds follow)"))
    def correct_result(self, request, queryset):
        return self._result_ruling(request, queryset, services.match_result_correct,
                                   gettext("Correct a result"))

    @admin.action(description=gettext_lazy("The flagged result stands (clear the flag)"))
    def let_result_stand(self, request, queryset):
        def apply(match, data):
            services.match_flag_clear(match=match, by=request.user, reason=data["reason"])

        return self._form(request, queryset, ReasonForm,
                          gettext("The flagged result stands"), apply)

    @admin.action(description=gettext_lazy("Replay the flagged match (its result is voided)"))
    def replay(self, request, queryset):
        def apply(match, data):
            services.match_replay(match=match, by=request.user, reason=data["reason"])

        return self._form(request, queryset, ReasonForm,
                          gettext("Replay the flagged match"), apply)


@admin.register(ResultReport)
class ResultReportAdmin(ReadOnlyClubScopedAdmin):
    club_path = "match__tournament__club"
    list_display = ["match", "winner", "score_a", "score_b", "status", "shown_note",
                    "created_at", "match_link"]
    exclude = ["note", "note_message"]
    readonly_fields = ["shown_note"]

    @admin.display(description=gettext_lazy("note"))
    def shown_note(self, obj):
        return obj.shown_note
    list_filter = ["status", "match__tournament__club"]
    list_select_related = ["match", "winner"]

    @admin.display(description=gettext_lazy("match"))
    def match_link(self, obj):
        url = reverse("admin:tournaments_tournamentmatch_change", args=[obj.match_id])
        return format_html('<a href="{}">{}</a>', url, gettext("settle"))


# Ladders and leagues (registered from their own module).
from . import admin_formats  # noqa: E402,F401
