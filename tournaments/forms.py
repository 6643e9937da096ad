"""Shapes of the tournament pages' input; the services decide the rest."""

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy, gettext_noop, pgettext_lazy

from clubs.selectors import club_members
from tournaments.formats import DEFAULT_LENGTH, DEFAULT_LENGTHS, Flight
from tournaments.formats import standings as pure_standings
from tournaments.formats.swiss import suggested_rounds
from tournaments.models import LeagueSeason, Tournament
from tournaments.services.league import RULINGS

EventFormat = Tournament.Format
KNOCKOUTS = tuple(f for f in EventFormat if not f.is_round_based)
ROUND_BASED = tuple(f for f in EventFormat if f.is_round_based)
PAIRED_BY_ROUND = tuple(f for f in EventFormat if f.is_paired_by_round)
_EXAMPLES = ", ".join(f"{n}: {suggested_rounds(n)}" for n in (8, 12, 16, 24, 32, 64))
_METRIC_NAMES = ", ".join(pure_standings.METRICS)


def _filled(text, **values) -> str:
    """A text marked with ``gettext_noop`` (for the extractor), translated when shown (not at
    import), then filled with its values."""
    return gettext(text) % values


filled_lazy = lazy(_filled, str)
CYCLES = [(1, gettext_lazy("Single round robin")), (2, gettext_lazy("Double round robin"))]


class TournamentForm(forms.Form):
    """The event and its format's settings. Each setting belongs to some formats (``FOR``);
    the page shows them in fieldsets (a little script hides the other formats' fieldsets;
    without it every fieldset shows and only the chosen format's are read)."""

    name = forms.CharField(max_length=120, label=gettext_lazy("Name"))
    starts_on = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}),
                                label=gettext_lazy("Starts on"))
    format = forms.ChoiceField(choices=Tournament.Format.choices, label=gettext_lazy("Format"))
    main_length = forms.IntegerField(min_value=1, max_value=25, initial=DEFAULT_LENGTH,
                                     label=gettext_lazy("Match length"),
                                     help_text=gettext_lazy("Points; a knockout's main flight."))
    crawford = forms.BooleanField(required=False, initial=True, label=gettext_lazy("Crawford"))
    minutes_per_point = forms.IntegerField(min_value=1, max_value=60, initial=11,
                                           required=False,
                                           label=gettext_lazy("Pace (minutes per point)"),
                                           help_text=gettext_lazy("For the day's time estimates."))
    # Knockouts (and the knockout after the groups).
    semi_final_length = forms.IntegerField(min_value=1, max_value=25, required=False,
                                           label=gettext_lazy("Semi final length"),
                                           help_text=gettext_lazy("Blank: as the main flight."))
    final_length = forms.IntegerField(min_value=1, max_value=25, required=False,
                                      label=gettext_lazy("Final length"),
                                      help_text=gettext_lazy("Blank: as the main flight."))
    consolation_length = forms.IntegerField(min_value=1, max_value=25,
                                            initial=DEFAULT_LENGTHS[Flight.CONSOLATION],
                                            label=gettext_lazy("Consolation length"))
    last_chance_length = forms.IntegerField(min_value=1, max_value=25,
                                            initial=DEFAULT_LENGTHS[Flight.LAST_CHANCE],
                                            label=gettext_lazy("Last chance length"))
    reset = forms.BooleanField(required=False, initial=True,
                               label=gettext_lazy("Double elimination: a reset final"))
    # Swiss and MoreSwiss.
    rounds = forms.IntegerField(
        min_value=1, max_value=30, required=False, label=gettext_lazy("Number of rounds"),
        help_text=filled_lazy(gettext_noop(
            "Blank: decide as you go. Suggested: ceil(log2 N) for N players (%(examples)s); the "
            "pairing page shows it for the field entered."), examples=_EXAMPLES))
    losses_out = forms.IntegerField(min_value=1, max_value=9, initial=3, required=False,
                                    label=gettext_lazy("Out after this many losses"))
    bye_is_win = forms.BooleanField(required=False, initial=True,
                                    label=gettext_lazy("A bye counts as a win"))
    late_half_points = forms.BooleanField(
        required=False, label=gettext_lazy("Late entries: half a point per missed round"),
        help_text=gettext_lazy("Unticked: a late entry starts on zero."))
    # Round robins and groups.
    cycles = forms.TypedChoiceField(choices=CYCLES, coerce=int, initial=1,
                                    required=False, label=gettext_lazy("Round robin"))
    groups = forms.IntegerField(min_value=1, max_value=26, initial=4, required=False,
                                label=gettext_lazy("Number of groups"))
    qualifiers = forms.IntegerField(min_value=1, max_value=8, initial=2, required=False,
                                    label=gettext_lazy("Top K of each group into the knockout"))
    # Every round-based format.
    tiebreaks = forms.CharField(
        max_length=200, required=False, label=gettext_lazy("Tie-break order"),
        help_text=filled_lazy(gettext_noop("Comma-separated, first decides first, from: %(names)s. "
                                           "Blank: the format's usual order (Swiss: %(swiss)s)."),
                              names=_METRIC_NAMES,
                              swiss=", ".join(pure_standings.SWISS_METRICS)))
    walkovers_count = forms.BooleanField(required=False, initial=True,
                                         label=gettext_lazy("Walkovers count as wins (marked)"))

    #: Setting -> the formats it belongs to (the others belong to every format).
    FOR = {
        **dict.fromkeys(("semi_final_length", "final_length", "consolation_length",
                         "last_chance_length", "reset"), (*KNOCKOUTS, "groups")),
        # The settings each format's handler reads (``services.rounds.DEFAULTS``).
        "rounds": (EventFormat.SWISS,), "losses_out": (EventFormat.MORESWISS,),
        **dict.fromkeys(("bye_is_win", "late_half_points"), PAIRED_BY_ROUND),
        "cycles": tuple(f for f in EventFormat if f.has_crosstable),
        **dict.fromkeys(("groups", "qualifiers"), tuple(f for f in EventFormat if f.is_grouped)),
        **dict.fromkeys(("tiebreaks", "walkovers_count"), ROUND_BASED),
    }
    FIELDSETS = (
        (gettext_lazy("The event"), ("name", "starts_on", "format", "main_length", "crawford",
                       "minutes_per_point")),
        (pgettext_lazy("tournament format", "Knockout"), (
            "semi_final_length", "final_length", "consolation_length", "last_chance_length",
            "reset")),
        (gettext_lazy("Swiss and MoreSwiss"), (
            "rounds", "losses_out", "bye_is_win", "late_half_points")),
        (gettext_lazy("Round robin and groups"), ("cycles", "groups", "qualifiers")),
        (gettext_lazy("Standings"), ("tiebreaks", "walkovers_count")),
    )
    #: Settings stored in ``format_settings`` (the rest are the knockout's options).
    FORMAT_SETTINGS = ("rounds", "losses_out", "bye_is_win", "late_half_points", "cycles",
                       "groups", "qualifiers", "tiebreaks", "walkovers_count")

    def fieldsets(self) -> list[dict]:
        """For the template: each fieldset with the formats it shows for, and each field
        with its own (space-separated, for the script)."""
        out = []
        for legend, names in self.FIELDSETS:
            formats = sorted({f for n in names for f in self.FOR.get(n, EventFormat.values)})
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
            raise forms.ValidationError(gettext("Unknown tie-break %(name)s: use %(names)s.")
                                        % {"name": repr(unknown[0]), "names": _METRIC_NAMES})
        if len(set(names)) != len(names):
            raise forms.ValidationError(gettext("A tie-break is listed twice."))
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
                   "consolation": data.get("consolation_length")
                   or DEFAULT_LENGTHS[Flight.CONSOLATION],
                   "last_chance": data.get("last_chance_length")
                   or DEFAULT_LENGTHS[Flight.LAST_CHANCE]}
        options = {"lengths": lengths,
                   "round_lengths": {"main": main_rounds} if main_rounds else {},
                   "crawford": data["crawford"], "reset": data["reset"],
                   "minutes_per_point": data.get("minutes_per_point") or 11}
        if EventFormat(data["format"]).is_round_based:
            options["format_settings"] = self.format_settings()
        return options


#: The largest id a row can have (a ``BigAutoField``): anything larger is garbage, answered
#: as a form error rather than looked up (SQLite cannot even bind it).
ID_MAX = 2**63 - 1


def id_field(**kwargs) -> forms.IntegerField:
    """A row's id posted by a page (a hidden input or a select)."""
    return forms.IntegerField(min_value=1, max_value=ID_MAX, **kwargs)


def form_errors(form: forms.Form) -> str:
    """The form's errors as one sentence for a message ("winner: Enter a whole number.")."""
    return " ".join(f"{'' if name == '__all__' else name + ': '}{' '.join(errors)}"
                    for name, errors in form.errors.items())


class EntryForm(forms.Form):
    player = id_field(required=False)
    guest = forms.CharField(max_length=120, required=False)


class SeedForm(forms.Form):
    """The director's seeding order, best first, given one of three ways: a position per
    entry (the page's numbered list, which a script lets the director drag into order),
    or the players' names, one per line (or comma-separated); neither: a random draw,
    recorded. Internal ids are never asked for."""

    order = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 6}),
                            label=gettext_lazy("Or type the order"),
                            help_text=gettext_lazy("Players' names, best first, one per line."))

    def __init__(self, data=None, *args, entries=(), **kwargs):
        super().__init__(data, *args, **kwargs)
        self.entries = list(entries)
        for position, entry in enumerate(self.entries, start=1):
            self.fields[self.position_name(entry)] = forms.IntegerField(
                min_value=1, max_value=len(self.entries), required=False,
                label=entry.player.name, initial=entry.seed or position)

    @staticmethod
    def position_name(entry) -> str:
        return f"position-{entry.pk}"

    def positions(self) -> list:
        """The numbered list's rows, in the order shown: (entry, its position field)."""
        return [(entry, self[self.position_name(entry)]) for entry in self.entries]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        names = [n.strip() for line in data.get("order", "").splitlines()
                 for n in line.split(",") if n.strip()]
        given = {e.pk: data.get(self.position_name(e)) for e in self.entries}
        numbered = [pk for pk, position in given.items() if position is not None]
        if names and numbered:
            raise forms.ValidationError(gettext("Give the order either as positions or as "
                                                "names, not both."))
        if names:
            data["order"] = self._order_by_names(names)
        elif numbered:
            data["order"] = self._order_by_positions(given)
        else:
            data["order"] = None
        return data

    def _order_by_names(self, names: list[str]) -> list[int]:
        by_name: dict[str, list] = {}
        for entry in self.entries:
            by_name.setdefault(entry.player.name.casefold(), []).append(entry.pk)
        unknown = [n for n in names if n.casefold() not in by_name]
        if unknown:
            raise forms.ValidationError(
                gettext("%(name)s has no entry in this tournament: give the entered players' "
                        "names, one per line.") % {"name": repr(unknown[0])})
        if any(len(by_name[n.casefold()]) > 1 for n in names):
            raise forms.ValidationError(gettext("Two entries share that name: number the "
                                                "list instead."))
        order = [by_name[n.casefold()][0] for n in names]
        if len(set(order)) != len(order):
            raise forms.ValidationError(gettext("A player is named twice."))
        if len(order) != len(self.entries):
            missing = [e.player.name for e in self.entries if e.pk not in order]
            raise forms.ValidationError(
                gettext("Name every entered player: %(name)s is missing.") % {"name": missing[0]})
        return order

    def _order_by_positions(self, given: dict[int, int | None]) -> list[int]:
        if None in given.values():
            raise forms.ValidationError(gettext("Give every player a position (or none, for "
                                                "a random draw)."))
        if len(set(given.values())) != len(given):
            raise forms.ValidationError(gettext("Two players have the same position."))
        return sorted(given, key=given.get)


class ResultForm(forms.Form):
    match = id_field()
    winner = id_field()
    score_a = forms.IntegerField(min_value=0, max_value=99)
    score_b = forms.IntegerField(min_value=0, max_value=99)
    reason = forms.CharField(required=False, max_length=500)
    match_file = forms.FileField(required=False)


class ReportActionForm(forms.Form):
    report = id_field()
    reason = forms.CharField(required=False, max_length=500)


class MatchForm(forms.Form):
    match = id_field()


class WithdrawForm(forms.Form):
    entry = id_field()


class NoInput(forms.Form):
    """An action with nothing to fill in (start, open registration...)."""


# --------------------------------------------------------------------------- Swiss pairing


class PairingForm(forms.Form):
    """The director's pairing page: what to do, and with whom."""

    action = forms.ChoiceField(choices=[(a, a) for a in ("swap", "publish", "late",
                                                         "withdraw", "close", "knockout")])
    pairs = forms.JSONField(required=False)
    first = id_field(required=False)
    second = id_field(required=False)
    player = id_field(required=False)
    entry = id_field(required=False)

    #: The fields each action needs.
    NEEDS = {"swap": ("pairs", "first", "second"), "publish": ("pairs",), "late": ("player",),
             "withdraw": ("entry",)}

    def clean_pairs(self):
        pairs = self.cleaned_data.get("pairs")
        if pairs is None:
            return None
        if not isinstance(pairs, list) or not all(isinstance(p, list) and len(p) == 2
                                                  for p in pairs):
            raise forms.ValidationError(
                gettext("The proposed pairings were garbled: pair again."))
        return pairs

    def clean(self):
        data = super().clean()
        for name in self.NEEDS.get(data.get("action"), ()):
            if data.get(name) is None and name not in self.errors:
                self.add_error(name, gettext("This field is required."))
        return data


# --------------------------------------------------------------------------- ladders, leagues


class ResultFields(forms.Form):
    """A decided match: the winner (a player's id) and both scores."""

    winner = id_field(error_messages={"required": gettext_lazy("Give the winner.")})
    score_a = forms.IntegerField(min_value=0, max_value=99,
                                 error_messages={"required": gettext_lazy("Give both scores.")})
    score_b = forms.IntegerField(min_value=0, max_value=99,
                                 error_messages={"required": gettext_lazy("Give both scores.")})


class Reason(forms.Form):
    """Kept in the audit log (the service refuses a correction without one)."""

    reason = forms.CharField(required=False, max_length=500)


class LadderPlayerForm(forms.Form):
    player = id_field()


class LadderRemoveForm(LadderPlayerForm, Reason):
    pass


class ChallengeIssueForm(forms.Form):
    challenged = id_field()


class ChallengeForm(forms.Form):
    challenge = id_field()


class ChallengeCancelForm(ChallengeForm, Reason):
    pass


class ChallengeResultForm(ChallengeForm, ResultFields):
    pass


class ChallengeCorrectForm(ChallengeResultForm, Reason):
    pass


class FixtureForm(forms.Form):
    fixture = id_field()


class FixtureResultForm(FixtureForm, ResultFields):
    pass


class FixtureCorrectForm(FixtureResultForm, Reason):
    pass


class FixtureWalkoverForm(FixtureForm):
    winner = id_field(error_messages={"required": gettext_lazy("Give the winner.")})


class FixtureRulingForm(FixtureForm):
    outcome = forms.ChoiceField(choices=[(o, o) for o in RULINGS])
    winner = id_field(required=False)
    score_a = forms.IntegerField(min_value=0, max_value=99, required=False)
    score_b = forms.IntegerField(min_value=0, max_value=99, required=False)
    reason = forms.CharField(max_length=500, error_messages={
        "required": gettext_lazy("Give the ruling's reason (the audit log).")})


class SeasonNextForm(forms.Form):
    name = forms.CharField(max_length=120)
    starts_on = forms.DateField()
    ends_on = forms.DateField()


class LadderForm(forms.Form):
    name = forms.CharField(max_length=120, label=gettext_lazy("Name"))
    reach = forms.IntegerField(min_value=1, max_value=20, initial=3, label=gettext_lazy("Reach"))
    days = forms.IntegerField(min_value=1, max_value=90, initial=14, label=gettext_lazy("Days"))
    length = forms.IntegerField(min_value=1, max_value=25, initial=DEFAULT_LENGTH,
                                label=gettext_lazy("Length"))


class SeasonForm(forms.Form):
    name = forms.CharField(max_length=120, label=gettext_lazy("Name"))
    starts_on = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}),
                                label=gettext_lazy("Starts on"))
    ends_on = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}),
                              label=gettext_lazy("Ends on"))
    divisions = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}), label=gettext_lazy("Divisions"),
        help_text=gettext_lazy("One division per line, the top division first: members' names "
                               "separated by commas, in seed order."))
    cycles = forms.TypedChoiceField(choices=CYCLES, coerce=int, label=gettext_lazy("Cycles"))
    days_per_round = forms.IntegerField(min_value=1, max_value=90, initial=14,
                                        label=gettext_lazy("Days per round"))
    promote = forms.IntegerField(min_value=0, max_value=10, initial=2,
                                 label=gettext_lazy("Promote"))
    relegate = forms.IntegerField(min_value=0, max_value=10, initial=2,
                                  label=gettext_lazy("Relegate"))
    length = forms.IntegerField(min_value=1, max_value=25, initial=DEFAULT_LENGTH,
                                label=gettext_lazy("Length"))
    missed_deadline = forms.ChoiceField(
        choices=LeagueSeason.MissedDeadline.choices, initial=LeagueSeason.MissedDeadline.VOID,
        label=gettext_lazy("A fixture not played by its round's deadline"), required=False)

    def __init__(self, data=None, *args, club=None, **kwargs):
        super().__init__(data, *args, **kwargs)
        self.club = club

    def clean_missed_deadline(self) -> str:
        return self.cleaned_data["missed_deadline"] or LeagueSeason.MissedDeadline.VOID

    def clean_divisions(self) -> list[list[int]]:
        """Names to player ids (members of the club), one division per line."""
        by_name = {m.player.name.casefold(): m.player_id for m in club_members(club=self.club)}
        divisions = []
        for line in self.cleaned_data["divisions"].splitlines():
            names = [n.strip() for n in line.split(",") if n.strip()]
            if not names:
                continue
            unknown = [n for n in names if n.casefold() not in by_name]
            if unknown:
                raise forms.ValidationError(gettext("%(name)s is not a member of %(club)s.")
                                            % {"name": unknown[0], "club": self.club})
            divisions.append([by_name[n.casefold()] for n in names])
        return divisions
