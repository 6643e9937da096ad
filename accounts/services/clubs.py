"""Clubs started by their members, and requests to join one.

Whoever starts a club becomes its admin (as the player of their login, created for them if
they have none). A club may take requests to join; its admins approve (the person becomes a
member, as the player of their login) or refuse.
"""

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext

from accounts.models import JoinRequest
from clubs.models import Club, Membership, Player
from clubs.services import membership_grant
from ops.locks import lock_row

#: Paths under /clubs/ that are pages, not clubs.
RESERVED_SLUGS = {"new"}


class ClubSignupError(ValueError):
    """A club or a request to join that the rules refuse."""


def club_creation_allowed(*, user) -> bool:
    """``CLUB_CREATION``: ``superuser`` (the default) the site's superusers only; ``staff``
    any staff login too; ``open`` anyone signed in (``make run``'s demo). Whoever starts a
    club may invite any address in its name (within INVITATIONS_PER_CLUB_PER_DAY)."""
    if not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser or settings.CLUB_CREATION == "open":
        return True
    return settings.CLUB_CREATION == "staff" and user.is_staff


def _player_for(user, name: str = "") -> Player:
    player = lock_row(Player, missing_ok=True, user=user)
    if player is None:
        name = (name or user.get_full_name() or user.get_username()).strip()[:120]
        player = Player.objects.create(name=name, email=user.email, user=user)
    return player


@transaction.atomic
def club_found(*, user, name: str, city: str = "", currency: str = "EUR") -> Club:
    """A new club with ``user`` as its first admin."""
    if not club_creation_allowed(user=user):
        raise ClubSignupError(gettext("Only the site's staff may start a club here."))
    name = (name or "").strip()
    slug = slugify(name)[:60]
    if not slug:
        raise ClubSignupError(gettext("Give the club a name with letters or digits."))
    if slug in RESERVED_SLUGS:
        slug = f"{slug}-club"
    if Club.objects.filter(name__iexact=name).exists() or Club.objects.filter(slug=slug).exists():
        raise ClubSignupError(gettext("There is a club called %(name)r already.")
                              % {"name": name})
    try:
        with transaction.atomic():
            club = Club.objects.create(name=name, slug=slug, city=city.strip(),
                                       currency=currency.upper())
    except IntegrityError:
        raise ClubSignupError(gettext("There is a club called %(name)r already.")
                              % {"name": name}) from None
    membership_grant(club=club, player=_player_for(user), role=Membership.Role.ADMIN)
    return club


@transaction.atomic
def join_request_create(*, club: Club, user, name: str = "", message: str = "") -> JoinRequest:
    if not club.join_requests_open:
        raise ClubSignupError(gettext("%(club)s does not take requests to join: ask its "
                                      "admins.") % {"club": club})
    player = Player.objects.filter(user=user).first()
    if player and Membership.objects.active().of_club(club).filter(player=player).exists():
        raise ClubSignupError(gettext("You are a member of %(club)s already.")
                              % {"club": club})
    name = (name or (player.name if player else "") or user.get_username()).strip()[:120]
    try:
        with transaction.atomic():
            return JoinRequest.objects.create(club=club, user=user, name=name,
                                              message=(message or "").strip()[:1000])
    except IntegrityError:
        raise ClubSignupError(gettext("You asked to join %(club)s already: its admins will "
                                      "answer.") % {"club": club}) from None


@transaction.atomic
def join_request_decide(*, request: JoinRequest, approve: bool, by) -> JoinRequest:
    locked = lock_row(JoinRequest, related=("club", "user"),
        pk=request.pk)
    if locked.status != JoinRequest.Status.PENDING:
        raise ClubSignupError(gettext("This request was answered already."))
    if approve:
        membership_grant(club=locked.club, player=_player_for(locked.user, locked.name),
                         role=Membership.Role.PLAYER)
    locked.status = JoinRequest.Status.APPROVED if approve else JoinRequest.Status.REFUSED
    locked.decided_by, locked.decided_at = by, timezone.now()
    locked.save(update_fields=["status", "decided_by", "decided_at"])
    return locked


def club_join_requests_set(*, club: Club, open_: bool) -> Club:
    club.join_requests_open = open_
    club.save(update_fields=["join_requests_open"])  # a save: the club's pages move on
    return club
