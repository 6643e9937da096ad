from django import forms
from django.utils.translation import gettext_lazy

from notifications.models import Kind


class KindsForm(forms.Form):
    kinds = forms.MultipleChoiceField(choices=Kind.choices, required=False,
                                      widget=forms.CheckboxSelectMultiple,
                                      label=gettext_lazy("Tell me (on the site and by mail) when"))
