"""Shapes of the tournament pages' input; the services decide the rest."""

from django import forms

from tournaments.models import Tournament


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=120)
    starts_on = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    format = forms.ChoiceField(choices=Tournament.Format.choices)
    main_length = forms.IntegerField(min_value=1, max_value=25, initial=7)
    semi_final_length = forms.IntegerField(min_value=1, max_value=25, required=False,
                                           help_text="Blank: as the main flight.")
    final_length = forms.IntegerField(min_value=1, max_value=25, required=False,
                                      help_text="Blank: as the main flight.")
    consolation_length = forms.IntegerField(min_value=1, max_value=25, initial=5)
    last_chance_length = forms.IntegerField(min_value=1, max_value=25, initial=3)
    crawford = forms.BooleanField(required=False, initial=True)
    reset = forms.BooleanField(required=False, initial=True,
                               label="Double elimination: a reset final")
    minutes_per_point = forms.IntegerField(min_value=1, max_value=60, initial=11,
                                           required=False, label="Pace (minutes per point)",
                                           help_text="For the day's time estimates.")

    def options(self) -> dict:
        data = self.cleaned_data
        main_rounds = {name: data[f"{name}_length"] for name in ("semi_final", "final")
                       if data.get(f"{name}_length")}
        return {"lengths": {"main": data["main_length"],
                            "consolation": data["consolation_length"],
                            "last_chance": data["last_chance_length"]},
                "round_lengths": {"main": main_rounds} if main_rounds else {},
                "crawford": data["crawford"], "reset": data["reset"],
                "minutes_per_point": data.get("minutes_per_point") or 11}


class EntryForm(forms.Form):
    player = forms.IntegerField(required=False, min_value=1)
    guest = forms.CharField(max_length=120, required=False)


class OrderForm(forms.Form):
    order = forms.CharField(required=False, help_text="Entry ids, best first, comma-separated.")

    def entry_ids(self) -> list[int] | None:
        text = self.cleaned_data.get("order", "").strip()
        if not text:
            return None
        try:
            return [int(part) for part in text.split(",") if part.strip()]
        except ValueError:
            raise forms.ValidationError("The order is a list of entry ids.") from None


class ResultForm(forms.Form):
    match = forms.IntegerField(min_value=1)
    winner = forms.IntegerField(min_value=1)
    score_a = forms.IntegerField(min_value=0, max_value=99)
    score_b = forms.IntegerField(min_value=0, max_value=99)
    reason = forms.CharField(required=False, max_length=500)
    match_file = forms.FileField(required=False)


class ReportActionForm(forms.Form):
    report = forms.IntegerField(min_value=1)
    reason = forms.CharField(required=False, max_length=500)


class MatchForm(forms.Form):
    match = forms.IntegerField(min_value=1)


class WithdrawForm(forms.Form):
    entry = forms.IntegerField(min_value=1)
