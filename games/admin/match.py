"""Referees' admin: the queue of violations, the records, and rulings with an audit trail.

Rulings are admin actions with an intermediate form that requires a reason; they call
``games.services.rulings.ruling_record``, never change rows themselves.
"""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext, gettext_lazy, ngettext

from clubs.admin_scoping import ClubScopedAdmin
from games.engine import Position
from games.engine.errors import EngineError
from games.models import MatchGame, MatchRecord, RulesCheck, Ruling, Violation
from games.services.rules_check_queue import rules_check_restart
from games.services.rulings import RulingError, ruling_record


class RulingForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=True,
                             label=gettext_lazy("Reason"),
                             help_text=gettext_lazy("Required: it is kept in the audit trail."))
    game_number = forms.IntegerField(required=False, min_value=1,
                                     label=gettext_lazy("Game number"),
                                     help_text=gettext_lazy("Needed for a void or a correction."))
    winner = forms.TypedChoiceField(
        choices=[("", "—"), (0, gettext_lazy("Left player")), (1, gettext_lazy("Right player"))],
        coerce=int, required=False, empty_value=None, label=gettext_lazy("Winner"))
    points = forms.IntegerField(required=False, min_value=1, label=gettext_lazy("Points"))


def _board(position_id: str) -> str:
    if not position_id:
        return "—"
    try:
        diagram = Position.from_position_id(position_id).diagram()
    except EngineError:  # the engine's reason is English, for machines
        return gettext("The position ID %(id)s cannot be read.") % {"id": position_id}
    return format_html('<pre style="font-family:monospace;line-height:1.15">{}</pre>', diagram)


class RuleFilter(admin.SimpleListFilter):
    title = gettext_lazy("rule")
    parameter_name = "rule"

    def lookups(self, request, model_admin):
        rules = Violation.objects.values_list("rule", flat=True).distinct().order_by("rule")
        return [(rule, rule) for rule in rules]

    def queryset(self, request, queryset):
        if not self.value():
            return queryset
        if queryset.model is Violation:
            return queryset.filter(rule=self.value())
        return queryset.filter(rules_check__violations__rule=self.value()).distinct()


class RulingActions:
    """Admin actions that make rulings through an intermediate page with a reason."""

    ruling_template = "admin/games/ruling_form.html"

    def _ruling(self, request, queryset, kind: str, title: str):
        form = RulingForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            done = sum(self._rule_one(request, obj, kind, form.cleaned_data) for obj in queryset)
            self.message_user(request, ngettext(
                "%(count)s ruling recorded.", "%(count)s rulings recorded.", done) % {
                "count": done}, messages.SUCCESS)
            return None
        return TemplateResponse(request, self.ruling_template, {
            **self.admin_site.each_context(request), "title": title, "form": form,
            "objects": queryset, "action": request.POST.get("action"),
            "opts": self.model._meta, "kind": kind,
        })

    def _rule_one(self, request, obj, kind: str, data: dict) -> bool:
        violation = obj if isinstance(obj, Violation) else None
        record = violation.rules_check.record if violation else obj
        try:
            ruling_record(record=record, referee=request.user, kind=kind, reason=data["reason"],
                          violation=violation, game_number=data.get("game_number"),
                          winner=data.get("winner"), points=data.get("points"))
        except (RulingError, PermissionDenied) as exc:
            self.message_user(request, gettext("%(object)s: %(reason)s") % {
                "object": obj, "reason": exc}, messages.ERROR)
            return False
        return True

    @admin.action(description=gettext_lazy("Ruling: the play stands as played"))
    def rule_stands(self, request, queryset):
        return self._ruling(request, queryset, Ruling.Kind.STANDS, gettext("The play stands"))

    @admin.action(description=gettext_lazy("Ruling: the game is void"))
    def rule_void(self, request, queryset):
        return self._ruling(request, queryset, Ruling.Kind.VOID, gettext("Void the game"))

    @admin.action(description=gettext_lazy("Ruling: correct the result"))
    def rule_correct(self, request, queryset):
        return self._ruling(request, queryset, Ruling.Kind.CORRECT,
                            gettext("Correct the result"))


class RulingInline(admin.TabularInline):
    model = Ruling
    extra = 0
    can_delete = False
    fields = ["created_at", "referee", "kind", "game", "reason", "before", "after"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


class GameInline(admin.TabularInline):
    model = MatchGame
    extra = 0
    can_delete = False
    fields = ["number", "score_left", "score_right", "crawford", "winner", "points",
              "result_kind", "ended_by", "cube_value", "is_void"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(MatchRecord)
class MatchRecordAdmin(RulingActions, ClubScopedAdmin):
    scope_role = "referee"
    list_display = ["__str__", "club", "check_status", "violation_count", "standing",
                    "uploaded_at"]
    list_filter = ["club", "rules_check__status", RuleFilter, "match_length"]
    search_fields = ["name_left", "name_right", "player_left__name",
                     "player_right__name", "source_name"]
    list_select_related = ["club", "rules_check"]
    readonly_fields = ["club", "player_left", "player_right", "name_left", "name_right",
                       "match_length", "crawford", "jacoby", "beavers", "automatic_doubles",
                       "cube_limit", "backgammon_multiplier", "tags", "source_name",
                       "source_sha256", "uploaded_by", "uploaded_at", "score_left",
                       "score_right", "winner", "public_link", "violations", "source_text",
                       "finished_match"]  # (a select would list every club's results)
    exclude = ["source_encoding"]
    inlines = [GameInline, RulingInline]
    actions = ["rule_correct", "rule_void", "recheck"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(
            errors=Count("rules_check__violations",
                         filter=Q(rules_check__violations__severity="error"))
        )

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description=gettext_lazy("check"), ordering="rules_check__status")
    def check_status(self, obj):
        check = getattr(obj, "rules_check", None)
        return check.get_status_display() if check else "—"

    @admin.display(description=gettext_lazy("violations"), ordering="errors")
    def violation_count(self, obj):
        return obj.errors

    @admin.display(description=gettext_lazy("standing result"))
    def standing(self, obj):
        return f"{obj.score_left}–{obj.score_right}" if obj.score_left is not None else "—"

    @admin.display(description=gettext_lazy("public page"))
    def public_link(self, obj):
        return format_html('<a href="{}">{}</a>', obj.get_absolute_url(),
                           gettext("Open the match page"))

    @admin.display(description=gettext_lazy("violations"))
    def violations(self, obj):
        url = reverse("admin:games_violation_changelist")
        count = Violation.objects.filter(rules_check__record=obj).count()
        text = ngettext("%(count)s violation: open the queue",
                        "%(count)s violations: open the queue", count) % {"count": count}
        return format_html('<a href="{}?rules_check__record__id__exact={}">{}</a>', url, obj.pk,
                           text)

    @admin.action(description=gettext_lazy("Run the rules check again"))
    def recheck(self, request, queryset):
        for record in queryset:
            rules_check_restart(record=record)
        count = queryset.count()
        self.message_user(request, ngettext("%(count)s check queued.", "%(count)s checks queued.",
                                            count) % {"count": count})


@admin.register(Violation)
class ViolationAdmin(RulingActions, ClubScopedAdmin):
    """The referees' queue: every violation, with the board before the play."""

    club_path = "rules_check__record__club"
    scope_role = "referee"
    list_display = ["record", "game_number", "line", "rule", "severity", "message", "ruled"]
    list_filter = ["rules_check__record__club", "rules_check__status", RuleFilter, "severity"]
    search_fields = ["message", "rules_check__record__name_left",
                     "rules_check__record__name_right"]
    list_select_related = ["rules_check__record"]
    readonly_fields = ["record_link", "game_number", "line", "rule", "severity", "message",
                       "dice", "play_text", "position_id", "board", "legal_alternatives",
                       "rulings_made"]
    fields = readonly_fields
    actions = ["rule_stands", "rule_void", "rule_correct"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(ruling_count=Count("rulings"))

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return self.has_view_permission(request, obj)

    def lookup_allowed(self, lookup, value, request=None):
        return lookup == "rules_check__record__id__exact" or super().lookup_allowed(
            lookup, value, request
        )

    @admin.display(description=gettext_lazy("match"))
    def record(self, obj):
        return obj.rules_check.record

    @admin.display(description=gettext_lazy("match"))
    def record_link(self, obj):
        record = obj.rules_check.record
        turn = f"?game={obj.game_number}&line={obj.line}#replay" if obj.game_number else ""
        return format_html('<a href="{}{}">{}</a> {}', record.get_absolute_url(), turn, record,
                           gettext("(the turn on the replay board)"))

    @admin.display(boolean=True, description=gettext_lazy("ruled"), ordering="ruling_count")
    def ruled(self, obj):
        return obj.ruling_count > 0

    @admin.display(description=gettext_lazy("position before the play"))
    def board(self, obj):
        return _board(obj.position_id)

    @admin.display(description=gettext_lazy("legal alternatives"))
    def legal_alternatives(self, obj):
        return ", ".join(obj.legal_plays) or "—"

    @admin.display(description=gettext_lazy("rulings"))
    def rulings_made(self, obj):
        rows = obj.rulings.select_related("referee")
        return "; ".join(f"{r.created_at:%Y-%m-%d %H:%M} {r.referee}: {r.get_kind_display()} "
                         f"({r.reason})" for r in rows) or "—"


@admin.register(Ruling)
class RulingAdmin(ClubScopedAdmin):
    """The audit trail: read-only."""

    club_path = "record__club"
    scope_role = "referee"
    list_display = ["created_at", "referee", "kind", "record", "game", "reason"]
    list_filter = ["kind", "record__club"]
    search_fields = ["reason", "referee__username", "record__name_left", "record__name_right"]
    list_select_related = ["referee", "record", "game__record"]
    readonly_fields = ["record", "violation", "game", "kind", "reason", "before", "after",
                       "referee", "created_at"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(RulesCheck)
class RulesCheckAdmin(ClubScopedAdmin):
    club_path = "record__club"
    scope_role = "referee"
    list_display = ["record", "status", "attempts", "queued_at", "finished_at"]
    list_filter = ["status", "record__club"]
    list_select_related = ["record"]
    readonly_fields = ["record", "status", "attempts", "queued_at", "started_at", "finished_at",
                       "error", "report"]

    def has_add_permission(self, request):
        return False
