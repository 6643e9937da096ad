from django import forms
from django.conf import settings
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy

from clubs.models import Player


class MatchUploadForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("File"), help_text=gettext_lazy(
        "A match file: .mat or .txt (the Jellyfish/gnubg text format) or .sgf (GNU "
        "Backgammon's own format)."))
    player_left = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False, label=gettext_lazy("Player left"),
        help_text=gettext_lazy("The player named first in the file (blank: matched by name)."),
    )
    player_right = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False, label=gettext_lazy("Player right"),
        help_text=gettext_lazy("The other player (blank: matched by name)."),
    )
    jacoby = forms.BooleanField(required=False, label=gettext_lazy("Jacoby"),
                                help_text=gettext_lazy("Money sessions: Jacoby rule on."))
    beavers = forms.BooleanField(required=False, label=gettext_lazy("Beavers"),
                                 help_text=gettext_lazy("Money sessions: beavers allowed."))
    no_crawford = forms.BooleanField(required=False, label=gettext_lazy("No Crawford rule"))

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        members = Player.objects.members_of(club).order_by("name")
        self.fields["player_left"].queryset = members
        self.fields["player_right"].queryset = members

    def clean_file(self):
        upload = self.cleaned_data["file"]
        limit = settings.MATCH_UPLOAD_MAX_BYTES
        if upload.size > limit:
            raise forms.ValidationError(
                gettext("The file is too large (%(size)s bytes; the limit is %(limit)s).") % {
                    "size": number_format(upload.size, force_grouping=True),
                    "limit": number_format(limit, force_grouping=True)})
        return upload
