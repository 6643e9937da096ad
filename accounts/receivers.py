"""A login made outside allauth (the staff in the admin, ``createsuperuser``, the demo, a
script) gets its address as an allauth EmailAddress, confirmed, as the data migration gave
the logins made before allauth: otherwise allauth takes the address for unconfirmed, a
change of address drops it, and another login could claim it."""

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.services.emails import email_address_keep


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="accounts-email-keep")
def user_saved(sender, instance, created, update_fields=None, **kwargs):
    if instance.email and (created or update_fields is None or "email" in update_fields):
        email_address_keep(user=instance)
