from decimal import Decimal

from django import forms

from .core.decisions import Thresholds
from .models import Level

_MARKS = (("doubtful", "Doubtful"), ("bad", "Bad"), ("very_bad", "Very bad"))


def _threshold(label: str) -> forms.DecimalField:
    return forms.DecimalField(
        label=f"{label} (EMG)", required=False, min_value=Decimal("0.001"),
        max_value=Decimal("9.999"), max_digits=4, decimal_places=3,
        help_text="Equity lost per decision. Empty: keep the current value.")


class AnalysisSettingForm(forms.Form):
    plies = forms.TypedChoiceField(choices=Level.choices, coerce=int,
                                   label="Analyse new matches at")
    leaderboard = forms.BooleanField(
        required=False, label="Show a season's error-rate leaderboard",
        help_text="Only players who chose to show their error rate appear on it.")
    doubtful = _threshold("Doubtful above")
    bad = _threshold("Bad above")
    very_bad = _threshold("Very bad above")
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
                self.add_error(name, f"{label} must be above {lower} EMG "
                                     "(doubtful < bad < very bad).")
        if rising:
            data["thresholds"] = Thresholds(*(float(value) for value in values))
        return data
