"""A login's email addresses (allauth's EmailAddress rows)."""

from allauth.account.models import EmailAddress

from accounts.addresses import address_or_none


def email_address_adopt(*, user, email: str) -> EmailAddress | None:
    """``email`` as the login's verified, primary address (a club's invitation was mailed
    to it and opened), unless another login holds it verified already. Another login's
    unverified claim to it goes: that login never proved it reads the address."""
    email = address_or_none(email)  # as stored, compared exactly (accounts.addresses)
    if email is None:
        return None
    others = EmailAddress.objects.filter(email=email).exclude(user=user)
    if others.filter(verified=True).exists():
        return None
    others.delete()
    address, _ = EmailAddress.objects.get_or_create(user=user, email=email)
    if not address.verified:
        address.verified = True
        address.save(update_fields=["verified"])
    if not EmailAddress.objects.filter(user=user, primary=True).exclude(pk=address.pk).exists():
        if not address.primary:
            address.primary = True
            address.save(update_fields=["primary"])
    return address


def email_address_keep(*, user) -> None:
    """A login with an address but no EmailAddress row (made by the staff, the demo or a
    script since the data migration) keeps it as confirmed before managing its addresses:
    else allauth takes it for unconfirmed and a change of address would drop it at once."""
    if user.email and not EmailAddress.objects.filter(user=user).exists():
        email_address_adopt(user=user, email=user.email)
