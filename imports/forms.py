from django import forms
from django.utils.translation import gettext_lazy

from .models import Import


class ImportUploadForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("File (CSV, XLSX or ODS, with a header row)"))
    kind = forms.ChoiceField(label=gettext_lazy("What it holds"), choices=Import.Kind.choices,
                             initial=Import.Kind.RESULTS)
