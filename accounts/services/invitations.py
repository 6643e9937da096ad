"""Club invitations: a club admin invites an address; the link works once and expires.

An invitation belongs to its address, stored as the mail server is given it and compared
exactly (``accounts.addresses``: never by case folding, which took a look-alike address
for another on PostgreSQL). A signed-in login accepts it only if it holds that address
verified (allauth's EmailAddress); any other login is refused (``InvitationNotYours``, a
403) and nothing is tied: a forwarded link makes nobody a member.

An invitation is not a key: no link signs anyone in by itself (issue 31). Signed out, a
link for an address a login holds asks that login to sign in as usual (its password, then
its second factor if it has one) and come back to accept: whoever the mail was forwarded
to, or a log line showed, gets no further. Only for an address no login holds does the
link make a login, the invitee's, with the address verified (the link was mailed there).

The link carries a random token; only its SHA-256 is stored, so a leaked database gives no
working link (and ``config.logs`` keeps it out of the logs). Accepting ties the login to
the invitation's player row (an existing member keeps all their history) or, for a new
member, to the login's own player, creating one only when the login has none: one player
per person, whatever the number of clubs.

A club sends at most ``INVITATIONS_PER_CLUB_PER_DAY`` invitation mails (new and resent) in
24 hours: whoever may start a club (``CLUB_CREATION``) cannot mail the world in its name.
"""

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext

from accounts import selectors
from accounts.addresses import AddressError, address_normalise, address_or_none
from accounts.models import Invitation, OutboundMail
from accounts.services.emails import email_address_adopt
from accounts.services.language import recipient_language
from accounts.services.mail import mail_queue
from clubs.models import Club, Membership, Player
from clubs.permissions import club_players
from clubs.services import membership_grant
from config.site import site_url as current_site_url
from ops.locks import lock_row


class InvitationError(ValueError):
    """An invitation the rules refuse (bad address or role, a member who has a login…)."""


class InvitationInvalid(InvitationError):
    """A link that does not (or no longer) work: unknown, used, revoked or expired."""


class InvitationLimit(InvitationError):
    """The club's invitations of the day are spent (``INVITATIONS_PER_CLUB_PER_DAY``)."""


class InvitationNotYours(InvitationError, PermissionDenied):
    """A login that does not hold the invitation's address (verified): not its invitee."""


def not_yours_reason(invitation: Invitation) -> str:
    return gettext("This invitation is for %(email)s, which is not a verified address of "
                   "your login: sign out, then open the link again to accept it."
                   ) % {"email": invitation.email}


@dataclass(frozen=True)
class InvitationSent:
    invitation: Invitation
    token: str  # only for the mail and the tests: never stored


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _new_token() -> tuple[str, str]:
    token = secrets.token_urlsafe(32)
    return token, _hash(token)


def _expiry():
    return timezone.now() + timedelta(days=settings.INVITATION_DAYS)


def _clean_email(email: str) -> str:
    """The address as stored and mailed (``accounts.addresses``), or InvitationError."""
    if not (email or "").strip():
        raise InvitationError(gettext("An empty address is not an email address."))
    try:
        return address_normalise(email)
    except AddressError as exc:
        raise InvitationError(str(exc)) from None


def _mails_left_today(club: Club) -> None:
    """InvitationError when the club has sent its ``INVITATIONS_PER_CLUB_PER_DAY``
    invitation mails in the last 24 hours (the caller holds the club's row locked)."""
    limit = settings.INVITATIONS_PER_CLUB_PER_DAY
    since = timezone.now() - timedelta(days=1)
    if OutboundMail.objects.filter(club=club, kind="invitation",
                                   created_at__gte=since).count() >= limit:
        raise InvitationLimit(ngettext(
            "%(club)s has sent %(count)s invitation in the last 24 hours, as many as a "
            "club may: try again tomorrow.",
            "%(club)s has sent %(count)s invitations in the last 24 hours, as many as a "
            "club may: try again tomorrow.", limit) % {"club": club, "count": limit})


def _clean_role(role: str) -> str:
    if role not in Invitation.Role.values:
        raise InvitationError(gettext("Unknown role %(role)r: choose one of %(roles)s.")
                              % {"role": role, "roles": ", ".join(Invitation.Role.values)})
    return role


@transaction.atomic
def invitation_create(*, club: Club, email: str, role: str = Invitation.Role.PLAYER,
                      player: Player | None = None, name: str = "", invited_by=None,
                      site_url: str | None = None) -> InvitationSent:
    """Invite ``email`` to ``club``: for ``player`` (an active member without a login) or,
    with ``name``, for someone new. The mail is queued in the same transaction."""
    email, role, name = _clean_email(email), _clean_role(role), (name or "").strip()
    if player is not None:
        player = club_players(club=club, players=[player], error=InvitationError)[0]
        if player.user_id:
            raise InvitationError(gettext("%(name)s already has a login.")
                                  % {"name": player.name})
        name = ""
    elif not name:
        raise InvitationError(gettext("A new member needs a name (or choose an existing "
                                      "member)."))
    elif len(name) > 120:
        raise InvitationError(gettext("A name has at most 120 characters."))
    # One count at a time, so two requests cannot both pass it (a write first: no counter).
    lock_row(Club, pk=club.pk, touch="currency")
    _mails_left_today(club)
    token, token_hash = _new_token()
    try:
        with transaction.atomic():
            invitation = Invitation.objects.create(
                club=club, player=player, name=name, email=email, role=role,
                token_hash=token_hash, expires_at=_expiry(), invited_by=invited_by)
    except IntegrityError:
        raise InvitationError(gettext("%(email)s already has an open invitation to "
                                      "%(club)s: resend or revoke it.")
                              % {"email": email, "club": club}) from None
    _mail(invitation, token, site_url=site_url)
    return InvitationSent(invitation=invitation, token=token)


def invitations_create_many(*, club: Club, lines: str, role: str = Invitation.Role.PLAYER,
                            invited_by=None, site_url: str | None = None
                            ) -> tuple[list[InvitationSent], list[str]]:
    """Invitations from pasted ``name, email`` lines: each line on its own (one bad line
    does not stop the others). Returns what was sent and one error per refused line. An
    address that belongs to an active member without a login invites that member."""
    sent, errors = [], []
    members = _members_without_login(club)
    for number, line in enumerate((lines or "").splitlines(), start=1):
        if not line.strip():
            continue
        name, _, email = line.rpartition(",")
        if not name.strip():
            errors.append(gettext("Line %(number)s: write it as 'name, email'.")
                          % {"number": number})
            continue
        member = members.get(address_or_none(email))
        try:
            sent.append(invitation_create(
                club=club, email=email, role=role, player=member,
                name="" if member else name.strip(), invited_by=invited_by,
                site_url=site_url))
        except InvitationError as exc:
            errors.append(gettext("Line %(number)s: %(error)s")
                          % {"number": number, "error": exc})
    return sent, errors


def _members_without_login(club: Club) -> dict[str, Player]:
    """The club's active members without a login, by address in the stored form
    (``accounts.addresses``), to be compared exactly. A member's address is as the club
    typed it: each is put in that form here, in Python, never folded in the database."""
    members = {}
    for player in (Player.objects.members_of(club).filter(user__isnull=True)
                   .exclude(email="").order_by("-pk")):
        if (address := address_or_none(player.email)) is not None:
            members[address] = player  # the oldest row wins
    return members


def _mail(invitation: Invitation, token: str, *, site_url: str | None) -> None:
    """The invitation's mail, in the invitee's language: their login's choice if the
    address has a login, else the inviting club's, else the site's. Its link goes to
    SITE_URL when set (behind a proxy), else to the site the admin's request came to."""
    base = settings.SITE_URL or site_url or current_site_url()
    link = f"{base.rstrip('/')}/accounts/invitations/{token}/"
    language = recipient_language(
        user=invitation.player.user if invitation.player_id and invitation.player.user_id
        else None, email=invitation.email, club=invitation.club)
    with translation.override(language):
        body = render_to_string("accounts/mail/invitation.txt", {
            "invitation": invitation, "club": invitation.club, "link": link,
            "days": settings.INVITATION_DAYS})
        subject = gettext("You are invited to %(club)s") % {"club": invitation.club.name}
    mail_queue(key=f"invitation:{invitation.pk}:{invitation.sent_count}", to=invitation.email,
               kind="invitation", subject=subject, body=body, club_id=invitation.club_id)


@transaction.atomic
def invitation_resend(*, invitation: Invitation, site_url: str | None = None) -> InvitationSent:
    """A new link (the old one stops working) and a new expiry, mailed again."""
    lock_row(Club, pk=invitation.club_id, touch="currency")  # as in invitation_create
    locked = lock_row(Invitation, related=("club",), pk=invitation.pk)
    if locked.accepted_at or locked.revoked_at:
        raise InvitationError(
            gettext("This invitation was accepted: it cannot be resent.")
            if locked.accepted_at else
            gettext("This invitation was revoked: it cannot be resent."))
    _mails_left_today(locked.club)
    token, locked.token_hash = _new_token()
    locked.expires_at, locked.sent_count = _expiry(), locked.sent_count + 1
    locked.save(update_fields=["token_hash", "expires_at", "sent_count"])
    _mail(locked, token, site_url=site_url)
    return InvitationSent(invitation=locked, token=token)


@transaction.atomic
def invitation_revoke(*, invitation: Invitation) -> Invitation:
    locked = lock_row(Invitation, pk=invitation.pk)
    if locked.accepted_at:
        raise InvitationError(gettext("This invitation was accepted already: end the "
                                      "membership instead."))
    if not locked.revoked_at:
        locked.revoked_at = timezone.now()
        locked.save(update_fields=["revoked_at"])
    return locked


def invitation_for_token(*, token: str, lock: bool = False) -> Invitation:
    """The open, unexpired invitation of a link, or InvitationInvalid."""
    rows = Invitation.objects.select_related("club", "player")
    if lock:
        # Only the invitation's row: PostgreSQL cannot lock the nullable side of the join.
        rows = rows.select_for_update(of=("self",))
    invitation = rows.filter(token_hash=_hash(token or "")).first()
    if invitation is None:
        raise InvitationInvalid(gettext("This invitation link is not valid."))
    if invitation.accepted_at:
        raise InvitationInvalid(gettext("This invitation was used already. Sign in "
                                        "instead."))
    if invitation.revoked_at:
        raise InvitationInvalid(gettext("This invitation was withdrawn by the club."))
    if invitation.expires_at <= timezone.now():
        raise InvitationInvalid(gettext("This invitation has expired: ask the club for a "
                                        "new one."))
    return invitation


@transaction.atomic
def invitation_accept(*, token: str, user) -> Membership:
    """``user`` (signed in) accepts: only if the login holds the invited address verified,
    otherwise ``InvitationNotYours`` and nothing changes (the link stays open)."""
    invitation = invitation_for_token(token=token, lock=True)
    if not selectors.holds_verified_address(user=user, email=invitation.email):
        raise InvitationNotYours(not_yours_reason(invitation))
    return _tie(invitation, user)


@transaction.atomic
def invitation_accept_new_user(*, token: str, username: str, password: str):
    """Someone new: create the login (the form validated the password), its address the
    invited one, verified (the link was mailed there), and accept. Only for an address no
    login holds: the link makes a login, it never signs in to one."""
    invitation = invitation_for_token(token=token, lock=True)
    if selectors.login_with_verified_address(email=invitation.email) is not None:
        raise InvitationError(gettext("A login holds %(email)s already: accept as that "
                                      "login instead.") % {"email": invitation.email})
    user_model = get_user_model()
    if user_model.objects.filter(username=username).exists():  # exactly, as stored
        raise InvitationError(gettext("The username %(username)r is taken.")
                              % {"username": username})
    user = user_model.objects.create_user(username=username, email=invitation.email,
                                          password=password)
    email_address_adopt(user=user, email=invitation.email)
    return user, _tie(invitation, user)


def _tie(invitation: Invitation, user) -> Membership:
    """Tie ``user`` to the invitation's player and club, once (the invitation is locked)."""
    own = lock_row(Player, missing_ok=True, user=user)
    if invitation.player_id:
        player = lock_row(Player, pk=invitation.player_id)
        if player.user_id and player.user_id != user.pk:
            raise InvitationError(gettext("%(name)s already has another login.")
                                  % {"name": player.name})
        if own and own.pk != player.pk:
            raise InvitationError(gettext(
                "You already play as %(own)s; %(club)s invited %(name)s. Ask the club's "
                "admin to add you as yourself.")
                % {"own": own.name, "club": invitation.club, "name": player.name})
        if not player.user_id:
            player.user = user
            player.save(update_fields=["user"])
    else:
        player = own or Player.objects.create(name=invitation.name, email=invitation.email,
                                              user=user)
    membership = membership_grant(club=invitation.club, player=player, role=invitation.role)
    if not user.email:
        user.email = invitation.email
        user.save(update_fields=["email"])
    invitation.accepted_at, invitation.accepted_by = timezone.now(), user
    invitation.save(update_fields=["accepted_at", "accepted_by"])
    return membership
