"""Forms of the rating pages (shape only; the services decide)."""

from django import forms
from django.utils.translation import gettext, gettext_lazy

from clubs.models import Player
from ratings.models import RatingSettings


class RatingSettingsForm(forms.Form):
    """The club's rating settings (shape only; the service decides)."""

    start_rating = forms.FloatField(min_value=0, max_value=5000,
                                    label=gettext_lazy("Start rating"))
    experience_ramp = forms.BooleanField(required=False, label=gettext_lazy(
        "Experience ramp (K = max(1, 5 - experience / 100))"))
    ramp_counts_current_match = forms.BooleanField(required=False, label=gettext_lazy(
        "The ramp reads the experience including the current match"))
    rate_one_point = forms.BooleanField(required=False,
                                        label=gettext_lazy("Rate 1-point matches"))
    rate_ladder = forms.BooleanField(required=False, label=gettext_lazy("Rate ladder matches"))
    rate_friendly = forms.BooleanField(required=False,
                                       label=gettext_lazy("Rate uploaded friendly match records"))
    points_per_match_win = forms.FloatField(min_value=0, max_value=1000,
                                            label=gettext_lazy("Points per match win"))
    points_per_attendance = forms.FloatField(min_value=0, max_value=1000,
                                             label=gettext_lazy("Points per attendance"))
    points_first = forms.FloatField(min_value=0, max_value=100,
                                    label=gettext_lazy("1st: share of the field size"))
    points_second = forms.FloatField(min_value=0, max_value=100,
                                     label=gettext_lazy("2nd: share of the field size"))
    points_third = forms.FloatField(min_value=0, max_value=100,
                                    label=gettext_lazy("3rd: share of the field size"))
    leaderboard_columns = forms.MultipleChoiceField(
        choices=RatingSettings.Column.choices, widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Leaderboard columns"))

    def __init__(self, *args, instance: RatingSettings, **kwargs):
        initial = {name: getattr(instance, name) for name in self.base_fields}
        super().__init__(*args, initial=initial, **kwargs)

    def service_values(self) -> dict:
        return dict(self.cleaned_data)


class SeasonForm(forms.Form):
    name = forms.CharField(max_length=60, label=gettext_lazy("Name"))
    starts_on = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}),
                                label=gettext_lazy("Starts on"))
    ends_on = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}),
                              label=gettext_lazy("Ends on"))


class WhatIfForm(forms.Form):
    """Two players of the club, or two (rating, experience) pairs, and a match length."""

    player_a = forms.ModelChoiceField(queryset=Player.objects.none(), required=False,
                                      label=gettext_lazy("Player A"))
    player_b = forms.ModelChoiceField(queryset=Player.objects.none(), required=False,
                                      label=gettext_lazy("Player B"))
    rating_a = forms.FloatField(required=False, min_value=0, max_value=5000,
                                label=gettext_lazy("Rating A"))
    experience_a = forms.IntegerField(required=False, min_value=0, initial=0,
                                      label=gettext_lazy("Experience A"))
    rating_b = forms.FloatField(required=False, min_value=0, max_value=5000,
                                label=gettext_lazy("Rating B"))
    experience_b = forms.IntegerField(required=False, min_value=0, initial=0,
                                      label=gettext_lazy("Experience B"))
    length = forms.IntegerField(min_value=1, max_value=64, initial=7,
                                label=gettext_lazy("Length"))

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        members = Player.objects.members_of(club).order_by("name")
        self.fields["player_a"].queryset = members
        self.fields["player_b"].queryset = members

    def clean(self):
        data = super().clean()
        for side in ("a", "b"):
            if data.get(f"player_{side}") is None and data.get(f"rating_{side}") is None:
                raise forms.ValidationError(
                    gettext("Player %(side)s: choose a player or give a rating.") % {
                        "side": side.upper()})
        return data

    def standings(self, standing_of) -> tuple[tuple[float, int], tuple[float, int]]:
        """Each side's (rating, experience): the player's current one, or the numbers given."""
        data, sides = self.cleaned_data, []
        for side in ("a", "b"):
            player = data.get(f"player_{side}")
            if player is not None:
                sides.append(standing_of(club=self.club, player=player))
            else:
                sides.append((data[f"rating_{side}"], data.get(f"experience_{side}") or 0))
        return sides[0], sides[1]
