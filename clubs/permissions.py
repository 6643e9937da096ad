"""Permission gates: the one place each access question is answered.

Each ``*_for_*`` gate returns the object the caller may act on, or raises
``PermissionDenied`` (``Http404`` when the club does not exist). Views, API views, selectors
and the admin call these; none of them asks the question again with its own query.

The policy:
- a club's chouette money (sessions, scoreboards, games, ledger, balances, settlement,
  payments, CSV, player records) is seen by the club's members only; its admins and
  referees also write; nobody else sees anything of it;
- match records and their checks are seen by the club's members, or by everyone when the
  club makes its results public (``Club.results_public``);
- superusers pass every gate.

The gates about other apps' objects (a match record, a chouette session) take the loaded
object: this module imports no other app, so every app can import it.
"""

from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils.translation import gettext

from .models import WRITER_ROLES, Club, Membership, Player

User = AbstractBaseUser | AnonymousUser
Role = Membership.Role
_WRITERS = set(WRITER_ROLES)

# --------------------------------------------------------------------------- roles


def roles_in(*, user: User, club: Club) -> set[str]:
    """The roles the user holds in the club (superusers hold every role).

    Cached on the user object for the request, so several gates on one page cost one query.
    """
    if not user.is_authenticated:
        return set()
    if user.is_superuser:
        return set(Role.values)
    cache = user.__dict__.setdefault("_club_roles", {})
    if club.pk not in cache:
        # Raw, by the login's player (unique index) and the club: the ORM's join through the
        # player and the model's ordering read every membership of the club and cost 1.2 ms
        # at 500 members, then 3 ms to compile; 0.1 ms so (a page asks this on every visit).
        # It spells ``Membership.objects.active()`` (``clubs.models.ACTIVE``) by hand.
        quote = connection.ops.quote_name
        # A scalar subquery (a login has one player at most): PostgreSQL then reads the
        # membership by its index instead of every membership of the club (0.04 ms, 0.6 ms).
        sql = (f"SELECT m.role FROM {quote(Membership._meta.db_table)} m "
               f"WHERE m.club_id = %s AND m.is_active = %s AND m.player_id = "
               f"(SELECT p.id FROM {quote(Player._meta.db_table)} p WHERE p.user_id = %s)")
        with connection.cursor() as cursor:
            cursor.execute(sql, [club.pk, True, user.pk])
            cache[club.pk] = {row[0] for row in cursor.fetchall()}
    return cache[club.pk]


def is_member(*, user: User, club: Club) -> bool:
    return bool(roles_in(user=user, club=club))


def is_club_admin(*, user: User, club: Club) -> bool:
    return Role.ADMIN in roles_in(user=user, club=club)


def is_referee(*, user: User, club: Club) -> bool:
    return bool(_WRITERS & roles_in(user=user, club=club))


# --------------------------------------------------------------------------- club gates


def club_for_viewer(*, user: User, club_id: int | None = None, slug: str | None = None
                    ) -> Club:
    """The club (its page is public), with the user's roles in it read in the same query."""
    return _club_with_roles(user, club_id, slug)


def club_for_member(*, user: User, club_id: int | None = None, slug: str | None = None
                    ) -> Club:
    """The club, if ``user`` is one of its members (any role)."""
    club = _club_with_roles(user, club_id, slug)
    if not is_member(user=user, club=club):
        raise PermissionDenied(gettext("Only members of this club can see that."))
    return club


def club_for_admin(*, user: User, club_id: int | None = None, slug: str | None = None) -> Club:
    """The club, if ``user`` administers it."""
    club = _club_with_roles(user, club_id, slug)
    if not is_club_admin(user=user, club=club):
        raise PermissionDenied(gettext("Only this club's admins can do that."))
    return club


def club_for_referee(*, user: User, club_id: int | None = None, slug: str | None = None) -> Club:
    """The club, if ``user`` is one of its referees or admins."""
    club = _club_with_roles(user, club_id, slug)
    if not is_referee(user=user, club=club):
        raise PermissionDenied(gettext("Only this club's referees can do that."))
    return club


def _club_with_roles(user: User, club_id: int | None, slug: str | None) -> Club:
    """The club; for a signed-in user their roles in it come with it, in the same query,
    and go where ``roles_in`` looks: one query instead of two (the club, then the roles).
    Anonymous visitors (public results) get the club from the same query.

    The join spells ``Membership.objects.active()`` (``clubs.models.ACTIVE``) by hand.
    Raw SQL: every rating page asks this, and building the join through the
    ORM cost more CPU than anything else on a cached page (measured per call on the seeded
    club: 0.37 ms through the ORM, 0.05 ms raw). The login's player is a scalar subquery (a
    login has one player at most): PostgreSQL then reads the one membership by its index,
    not every membership of the club (0.04 ms instead of 0.6 ms at 500 members)."""
    quote = connection.ops.quote_name
    club_table, members, players = (Club._meta.db_table, Membership._meta.db_table,
                                    Player._meta.db_table)
    where, value = ("c.id = %s", club_id) if club_id is not None else ("c.slug = %s", slug)
    rows = list(Club.objects.raw(
        f"SELECT c.*, m.role AS my_role FROM {quote(club_table)} c "
        f"LEFT JOIN {quote(members)} m ON m.club_id = c.id AND m.is_active = %s "
        f"AND m.player_id = (SELECT p.id FROM {quote(players)} p WHERE p.user_id = %s) "
        f"WHERE {where}", [True, user.pk, value]))  # no user (anonymous): no role rows
    if not rows:
        raise Http404(gettext("No such club."))
    club = rows[0]
    if user.is_authenticated and not user.is_superuser:  # a superuser holds every role
        user.__dict__.setdefault("_club_roles", {})[club.pk] = {
            row.my_role for row in rows if row.my_role}
    return club


def club_for_results(*, user: User, club_id: int | None = None, slug: str | None = None
                     ) -> Club:
    """The club, if ``user`` may see its match results (members, or anyone if public)."""
    club = _club_with_roles(user, club_id, slug)
    if not (club.results_public or is_member(user=user, club=club)):
        raise PermissionDenied(gettext("Only members of this club can see its match records."))
    return club


# --------------------------------------------------------------------------- object gates


def match_record_for_viewer(*, user: User, record):
    """The match record, if ``user`` may see it (its club's results gate)."""
    club = record.club
    if not (club.results_public or is_member(user=user, club=club)):
        raise PermissionDenied(gettext("Only members of this club can see its match records."))
    return record


def chouette_visible_to(*, user: User, club: Club) -> bool:
    """Whether ``user`` may see the club's chouette money (a player page's chouette record):
    its members only, whatever the club does with its results."""
    return is_member(user=user, club=club)


def chouette_session_for_referee(*, user: User, session):
    """The chouette session, if ``user`` may write to it (its club's referees and admins)."""
    if not is_referee(user=user, club=session.club):
        raise PermissionDenied(gettext("Only this club's referees can change its chouettes."))
    return session


# --------------------------------------------------------------------------- player gate


class NotAMember(ValueError):
    """A player named in a club's write who is not (or no longer) one of its members."""


#: The largest id a database column holds (a signed 64-bit integer).
MAX_ID = 2**63 - 1


def club_players(*, club: Club | int, players: Iterable[Player | int], past_too: bool = False,
                 error: type[Exception] = NotAMember) -> list[Player]:
    """The players (given as players or ids), in order, if each is a current member of the
    club; otherwise ``error`` (the caller's own domain error) naming the first who is not.

    The one answer to "may this player be named here?" for every write that names players:
    an upload, a chouette seat, a tournament entry, a ladder rung, a league division.
    ``past_too`` also accepts ended memberships: a finished match is history, and a result
    corrected after a player left the club still belongs to them."""
    players = list(players)
    ids = [p.pk if isinstance(p, Player) else p for p in players]
    # An id no database column holds (past 64 bits) is nobody, not a query that overflows.
    found = Player.objects.members_of(club, past_too=past_too).in_bulk(
        [pk for pk in ids if isinstance(pk, int) and 0 < pk <= MAX_ID])
    for given, player_id in zip(players, ids, strict=True):
        if player_id not in found:  # named by id: no name of another club's player shown
            who = given if isinstance(given, Player) else gettext("Player #%(id)s") % {
                "id": player_id}
            club = club if isinstance(club, Club) else Club.objects.get(pk=club)
            message = (gettext("%(player)s is not a member of %(club)s.") if past_too
                       else gettext("%(player)s is not an active member of %(club)s."))
            raise error(message % {"player": who, "club": club})
    return [found[player_id] for player_id in ids]


def players_for_merge(*, user: User, club: Club, player_id: int, into_id: int
                      ) -> tuple[Player, Player]:
    """The two rows an admin of ``club`` may merge into one (``player_id`` goes, ``into_id``
    stays): the first is a member (past or present) of the club (404 otherwise: no other
    club's player is shown), and the user administers every club where either of the two
    is or was a member, so an admin of another club cannot pull your member into theirs."""
    ids = [pk for pk in (player_id, into_id) if isinstance(pk, int) and 0 < pk <= MAX_ID]
    found = Player.objects.in_bulk(ids)
    if player_id not in found or not Player.objects.members_of(club, past_too=True).filter(
            pk=player_id).exists():
        raise Http404(gettext("This club has no such player."))
    if into_id not in found:
        raise Http404(gettext("There is no such player to merge into."))
    if not user.is_superuser:
        involved = set(Membership.objects.filter(player_id__in=[player_id, into_id])
                       .values_list("club_id", flat=True))
        administered = set(clubs_administered(user=user).values_list("pk", flat=True))
        if not involved <= administered:
            raise PermissionDenied(gettext(
                "Only an admin of every club where these two players are members can merge "
                "them."))
    return found[player_id], found[into_id]


# --------------------------------------------------------------------------- list scopes


def _clubs_with(user: User, memberships) -> QuerySet[Club]:
    if not user.is_authenticated:
        return Club.objects.none()
    if user.is_superuser:
        return Club.objects.all()
    return Club.objects.filter(pk__in=memberships.of_user(user).values("club_id"))


def clubs_member_of(*, user: User) -> QuerySet[Club]:
    """The clubs where the user holds any role (every club for a superuser)."""
    return _clubs_with(user, Membership.objects.active())


def clubs_administered(*, user: User) -> QuerySet[Club]:
    return _clubs_with(user, Membership.objects.active().admins())


def clubs_refereed(*, user: User) -> QuerySet[Club]:
    """The clubs where the user is a referee or an admin."""
    return _clubs_with(user, Membership.objects.active().writers())


def results_visible_q(*, user: User, prefix: str = "club") -> Q:
    """A filter on rows with a club (at ``prefix``): those whose results the user may see."""
    if user.is_authenticated and user.is_superuser:
        return Q()
    public = Q(**{f"{prefix}__results_public": True})
    if not user.is_authenticated:
        return public
    return public | Q(**{f"{prefix}__in": clubs_member_of(user=user)})
