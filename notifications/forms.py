from django import forms

from notifications.models import Kind


class KindsForm(forms.Form):
    kinds = forms.MultipleChoiceField(choices=Kind.choices, required=False,
                                      widget=forms.CheckboxSelectMultiple,
                                      label="Tell me (on the site and by mail) when")
