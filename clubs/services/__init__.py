"""Writes for clubs and members. Keyword-only; permission gates run in the callers."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from audit.models import AuditEntry
from audit.services import audit_record
from clubs.models import Club, Membership, Player
from config.languages import language_known
from ops.locks import lock_row


class MembershipError(ValueError):
    """A membership change that the club's rules refuse."""


@transaction.atomic
def player_join(
    *, club: Club, name: str, email: str = "", role: str = Membership.Role.PLAYER, user=None
) -> Membership:
    """Create a player (with or without a login) and make them a member of the club."""
    name = name.strip()
    if not name:
        raise MembershipError(gettext("A player needs a name."))
    if Membership.objects.active().of_club(club).filter(player__name__iexact=name).exists():
        raise MembershipError(gettext("%(club)s already has a member called %(name)r.")
                              % {"club": club, "name": name})
    player = Player.objects.create(name=name, email=email, user=user)
    return Membership.objects.create(club=club, player=player, role=role)


@transaction.atomic
def membership_grant(*, club: Club, player: Player, role: str) -> Membership:
    """Give an existing player a role in the club (joining it if needed)."""
    membership, _ = Membership.objects.select_for_update().get_or_create(
        club=club, player=player, defaults={"role": role}
    )
    # (back after an end: one row per club and player, so the time away is not kept)
    membership.role, membership.is_active, membership.ended_at = role, True, None
    membership.save(update_fields=["role", "is_active", "ended_at"])
    return membership


@transaction.atomic
def membership_set_role(*, membership: Membership, role: str, actor=None,
                        reason: str = "") -> Membership:
    if role not in Membership.Role.values:
        raise MembershipError(gettext("Unknown role %(role)r.") % {"role": role})
    locked = lock_row(Membership, pk=membership.pk, related=("player", "club"))
    _refuse_removing_last_admin(locked, new_role=role)
    before = locked.role
    locked.role = role
    locked.save(update_fields=["role"])
    if before != role:
        audit_record(club_id=locked.club_id, actor=actor,
                     action=AuditEntry.Action.MEMBERSHIP_ROLE_CHANGED, target=locked,
                     reason=reason, before={"role": before}, after={"role": role})
    return locked


@transaction.atomic
def membership_end(*, membership: Membership, actor=None, reason: str = "") -> Membership:
    locked = lock_row(Membership, pk=membership.pk, related=("player", "club"))
    _refuse_removing_last_admin(locked, new_role=None)
    locked.is_active, locked.ended_at = False, timezone.now()
    locked.save(update_fields=["is_active", "ended_at"])
    audit_record(club_id=locked.club_id, actor=actor, action=AuditEntry.Action.MEMBERSHIP_ENDED,
                 target=locked, reason=reason, before={"is_active": True, "role": locked.role},
                 after={"is_active": False})
    return locked


def _refuse_removing_last_admin(membership: Membership, *, new_role: str | None) -> None:
    if membership.role != Membership.Role.ADMIN or new_role == Membership.Role.ADMIN:
        return
    admins = (Membership.objects.select_for_update().active().admins()
              .of_club(membership.club_id))
    if admins.count() <= 1:
        raise MembershipError(gettext("A club must keep at least one admin."))


def club_language_set(*, club: Club, language: str) -> Club:
    """The club's language (``""``: each visitor's browser decides); the gate is the
    caller's (the club's admins)."""
    if language and not language_known(language):
        raise MembershipError(gettext("Choose one of the site's languages."))
    club.language = language
    club.save(update_fields=["language"])
    return club
