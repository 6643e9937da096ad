"""Account reads."""

import re
from collections.abc import Callable

from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Exists, Q, QuerySet
from django.shortcuts import get_object_or_404
from rest_framework.authtoken.models import Token

from accounts.addresses import address_or_none
from accounts.models import Invitation, JoinRequest, OutboundMail
from clubs.models import Club, Membership, Player


def verified_addresses(*, user) -> set[str]:
    """The addresses the login has proved it reads (allauth's verified rows), as stored:
    what is the login's own (its invitations, its data)."""
    if not user.is_authenticated:
        return set()
    return set(EmailAddress.objects.filter(user_id=user.pk, verified=True)
               .values_list("email", flat=True))


def holds_verified_address(*, user, email: str) -> bool:
    """Exactly (``accounts.addresses``): an address matches only itself, never a look-alike
    that folds to it."""
    return bool(email) and email in verified_addresses(user=user)


def login_with_verified_address(*, email: str):
    """The active login that holds ``email`` verified, or None: the one answer to "which
    login holds this address" (invitations, the language of a mail). Compared exactly with
    the stored form (``accounts.addresses``), never by case folding (issue 31)."""
    email = address_or_none(email)
    if email is None:
        return None
    row = (EmailAddress.objects.filter(email=email, verified=True, user__is_active=True)
           .select_related("user").first())
    return row.user if row else None



def api_token_get(*, user: AbstractBaseUser) -> Token | None:
    return Token.objects.filter(user=user).first()


def invitation_list(*, club: Club) -> QuerySet[Invitation]:
    return Invitation.objects.filter(club=club).select_related("player")


def outbox_list(*, club: Club) -> QuerySet[OutboundMail]:
    return OutboundMail.objects.filter(club=club)


#: An invitation link's token belongs to its addressee (for an address no login holds, it
#: makes the login), so the club's admins read the invitation without it (they resend it to
#: its address instead).
_INVITATION_TOKEN = re.compile(r"(/accounts/invitations/)[^/\s]+/")
HIDDEN = "…"


def outbox_mail_get(*, club: Club, mail_id: int) -> tuple[OutboundMail, str]:
    """One of the club's mails (404 for another club's) and its text as its admins may
    read it: the plain text, every invitation link's token hidden. Mails of a login's own
    (password reset, address confirmation: a sign-in secret) belong to no club and never
    show here."""
    mail = get_object_or_404(OutboundMail, club=club, pk=mail_id)
    return mail, _INVITATION_TOKEN.sub(rf"\g<1>{HIDDEN}/", mail.body)


def members_without_login(*, club: Club) -> list[tuple[int, str]]:
    """(player id, name) of the club's active members who have no login yet."""
    return list(Player.objects.members_of(club).filter(user__isnull=True)
                .order_by("name").values_list("pk", "name"))


def me(*, user) -> dict:
    """Who the signed-in user is: their login, their player and their clubs with roles."""
    player = Player.objects.filter(user=user).only("pk", "name").first()
    clubs = []
    if player is not None:
        clubs = [{"slug": slug, "name": name, "role": role} for slug, name, role
                 in Membership.objects.active().filter(player=player)
                 .order_by("club__name").values_list("club__slug", "club__name", "role")]
    return {"username": user.get_username(), "email": user.email,
            "player": {"id": player.pk, "name": player.name} if player else None,
            "clubs": clubs}


def two_factor_recommended(*, user) -> bool:
    """True for a club admin or referee whose login has no authenticator app (TOTP): their
    pages recommend turning two-factor sign-in on. One query."""
    if not user.is_authenticated:
        return False
    has_totp = Authenticator.objects.filter(user_id=user.pk, type=Authenticator.Type.TOTP)
    return (Membership.objects.active().writers().filter(player__user_id=user.pk)
            .filter(~Exists(has_totp)).exists())


# --------------------------------------------------------------------------- my data

#: Sections that apps above accounts add to a login's data (accounts does not know them):
#: an app registers ``export(user=, player=) -> JSON-able`` in its AppConfig.ready(), and
#: ``erase(user=, player=)`` for what goes when the login is closed (``account_close``).
PERSONAL_DATA_SECTIONS: dict[str, dict] = {}


def personal_data_section_register(name: str, *, export: Callable,
                                   erase: Callable | None = None) -> None:
    PERSONAL_DATA_SECTIONS[name] = {"export": export, "erase": erase}


def _when(value) -> str | None:
    return value.isoformat() if value else None


def personal_data_export(*, user) -> dict:
    """What the site holds about a login, as JSON-able values: the login, its addresses and
    second factors (their kinds, never their secrets), its player, memberships and results,
    invitations (to its verified addresses, or accepted by it) and requests to join, and the
    sections apps above add (their results, notifications, chouette ledger lines)."""
    player = Player.objects.filter(user=user).first()
    # Only what is the login's own: invitations to the addresses it proved (verified), not
    # to one it merely typed in (anybody's address, never confirmed).
    addresses = verified_addresses(user=user)
    data = {
        "login": {"username": user.get_username(), "email": user.email,
                  "first_name": user.first_name, "last_name": user.last_name,
                  "date_joined": _when(user.date_joined), "last_login": _when(user.last_login)},
        "email_addresses": [{"email": a.email, "verified": a.verified, "primary": a.primary}
                            for a in EmailAddress.objects.filter(user=user).order_by("email")],
        "two_factor": sorted(Authenticator.objects.filter(user=user)
                             .values_list("type", flat=True)),
        "api_token": {"created": _when(token.created)}
        if (token := Token.objects.filter(user=user).first()) else None,
        "player": None, "memberships": [],
        "invitations": [{"club": i.club.slug, "email": i.email, "role": i.role,
                         "status": i.status, "created_at": _when(i.created_at)}
                        for i in Invitation.objects.filter(Q(accepted_by=user)
                                                           | Q(email__in=addresses))
                        .select_related("club")],
        "join_requests": [{"club": r.club.slug, "name": r.name, "message": r.message,
                           "status": r.status, "created_at": _when(r.created_at)}
                          for r in JoinRequest.objects.filter(user=user).select_related("club")],
    }
    if player is not None:
        data["player"] = {"id": player.pk, "name": player.name, "email": player.email,
                          "created_at": _when(player.created_at)}
        data["memberships"] = [{"club": m.club.slug, "role": m.role, "active": m.is_active,
                                "joined_at": _when(m.joined_at)}
                               for m in Membership.objects.filter(player=player)
                               .select_related("club").order_by("club__slug")]
    for name, section in PERSONAL_DATA_SECTIONS.items():
        data[name] = section["export"](user=user, player=player)
    return data


def player_of(*, user) -> Player | None:
    return Player.objects.filter(user=user).first()
