"""A login made outside allauth (the staff in the admin, ``createsuperuser``, the demo, a
script) gets its address as an allauth EmailAddress, confirmed, as the data migration gave
the logins made before allauth: otherwise allauth takes the address for unconfirmed, a
change of address drops it, and another login could claim it.

At sign-in, the login's chosen language goes into its session (the language middleware
reads it there), with its home club's slug (the language when it chose none)."""

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.services.emails import email_address_keep
from accounts.services.language import (
    account_language,
    session_home_club_remember,
    session_language_remember,
)


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="accounts-email-keep")
def user_saved(sender, instance, created, update_fields=None, **kwargs):
    if instance.email and (created or update_fields is None or "email" in update_fields):
        email_address_keep(user=instance)


@receiver(user_logged_in, dispatch_uid="accounts-language-remember")
def user_signed_in(sender, request, user, **kwargs):
    if request is not None and hasattr(request, "session"):
        session_language_remember(session=request.session,
                                  language=account_language(user=user))
        session_home_club_remember(session=request.session, user=user)
