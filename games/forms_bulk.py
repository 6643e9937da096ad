from django import forms
from django.conf import settings
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy


class MatchFilesForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Zip of match files"), help_text=gettext_lazy(
        "A .zip of .mat, .txt and .sgf files (gnubg's, Jellyfish's, eXtreme Gammon's)."))
    create = forms.BooleanField(
        required=False, label=gettext_lazy("Create the results that match none"),
        help_text=gettext_lazy("A file that matches no stored result (by its players, date "
                               "and score) is then stored as a new result; else it is "
                               "refused."))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > settings.BULK_MAX_BYTES:
            raise forms.ValidationError(gettext(
                "The upload is %(size)s bytes; the limit is %(limit)s bytes.") % {
                "size": number_format(upload.size, force_grouping=True),
                "limit": number_format(settings.BULK_MAX_BYTES, force_grouping=True)})
        return upload
