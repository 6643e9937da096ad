"""django-allauth, fitted to the site: no public sign-up (logins come from club invitations)
and every mail it sends (password reset, address confirmation, notices) is a row of our
outbox, written in the request's transaction and sent by a worker, never over SMTP in the
request. A mail speaks its recipient's language (``recipient_language``), not the
request's: a reset asked from a German browser for a login that chose Japanese is Japanese."""

import hashlib

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context as allauth_context
from django.contrib.sites.shortcuts import get_current_site
from django.core.exceptions import ValidationError
from django.utils import translation

from accounts.addresses import AddressError, address_normalise
from accounts.services.language import recipient_language
from accounts.services.mail import mail_queue

#: allauth's mail templates -> the outbox's kinds (others keep their template's name).
MAIL_KINDS = {
    "account/email/password_reset_key": "password_reset",
    "account/email/email_confirmation": "email_confirmation",
    "account/email/email_confirmation_signup": "email_confirmation",
}


def mail_kind(template_prefix: str) -> str:
    return MAIL_KINDS.get(template_prefix, template_prefix.rsplit("/", 1)[-1])[:40]


class AccountAdapter(DefaultAccountAdapter):
    def is_open_for_signup(self, request) -> bool:
        """Closed: a login starts from a club's invitation (accounts.services.invitations)."""
        return False

    def clean_email(self, email: str) -> str:
        """Every address allauth takes in (adding one, a reset request) in the one stored
        form (``accounts.addresses``): its domain as the mail server is given it. Otherwise
        ``bob@rıverside.example`` would be stored as typed and mailed to
        ``xn--rverside-tkb.example``: the stored address not the one that got the mail."""
        try:
            email = address_normalise(email)
        except AddressError as exc:
            raise ValidationError(str(exc)) from None
        return super().clean_email(email)

    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        """allauth's mail rendered as it would be sent, queued in the outbox instead. The key
        is what was sent to whom: the same mail twice in a row is queued once."""
        request = allauth_context.request
        user = context.get("user")
        language = recipient_language(user=user if getattr(user, "pk", None) else None,
                                      email=email)
        with translation.override(language):
            message = self.render_mail(template_prefix, email, {
                "request": request, "email": email, "current_site": get_current_site(request),
                **context})
        digest = hashlib.sha256(f"{email}\n{message.subject}\n{message.body}".encode())
        mail_queue(key=f"allauth:{mail_kind(template_prefix)}:{digest.hexdigest()}", to=email,
                   kind=mail_kind(template_prefix), subject=message.subject, body=message.body)
