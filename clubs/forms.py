from django import forms
from django.utils.translation import gettext_lazy

from .models import Membership


class PlayerJoinForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=120)
    email = forms.EmailField(label=gettext_lazy("Email address"), required=False)
    role = forms.ChoiceField(label=gettext_lazy("Role"), choices=Membership.Role.choices,
                             initial=Membership.Role.PLAYER)


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=gettext_lazy("Role"), choices=Membership.Role.choices)
