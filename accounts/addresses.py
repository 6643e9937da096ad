"""Email addresses as the mail server is given them, compared exactly (issue 31).

An address is stored in one form and compared with ``=``, never with ``iexact``, ``UPPER``
or ``lower()`` on both sides: PostgreSQL's ``UPPER('ı')`` is ``'I'``, so a case-folding
comparison took ``bob@rıverside.example`` (a domain anyone may register, mailed as
``bob@xn--rverside-tkb.example``) for ``bob@riverside.example``, and an invitation to the
one signed in as the other.

The one form (``address_normalise``): the local part plain ASCII, lower case (allauth lower-
cases every address on the way in); the domain as the mail is sent to it, its IDNA (ASCII,
"xn--") form, the very encoding Django gives the SMTP server (``django.core.mail``'s
``sanitize_address`` ➝ ``punycode``), lower case. An address the mail server would be
given in another form is stored in that form, so what is compared is what receives the mail;
one that cannot be given at all (a non-ASCII local part, a domain IDNA refuses) is refused.
"""

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.encoding import punycode
from django.utils.translation import gettext


class AddressError(ValueError):
    """An address that no mail server would be given as it is written."""


def address_normalise(email: str) -> str:
    """``email`` as stored and compared (see the module), or ``AddressError``."""
    email = (email or "").strip()
    local, at, domain = email.rpartition("@")
    if not at or not local or not domain:
        raise AddressError(gettext("%(email)r is not an email address.") % {"email": email})
    if not local.isascii():
        raise AddressError(gettext(
            "%(email)r: write the part before the @ in plain letters (a-z, digits, . _ + -): "
            "mail servers are not given others reliably.") % {"email": email})
    try:
        domain = punycode(domain.rstrip(".")) if not domain.isascii() else domain
    except UnicodeError:
        raise AddressError(gettext("%(email)r: its domain is not one mail can be sent to.")
                           % {"email": email}) from None
    normal = f"{local}@{domain}".lower()
    try:
        validate_email(normal)
    except ValidationError:
        raise AddressError(gettext("%(email)r is not an email address.")
                           % {"email": email}) from None
    return normal


def address_or_none(email: str) -> str | None:
    """``address_normalise`` for a lookup: None for an address that cannot be stored (it
    matches nothing)."""
    try:
        return address_normalise(email)
    except AddressError:
        return None
