"""Permission gates of the federations: the one place each question is answered.

- anyone may see a federation's page (its clubs, officers and policy are public);
- a superuser creates federations;
- a federation's admins accept and refuse clubs, grant and revoke its roles and change its
  policy (a superuser passes every gate);
- a club's admins apply for their club, leave with it and set its narrowing of the policy
  (``clubs.permissions.club_for_admin``);
- a federation's rating officers (and admins) keep its lists.
"""

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from config.refusals import Forbidden

from .models import Federation, FederationRole

User = AbstractBaseUser | AnonymousUser
Role = FederationRole.Role


def federation_roles_in(*, user: User, federation: Federation) -> set[str]:
    """The roles ``user`` holds in the federation (a superuser holds every role)."""
    if not user.is_authenticated:
        return set()
    if user.is_superuser:
        return set(Role.values)
    cache = user.__dict__.setdefault("_federation_roles", {})
    if federation.pk not in cache:
        cache[federation.pk] = set(FederationRole.objects.filter(
            federation=federation, player__user=user).values_list("role", flat=True))
    return cache[federation.pk]


def is_federation_admin(*, user: User, federation: Federation) -> bool:
    return Role.ADMIN in federation_roles_in(user=user, federation=federation)


def federation_for_viewer(*, slug: str) -> Federation:
    """The federation (its page is public), or 404."""
    return get_object_or_404(Federation, slug=slug)


def federation_for_admin(*, user: User, slug: str) -> Federation:
    """The federation, if ``user`` administers it."""
    federation = federation_for_viewer(slug=slug)
    if not is_federation_admin(user=user, federation=federation):
        raise Forbidden(gettext("Only this federation's admins can do that."))
    return federation


def federation_for_officer(*, user: User, slug: str) -> Federation:
    """The federation, if ``user`` is one of its rating officers or admins."""
    federation = federation_for_viewer(slug=slug)
    if not federation_roles_in(user=user, federation=federation):
        raise Forbidden(gettext("Only this federation's rating officers can do that."))
    return federation


def federation_creator(*, user: User) -> User:
    """The user, if they may create federations (a superuser)."""
    if not (user.is_authenticated and user.is_superuser):
        raise Forbidden(gettext("Only a site administrator can create a federation."))
    return user
