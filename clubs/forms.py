from django import forms

from .models import Membership


class PlayerJoinForm(forms.Form):
    name = forms.CharField(max_length=120)
    email = forms.EmailField(required=False)
    role = forms.ChoiceField(choices=Membership.Role.choices, initial=Membership.Role.PLAYER)


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices)
