from django import forms
from django.conf import settings

from clubs.models import Player


class MatchUploadForm(forms.Form):
    file = forms.FileField(help_text="A match file: .mat or .txt (the Jellyfish/gnubg text "
                                     "format) or .sgf (GNU Backgammon's own format).")
    player_left = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False,
        help_text="The player named first in the file (blank: matched by name).",
    )
    player_right = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False,
        help_text="The other player (blank: matched by name).",
    )
    jacoby = forms.BooleanField(required=False, help_text="Money sessions: Jacoby rule on.")
    beavers = forms.BooleanField(required=False, help_text="Money sessions: beavers allowed.")
    no_crawford = forms.BooleanField(required=False, label="No Crawford rule")

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        members = Player.objects.members_of(club).order_by("name")
        self.fields["player_left"].queryset = members
        self.fields["player_right"].queryset = members

    def clean_file(self):
        upload = self.cleaned_data["file"]
        limit = settings.MATCH_UPLOAD_MAX_BYTES
        if upload.size > limit:
            raise forms.ValidationError(f"The file is too large ({upload.size:,} bytes; "
                                        f"the limit is {limit:,}).")
        return upload
