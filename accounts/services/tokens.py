"""Account writes: a user's API token (DRF's, one per user) created, replaced or revoked."""

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from rest_framework.authtoken.models import Token


@transaction.atomic
def api_token_create(*, user: AbstractBaseUser) -> Token:
    """A new token for the user; an older one stops working at once (it is replaced)."""
    Token.objects.filter(user=user).delete()
    return Token.objects.create(user=user)


def api_token_revoke(*, user: AbstractBaseUser) -> bool:
    """Delete the user's token (clients using it get 401 from now on); False if none."""
    deleted, _ = Token.objects.filter(user=user).delete()
    return bool(deleted)
