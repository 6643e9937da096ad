"""Account reads."""

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet
from rest_framework.authtoken.models import Token

from accounts.models import Invitation, OutboundMail
from clubs.models import Club, Membership, Player


def api_token_get(*, user: AbstractBaseUser) -> Token | None:
    return Token.objects.filter(user=user).first()


def invitation_list(*, club: Club) -> QuerySet[Invitation]:
    return Invitation.objects.filter(club=club).select_related("player")


def outbox_list(*, club: Club) -> QuerySet[OutboundMail]:
    return OutboundMail.objects.filter(club=club)


def members_without_login(*, club: Club) -> list[tuple[int, str]]:
    """(player id, name) of the club's active members who have no login yet."""
    return list(Player.objects.filter(memberships__club=club, memberships__is_active=True,
                                      user__isnull=True)
                .order_by("name").values_list("pk", "name"))


def me(*, user) -> dict:
    """Who the signed-in user is: their login, their player and their clubs with roles."""
    player = Player.objects.filter(user=user).only("pk", "name").first()
    clubs = []
    if player is not None:
        clubs = [{"slug": slug, "name": name, "role": role} for slug, name, role
                 in Membership.objects.filter(player=player, is_active=True)
                 .order_by("club__name").values_list("club__slug", "club__name", "role")]
    return {"username": user.get_username(), "email": user.email,
            "player": {"id": player.pk, "name": player.name} if player else None,
            "clubs": clubs}
