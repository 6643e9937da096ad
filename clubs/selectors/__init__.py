"""Reads for clubs and members."""

from django.db.models import QuerySet

from clubs.models import Club, Membership, Player


def club_list() -> QuerySet[Club]:
    return Club.objects.with_member_count().order_by("name")


def club_members(*, club: Club, search: str = "") -> QuerySet[Membership]:
    """The club's active members by name; ``search``: those whose name holds it."""
    members = Membership.objects.active().of_club(club)
    if search:
        members = members.filter(player__name__icontains=search)
    return members.select_related("player", "player__user").order_by("player__name", "pk")


def player_of_user(*, user) -> Player | None:
    """The player a login belongs to (None for an anonymous visitor or a login without one)."""
    if user is None or not user.is_authenticated:
        return None
    return Player.objects.filter(user=user).first()
