"""Chouette forms: shape only (types, ranges, choices). The rules answer in the services."""

from decimal import Decimal

from django import forms
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from chouette.models import ChouetteCubeAction, ChouetteGame, ChouetteSession
from clubs.models import Club, Player


class PlayerChoices(forms.ModelMultipleChoiceField):
    """Players by id. A value that can be no id (a word, a number past the largest id the
    database holds) is an invalid choice, not a database error: the field's own query
    (``id IN (...)``) overflows on SQLite and fails on PostgreSQL."""

    def _check_values(self, value):
        for pk in value:
            if not str(pk).isdigit() or int(pk) >= 2 ** 63:
                raise forms.ValidationError(self.error_messages["invalid_pk_value"],
                                            code="invalid_pk_value", params={"pk": pk})
        return super()._check_values(value)


class SessionStartForm(forms.Form):
    date = forms.DateField(label=gettext_lazy("Date"), initial=timezone.localdate,
                           widget=forms.DateInput(attrs={"type": "date"}))
    stake = forms.DecimalField(label=gettext_lazy("Stake"), min_value=Decimal("0.01"),
                               max_digits=10, decimal_places=2, initial=Decimal("1.00"),
                               help_text=gettext_lazy("Money per point."))
    players = PlayerChoices(label=gettext_lazy("Players"), queryset=Player.objects.none(),
                            widget=forms.CheckboxSelectMultiple)
    cube_mode = forms.ChoiceField(label=gettext_lazy("Cube mode"),
                                  choices=ChouetteSession.CubeMode.choices,
                                  initial=ChouetteSession.CubeMode.PER_MEMBER)
    jacoby = forms.BooleanField(label=gettext_lazy("Jacoby"), required=False, initial=True)
    beavers = forms.BooleanField(label=gettext_lazy("Beavers"), required=False, initial=True)
    raccoons = forms.BooleanField(label=gettext_lazy("Raccoons"), required=False,
                                  initial=False)
    automatic_doubles = forms.TypedChoiceField(
        label=gettext_lazy("Automatic doubles"),
        choices=[(0, pgettext_lazy("automatic doubles", "None")),
                 (1, gettext_lazy("At most one"))],
        coerce=int, initial=0)
    consultation = forms.ChoiceField(label=gettext_lazy("Consultation"),
                                     choices=ChouetteSession.Consultation.choices,
                                     initial=ChouetteSession.Consultation.NO_CUBE_NO_TALK)
    box_partner_from = forms.IntegerField(
        label=gettext_lazy("Box partner from"), required=False, min_value=1, max_value=40,
        help_text=gettext_lazy("Blank: no box partner (from 6 players)."))
    box_answer_policy = forms.ChoiceField(label=gettext_lazy("Box answer policy"),
                                          choices=ChouetteSession.BoxAnswerPolicy.choices,
                                          initial=ChouetteSession.BoxAnswerPolicy.FREE)
    cube_limit = forms.IntegerField(label=gettext_lazy("Cube limit"), required=False,
                                    min_value=1, max_value=4096)

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].queryset = Player.objects.members_of(club).order_by("name")

    def rule_values(self) -> dict:
        data = self.cleaned_data
        return {key: data[key] for key in (
            "cube_mode", "jacoby", "beavers", "raccoons", "automatic_doubles", "consultation",
            "box_partner_from", "box_answer_policy", "cube_limit")}


class _Tap(forms.Form):
    """Every scoreboard post carries the version it was made from (stale taps are refused)."""

    version = forms.IntegerField(required=False, min_value=0)


def _int_list(values) -> list[int]:
    try:
        return [int(value) for value in values]
    except (TypeError, ValueError):
        raise forms.ValidationError(gettext("members: player ids are numbers.")) from None


class RollForm(_Tap):
    """Dice entered by the admin: fields ``die_<player id>`` (1-6); none = the server rolls."""

    def clean(self):
        data = super().clean()
        rolls = {}
        for key, value in self.data.items():
            if key.startswith("die_") and value not in ("", None):
                try:
                    rolls[int(key[4:])] = int(value)
                except ValueError:
                    raise forms.ValidationError(
                        gettext("Each die is a number from 1 to 6.")) from None
        data["rolls"] = rolls or None
        return data


class JoinForm(_Tap):
    player = forms.IntegerField(min_value=1)


class SeatForm(_Tap):
    player = forms.IntegerField(min_value=1)
    move = forms.ChoiceField(choices=[("sit_out", gettext_lazy("Sit out")),
                                      ("return", gettext_lazy("Return")),
                                      ("leave", gettext_lazy("Leave"))])


class StartForm(_Tap):
    automatic_double = forms.BooleanField(required=False)


class CubeForm(_Tap):
    """``do`` is "<kind>" (members from the ``members`` checkboxes) or "<kind>:<player id>"."""

    do = forms.CharField(max_length=40)

    def clean(self):
        data = super().clean()
        kind, _, member = data.get("do", "").partition(":")
        if kind not in ChouetteCubeAction.Kind.values:
            raise forms.ValidationError(
                gettext("Unknown cube action %(kind)s.") % {"kind": repr(kind)})
        members = [member] if member else self.data.getlist("members")
        data["kind"], data["members"] = kind, _int_list(members)
        if not data["members"]:
            raise forms.ValidationError(gettext("Tick the members whose cube is turned."))
        return data


class ResultForm(_Tap):
    """``result`` is "<winner>:<kind>", e.g. "box:gammon" (one button per outcome)."""

    result = forms.CharField(max_length=20)
    resigned = forms.BooleanField(required=False)

    def clean(self):
        data = super().clean()
        winner, _, kind = data.get("result", "").partition(":")
        if winner not in ChouetteGame.Winner.values or kind not in ChouetteGame.Kind.values:
            raise forms.ValidationError(gettext("Choose who won and how."))
        data["winner"], data["kind"] = winner, kind
        return data


class PaymentForm(forms.Form):
    payer = forms.IntegerField(min_value=1)
    payee = forms.IntegerField(min_value=1)
    amount = forms.DecimalField(min_value=Decimal("0.01"), max_digits=14, decimal_places=2)
