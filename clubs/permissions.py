"""Permission gates: the one place each access question is answered.

Each gate returns the object the caller may act on, or raises ``PermissionDenied``.
"""

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from .models import Club, Membership

User = AbstractBaseUser | AnonymousUser


def roles_in(*, user: User, club: Club) -> set[str]:
    """The roles the user holds in the club (superusers hold every role)."""
    if not user.is_authenticated:
        return set()
    if user.is_superuser:
        return set(Membership.Role.values)
    return set(
        Membership.objects.filter(club=club, player__user=user, is_active=True)
        .values_list("role", flat=True)
    )


def is_club_admin(*, user: User, club: Club) -> bool:
    return Membership.Role.ADMIN in roles_in(user=user, club=club)


def is_referee(*, user: User, club: Club) -> bool:
    return bool({Membership.Role.ADMIN, Membership.Role.REFEREE} & roles_in(user=user, club=club))


def club_for_admin(*, user: User, club_id: int | None = None, slug: str | None = None) -> Club:
    """The club, if ``user`` administers it; otherwise PermissionDenied (404 if absent)."""
    lookup = {"pk": club_id} if club_id is not None else {"slug": slug}
    club = get_object_or_404(Club, **lookup)
    if not is_club_admin(user=user, club=club):
        raise PermissionDenied("Only this club's admins can do that.")
    return club


def club_for_referee(*, user: User, club_id: int | None = None, slug: str | None = None) -> Club:
    """The club, if ``user`` is one of its referees or admins."""
    lookup = {"pk": club_id} if club_id is not None else {"slug": slug}
    club = get_object_or_404(Club, **lookup)
    if not is_referee(user=user, club=club):
        raise PermissionDenied("Only this club's referees can do that.")
    return club


def clubs_administered(*, user: User):
    """Queryset of the clubs the user administers (all clubs for a superuser)."""
    if user.is_superuser:
        return Club.objects.all()
    return Club.objects.filter(
        memberships__player__user=user, memberships__is_active=True,
        memberships__role=Membership.Role.ADMIN,
    ).distinct()


def clubs_refereed(*, user: User):
    """Queryset of the clubs where the user is a referee or an admin."""
    if user.is_superuser:
        return Club.objects.all()
    return Club.objects.filter(
        memberships__player__user=user, memberships__is_active=True,
        memberships__role__in=[Membership.Role.ADMIN, Membership.Role.REFEREE],
    ).distinct()
