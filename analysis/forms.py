from decimal import Decimal

from django import forms
from django.utils import formats
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from .core.decisions import Thresholds
from .models import Level

_MARKS = (("doubtful", pgettext_lazy("mark", "Doubtful")), ("bad", pgettext_lazy("mark", "Bad")),
          ("very_bad", pgettext_lazy("mark", "Very bad")))


def _threshold(label) -> forms.DecimalField:
    return forms.DecimalField(
        label=label, required=False, min_value=Decimal("0.001"),
        max_value=Decimal("9.999"), max_digits=4, decimal_places=3,
        help_text=gettext_lazy("Equity lost per decision. Empty: keep the current value."))


class AnalysisSettingForm(forms.Form):
    plies = forms.TypedChoiceField(choices=Level.choices, coerce=int,
                                   label=gettext_lazy("Analyse new matches at"))
    leaderboard = forms.BooleanField(
        required=False, label=gettext_lazy("Show a season's error-rate leaderboard"),
        help_text=gettext_lazy("Only players who chose to show their error rate appear on it."))
    doubtful = _threshold(gettext_lazy("Doubtful above (EMG)"))
    bad = _threshold(gettext_lazy("Bad above (EMG)"))
    very_bad = _threshold(gettext_lazy("Very bad above (EMG)"))
    field_order = ("plies", "doubtful", "bad", "very_bad", "leaderboard")

    def __init__(self, *args, current: Thresholds, **kwargs):
        super().__init__(*args, **kwargs)
        self.current = current

    def clean(self):
        data = super().clean()
        if any(name in self.errors for name, _ in _MARKS):
            return data
        values = [data.get(name) if data.get(name) is not None
                  else Decimal(str(getattr(self.current, name))) for name, _ in _MARKS]
        rising = True
        for (name, label), lower, value in zip(_MARKS[1:], values[:-1], values[1:], strict=True):
            if value <= lower:
                rising = False
                self.add_error(name, gettext("%(mark)s must be above %(lower)s EMG (doubtful < "
                                             "bad < very bad).")
                               % {"mark": label, "lower": formats.number_format(lower)})
        if rising:
            data["thresholds"] = Thresholds(*(float(value) for value in values))
        return data
