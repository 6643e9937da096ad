"""Shapes of the tournament pages' input; the services decide the rest."""

from django import forms

from tournaments.formats import standings as pure_standings
from tournaments.formats.swiss import suggested_rounds
from tournaments.models import Tournament

F = Tournament.Format
KNOCKOUTS = tuple(f for f in F if not f.is_round_based)
ROUND_BASED = tuple(f for f in F if f.is_round_based)
PAIRED_BY_ROUND = tuple(f for f in F if f.is_paired_by_round)
_EXAMPLES = ", ".join(f"{n}: {suggested_rounds(n)}" for n in (8, 12, 16, 24, 32, 64))
_METRIC_NAMES = ", ".join(pure_standings.METRICS)


class TournamentForm(forms.Form):
    """The event and its format's settings. Each setting belongs to some formats (``FOR``);
    the page shows them in fieldsets (a little script hides the other formats' fieldsets;
    without it every fieldset shows and only the chosen format's are read)."""

    name = forms.CharField(max_length=120)
    starts_on = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    format = forms.ChoiceField(choices=Tournament.Format.choices)
    main_length = forms.IntegerField(min_value=1, max_value=25, initial=7,
                                     label="Match length",
                                     help_text="Points; a knockout's main flight.")
    crawford = forms.BooleanField(required=False, initial=True)
    minutes_per_point = forms.IntegerField(min_value=1, max_value=60, initial=11,
                                           required=False, label="Pace (minutes per point)",
                                           help_text="For the day's time estimates.")
    # Knockouts (and the knockout after the groups).
    semi_final_length = forms.IntegerField(min_value=1, max_value=25, required=False,
                                           help_text="Blank: as the main flight.")
    final_length = forms.IntegerField(min_value=1, max_value=25, required=False,
                                      help_text="Blank: as the main flight.")
    consolation_length = forms.IntegerField(min_value=1, max_value=25, initial=5)
    last_chance_length = forms.IntegerField(min_value=1, max_value=25, initial=3)
    reset = forms.BooleanField(required=False, initial=True,
                               label="Double elimination: a reset final")
    # Swiss and MoreSwiss.
    rounds = forms.IntegerField(
        min_value=1, max_value=30, required=False, label="Number of rounds",
        help_text=f"Blank: decide as you go. Suggested: ceil(log2 N) for N players "
                  f"({_EXAMPLES}); the pairing page shows it for the field entered.")
    losses_out = forms.IntegerField(min_value=1, max_value=9, initial=3, required=False,
                                    label="Out after this many losses")
    bye_is_win = forms.BooleanField(required=False, initial=True, label="A bye counts as a win")
    late_half_points = forms.BooleanField(
        required=False, label="Late entries: half a point per missed round",
        help_text="Unticked: a late entry starts on zero.")
    # Round robins and groups.
    cycles = forms.TypedChoiceField(choices=[(1, "Single round robin"),
                                             (2, "Double round robin")], coerce=int, initial=1,
                                    required=False, label="Round robin")
    groups = forms.IntegerField(min_value=1, max_value=26, initial=4, required=False,
                                label="Number of groups")
    qualifiers = forms.IntegerField(min_value=1, max_value=8, initial=2, required=False,
                                    label="Top K of each group into the knockout")
    # Every round-based format.
    tiebreaks = forms.CharField(
        max_length=200, required=False, label="Tie-break order",
        help_text=f"Comma-separated, first decides first, from: {_METRIC_NAMES}. Blank: the "
                  f"format's usual order (Swiss: {', '.join(pure_standings.SWISS_METRICS)}).")
    walkovers_count = forms.BooleanField(required=False, initial=True,
                                         label="Walkovers count as wins (marked)")

    #: Setting -> the formats it belongs to (the others belong to every format).
    FOR = {
        **dict.fromkeys(("semi_final_length", "final_length", "consolation_length",
                         "last_chance_length", "reset"), (*KNOCKOUTS, "groups")),
        # The settings each format's handler reads (``services.rounds.DEFAULTS``).
        "rounds": (F.SWISS,), "losses_out": (F.MORESWISS,),
        **dict.fromkeys(("bye_is_win", "late_half_points"), PAIRED_BY_ROUND),
        "cycles": tuple(f for f in F if f.has_crosstable),
        **dict.fromkeys(("groups", "qualifiers"), tuple(f for f in F if f.is_grouped)),
        **dict.fromkeys(("tiebreaks", "walkovers_count"), ROUND_BASED),
    }
    FIELDSETS = (
        ("The event", ("name", "starts_on", "format", "main_length", "crawford",
                       "minutes_per_point")),
        ("Knockout", ("semi_final_length", "final_length", "consolation_length",
                      "last_chance_length", "reset")),
        ("Swiss and MoreSwiss", ("rounds", "losses_out", "bye_is_win", "late_half_points")),
        ("Round robin and groups", ("cycles", "groups", "qualifiers")),
        ("Standings", ("tiebreaks", "walkovers_count")),
    )
    #: Settings stored in ``format_settings`` (the rest are the knockout's options).
    FORMAT_SETTINGS = ("rounds", "losses_out", "bye_is_win", "late_half_points", "cycles",
                       "groups", "qualifiers", "tiebreaks", "walkovers_count")

    def fieldsets(self) -> list[dict]:
        """For the template: each fieldset with the formats it shows for, and each field
        with its own (space-separated, for the script)."""
        out = []
        for legend, names in self.FIELDSETS:
            formats = sorted({f for n in names for f in self.FOR.get(n, F.values)})
            out.append({"legend": legend, "formats": " ".join(formats), "fields": [
                (self[n], " ".join(self.FOR.get(n, formats))) for n in names]})
        return out

    def _applies(self, name: str, chosen: str) -> bool:
        return chosen in self.FOR.get(name, (chosen,))

    def clean_tiebreaks(self) -> list[str]:
        text = self.cleaned_data.get("tiebreaks", "")
        names = [n.strip().lower().replace(" ", "_").replace("-", "_")
                 for n in text.split(",") if n.strip()]
        unknown = [n for n in names if n not in pure_standings.METRICS]
        if unknown:
            raise forms.ValidationError(f"Unknown tie-break {unknown[0]!r}: use "
                                        f"{_METRIC_NAMES}.")
        if len(set(names)) != len(names):
            raise forms.ValidationError("A tie-break is listed twice.")
        return names

    def clean(self):
        """Errors in another format's fieldset do not stop this one (its values are not
        read)."""
        data = super().clean()
        chosen = data.get("format")
        if chosen:
            for name in list(self.errors):
                if name in self.FOR and not self._applies(name, chosen):
                    del self.errors[name]
        return data

    def format_settings(self) -> dict:
        data, chosen = self.cleaned_data, self.cleaned_data["format"]
        given = {n: data[n] for n in self.FORMAT_SETTINGS
                 if self._applies(n, chosen) and data.get(n) not in (None, "", [])}
        if self._applies("rounds", chosen):
            given["rounds"] = data.get("rounds")  # blank: decided as the event goes
        return given

    def options(self) -> dict:
        data = self.cleaned_data
        main_rounds = {name: data[f"{name}_length"] for name in ("semi_final", "final")
                       if data.get(f"{name}_length")}
        lengths = {"main": data["main_length"],
                   "consolation": data.get("consolation_length") or 5,
                   "last_chance": data.get("last_chance_length") or 3}
        options = {"lengths": lengths,
                   "round_lengths": {"main": main_rounds} if main_rounds else {},
                   "crawford": data["crawford"], "reset": data["reset"],
                   "minutes_per_point": data.get("minutes_per_point") or 11}
        if F(data["format"]).is_round_based:
            options["format_settings"] = self.format_settings()
        return options


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
