"""The live lobby's choice of players at club scale: the start form names a member by a
search field (a datalist the page's script fills from ``member_search``), not a select of
every member. A club of 500 members sends 20 names at a time; a small club's few names
come with the page, so the datalist works without the script too.

The form still posts ``player_a``/``player_b`` as ids (the script sets them from the
chosen name). Without the script only the name is sent; ``lobby_player`` finds the one
active member of the club with that name.
"""

from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import JsonResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from clubs.models import Club, Player
from clubs.permissions import club_for_member
from clubs.selectors import club_members
from config.converters import MAX_ID
from live.services import LiveError
from ops.pagecache import PAGE_SECONDS, club_stamp

#: The names one search answers at most (and the club size whose names come with the page).
SEARCH_LIMIT = 20
#: The longest search text read (a name is shorter).
QUERY_MAX = 60


def member_names(*, club: Club, search: str = "", limit: int = SEARCH_LIMIT) -> list[dict]:
    """At most ``limit`` of the club's active members whose name holds ``search``, by name:
    ``{"id", "name"}`` each."""
    rows = club_members(club=club, search=search).values_list("player_id", "player__name")
    return [{"id": pk, "name": name} for pk, name in rows[:limit]]


def lobby_members(*, club: Club) -> list[dict] | None:
    """The names the start form's datalist holds with the page: every member of a small
    club, None for a club larger than one search answer (the script asks as one types).
    Kept per club stamp (a rename or a membership change replaces it)."""
    key = f"live:lobby-members:{club.pk}:{club_stamp(club)}"
    kept = cache.get(key)
    if kept is None:
        names = member_names(club=club, limit=SEARCH_LIMIT + 1)
        kept = (names if len(names) <= SEARCH_LIMIT else None,)
        cache.set(key, kept, PAGE_SECONDS)
    return kept[0]


def lobby_me(*, club: Club, user) -> dict | None:
    """The viewer as a member of the club (``{"pk", "name"}``), or None."""
    row = (club_members(club=club).filter(player__user=user)
           .values_list("player_id", "player__name").first())
    return {"pk": row[0], "name": row[1]} if row else None


@login_required
@require_GET
def member_search(request, slug: str):
    """``?q=<part of a name>``: the club's active members whose name holds it, for members
    of the club only (the names are personal data)."""
    club = club_for_member(user=request.user, slug=slug)
    search = request.GET.get("q", "").replace("\x00", "").strip()[:QUERY_MAX]
    response = JsonResponse({"results": member_names(club=club, search=search),
                             "limit": SEARCH_LIMIT})
    response["Cache-Control"] = "private, max-age=60"
    return response


def lobby_player(*, club: Club, post, field: str) -> Player | None:
    """The player the start form names in ``field`` (an id), or else in ``<field>_name``
    (the name typed without the script): the one active member of the club so called."""
    value = (post.get(field) or "").strip()
    if value.isascii() and value.isdigit():  # beyond the column: no one (no OverflowError)
        return Player.objects.filter(pk=int(value)).first() if int(value) <= MAX_ID else None
    name = (post.get(f"{field}_name") or "").replace("\x00", "").strip()[:QUERY_MAX]
    if not name:
        return None
    found = list(club_members(club=club).filter(player__name__iexact=name)[:2])
    if not found:
        raise LiveError(gettext("No member of the club is called “%(name)s”.") % {"name": name})
    if len(found) > 1:
        raise LiveError(gettext("Several members are called “%(name)s”: choose one from the list.")
                        % {"name": name})
    return found[0].player
