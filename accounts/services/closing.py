"""Closing a login: the person leaves, their history stays.

The login is not deleted: match records, rulings, reports and ledgers point to it (some
with PROTECT) and the club's history must stay whole. It is emptied instead: a name that
says nothing (``deleted-<id>``), no email, no password, inactive, its addresses, second
factors, API token and open requests gone, the outbox's mails to it kept without its address
or their text ("sent to a closed login"), every session signed out (a session is checked
against the password, which no longer exists). The player keeps their results in everyone's
tables (ratings unchanged), no longer tied to a login, renamed when asked.
"""

from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from django.db import transaction
from django.utils.translation import gettext
from rest_framework.authtoken.models import Token

from accounts.models import JoinRequest
from accounts.selectors import PERSONAL_DATA_SECTIONS
from accounts.services.mail import mail_recipient_forget
from clubs.models import Player
from ops.locks import lock_row


class AccountCloseError(ValueError):
    """A closing the rules refuse (a wrong password, a bad new name); ``field`` names the
    form field at fault."""

    def __init__(self, message: str, *, field: str):
        super().__init__(message)
        self.field = field


@transaction.atomic
def account_close(*, user, password: str, rename_player_to: str = "") -> None:
    if not user.check_password(password or ""):
        raise AccountCloseError(gettext("The password is not right."), field="password")
    rename_player_to = (rename_player_to or "").strip()
    if len(rename_player_to) > 120:
        raise AccountCloseError(gettext("A name has at most 120 characters."),
                                field="rename_player_to")
    player = lock_row(Player, missing_ok=True, user=user)
    for section in PERSONAL_DATA_SECTIONS.values():
        if section["erase"] is not None:
            section["erase"](user=user, player=player)
    if player is not None:
        player.user, player.email = None, ""
        if rename_player_to:
            player.name = rename_player_to
        player.save(update_fields=["user", "email", "name"])
    mail_recipient_forget(user=user)  # before its addresses go: they name its mails
    EmailAddress.objects.filter(user=user).delete()
    Authenticator.objects.filter(user=user).delete()
    Token.objects.filter(user=user).delete()
    JoinRequest.objects.filter(user=user, status=JoinRequest.Status.PENDING).delete()
    user.username = f"deleted-{user.pk}"
    user.email = user.first_name = user.last_name = ""
    user.is_active = user.is_staff = user.is_superuser = False
    user.set_unusable_password()
    user.save()
    user.groups.clear()
    user.user_permissions.clear()
