"""Account forms: shape only (the services decide)."""

from functools import partial

from allauth.account import app_settings as allauth_settings
from allauth.account.adapter import get_adapter
from allauth.account.forms import ResetPasswordForm
from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.validators import ASCIIUsernameValidator
from django.utils.translation import gettext_lazy

from accounts.models import Invitation
from config.languages import language_choices


class InviteForm(forms.Form):
    """One invitation: an existing member (chosen) or someone new (name), and an address."""

    player = forms.TypedChoiceField(label=gettext_lazy("Existing member without a login"),
                                    required=False, coerce=int, empty_value=None)
    name = forms.CharField(label=gettext_lazy("…or the name of someone new"), max_length=120,
                           required=False)
    email = forms.EmailField(label=gettext_lazy("Email address"))
    role = forms.ChoiceField(label=gettext_lazy("Role"), choices=Invitation.Role.choices,
                             initial=Invitation.Role.PLAYER)

    def __init__(self, *args, members=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", gettext_lazy("— someone new —")), *members]

    def clean(self):
        cleaned = super().clean()
        if not cleaned.get("player") and not (cleaned.get("name") or "").strip():
            raise forms.ValidationError(gettext_lazy("Choose a member or give the new member's "
                                                     "name."))
        return cleaned


class InviteManyForm(forms.Form):
    lines = forms.CharField(label=gettext_lazy("One per line: name, email"), widget=forms.Textarea(
        attrs={"rows": 6, "placeholder": gettext_lazy(
            "Ann Lee, ann@example.org\nBo Chan, bo@example.org")}),
        max_length=50_000)
    role = forms.ChoiceField(label=gettext_lazy("Role"), choices=Invitation.Role.choices,
                             initial=Invitation.Role.PLAYER)


class NewLoginForm(UserCreationForm):
    """Someone new accepting an invitation: a username and a password (Django's validators;
    the invitation's address is the login's email). The username in plain ASCII letters,
    digits and @ . + - _: no look-alike of another login's name (``bıb`` beside ``bob``),
    which no comparison, exact or folded, would tell apart on every database."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].validators.append(ASCIIUsernameValidator())


class ClubForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=120)
    city = forms.CharField(label=gettext_lazy("City"), max_length=120, required=False)
    currency = forms.RegexField(
        label=gettext_lazy("Currency"), regex=r"^[A-Za-z]{3}$", initial="EUR", max_length=3,
        help_text=gettext_lazy("ISO 4217 code for chouette stakes (EUR, USD, GBP…)."),
        error_messages={"invalid": gettext_lazy("Three letters, e.g. EUR.")})


class JoinRequestForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"), max_length=120, required=False,
        help_text=gettext_lazy("The name to play under (your login's player's if empty)."))
    message = forms.CharField(label=gettext_lazy("Message"), max_length=1000, required=False,
                              widget=forms.Textarea(attrs={"rows": 3}))


class AccountCloseForm(forms.Form):
    password = forms.CharField(label=gettext_lazy("Password"), widget=forms.PasswordInput,
                               strip=False, help_text=gettext_lazy("Your password, to confirm."))
    rename_player_to = forms.CharField(
        label=gettext_lazy("Rename my player to"), max_length=120, required=False,
        help_text=gettext_lazy("Your results stay in the clubs' tables; leave empty to keep "
                               "your name there, or write e.g. 'Former member'."))


class DeferredResetPasswordForm(ResetPasswordForm):
    """allauth's reset request, whose address is looked up only when the mail is made
    (``save``, after the answer): answering takes the same work for a known and an unknown
    address, so its time tells nobody who has a login (issue 25.6)."""

    users = ()

    def clean_email(self) -> str:
        # The address in its one stored form (the adapter's ``clean_email``): the lookup is
        # exact, and the mail goes to the address that was looked up.
        self.cleaned_data["email"] = get_adapter().clean_email(self.cleaned_data["email"])
        if not allauth_settings.PREVENT_ENUMERATION:  # then the answer tells it anyway
            return super().clean_email()
        return self.cleaned_data["email"]

    def save(self, request, **kwargs) -> str:
        if allauth_settings.PREVENT_ENUMERATION:
            super().clean_email()  # allauth's lookup (``self.users``), now
        return super().save(request, **kwargs)


class LanguageForm(forms.Form):
    language = forms.ChoiceField(
        label=gettext_lazy("Language"), required=False,
        choices=partial(language_choices,
                        gettext_lazy("The club's language, else your browser's")))
