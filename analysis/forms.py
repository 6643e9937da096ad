from django import forms

from .models import Level


class AnalysisSettingForm(forms.Form):
    plies = forms.TypedChoiceField(choices=Level.choices, coerce=int,
                                   label="Analyse new matches at")
    leaderboard = forms.BooleanField(
        required=False, label="Show a season's error-rate leaderboard",
        help_text="Only players who chose to show their error rate appear on it.")
