"""Reading a federation's national list: the live list as of a day, a player's national
standing and history, the official lists and the difference between two of them."""

from __future__ import annotations

import datetime
import hashlib
from collections import defaultdict

from django.core.cache import cache
from django.db.models import Count, OuterRef, Subquery
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Membership, Player
from config.refusals import Refusal
from federations.models import Federation, FederationClub
from ops.pagecache import site_stamp, version_read
from ratings.core import national as listing_rules
from ratings.models import OfficialList, Pool, Rating, RatingChange
from ratings.selectors import dot_title
from ratings.selectors.charts import histories_chart


def as_of_day(text: str | None) -> datetime.date:
    """``as_of`` from the query: a past or present day (today when not given)."""
    today = timezone.localdate()
    if not text:
        return today
    try:
        day = datetime.date.fromisoformat(text)
    except ValueError:
        raise Refusal(gettext("as_of is a date written YYYY-MM-DD, not %(text)s.")
                      % {"text": repr(text)}) from None
    if day > today:
        raise Refusal(gettext("as_of cannot be in the future (today is %(today)s).")
                      % {"today": today.isoformat()})
    return day


def inactive_included(text: str | None) -> bool:
    """``inactive`` from the query: ``include`` lists the inactive players too (marked),
    ``exclude`` (or nothing) leaves them out, as the listing rule says."""
    if text in (None, "", "exclude"):
        return False
    if text == "include":
        return True
    raise Refusal(gettext("inactive is include or exclude, not %(text)s.")
                  % {"text": repr(text)})


def federation_pool(federation: Federation) -> Pool | None:
    return Pool.objects.filter(owner_kind=Pool.OwnerKind.FEDERATION,
                               federation=federation).first()


def day_end(day: datetime.date) -> datetime.datetime:
    """The first moment after ``day`` (in the site's time zone)."""
    return timezone.make_aware(datetime.datetime.combine(day + datetime.timedelta(days=1),
                                                         datetime.time()))


def listed_clubs(federation: Federation, day: datetime.date) -> dict[int, list[str]]:
    """Each player in a member club on ``day`` (the memberships of that day: a player who
    moved shows the club they were in then): their clubs' slugs. The others are guests:
    rated in the background, not listed."""
    clubs = FederationClub.objects.filter(federation=federation).members_on(day)
    found: dict[int, list[str]] = defaultdict(list)
    for player, slug in (Membership.objects.on(day)
                         .filter(club__in=clubs.values("club_id"))
                         .order_by("club__slug").values_list("player_id", "club__slug")):
        found[player].append(slug)
    return found


#: How long a list's standings on a day stay cached (a replay changes the key at once).
STANDINGS_CACHE_SECONDS = 3600


def standings_as_of(pool: Pool, day: datetime.date) -> dict[int, tuple]:
    """Each rated player's (rating, experience, last played day) after the day's matches.

    Read once per replay of the list and day: the key carries the pool's ``version``, which
    every replay bumps, so a cached answer is never older than the history it was read
    from (at 500,000 matches the read costs about a second; the clubs of each row are read
    afresh by ``listed_clubs``, so a change of membership shows at once)."""
    key = f"ratings:national-standings:{pool.pk}:{pool.version}:{day.isoformat()}"
    found = cache.get(key)
    if found is None:
        found = _standings_read(pool, day)
        cache.set(key, found, STANDINGS_CACHE_SECONDS)
    return found


def _standings_read(pool: Pool, day: datetime.date) -> dict[int, tuple]:
    cutoff = day_end(day)
    latest = (RatingChange.objects.filter(pool_id=pool.pk, player_id=OuterRef("player_id"),
                                          finished_at__lt=cutoff)
              .order_by("-finished_at", "-match_id").values("pk")[:1])
    ids = [pk for pk in Rating.objects.filter(pool_id=pool.pk).annotate(last=Subquery(latest))
           .values_list("last", flat=True) if pk is not None]
    counts = _match_counts(pool.pk, cutoff)
    return {player: (rating, experience, timezone.localtime(when).date(), counts.get(player, 0))
            for player, rating, experience, when in RatingChange.objects.filter(pk__in=ids)
            .values_list("player_id", "rating_after", "experience_after", "finished_at")}


def _match_counts(pool_id: int, cutoff: datetime.datetime, players=None) -> dict[int, int]:
    """Each player's number of rated matches before ``cutoff`` (grouped with no ordering:
    the model's, by pool, would join the pools and sort every row counted)."""
    rows = RatingChange.objects.filter(pool_id=pool_id, finished_at__lt=cutoff)
    if players is not None:
        rows = rows.filter(player_id__in=players)
    return dict(rows.order_by().values("player_id").annotate(n=Count("pk"))
                .values_list("player_id", "n"))


#: How long a computed list stays cached (its key changes with everything it shows first).
LISTING_CACHE_SECONDS = 3600


def listing_version(*, federation: Federation, pool: Pool | None, as_of: datetime.date,
                    inactive: bool) -> str:
    """What the list's rows depend on besides the memberships and names (whose changes
    replace the site's stamp, ``ops.pagecache.site_stamp``, which the callers' keys hold):
    the replay (the pool's ``version``, bumped by every replay: results, corrections,
    policies, a club's days in the federation, formula and start rating), the day, the
    ``inactive`` option and the listing rule's settings, read from the federation's row
    (a change by any path, the admin's too, gives another key)."""
    replay = f"{pool.pk}.{pool.version}" if pool is not None else "none"
    return (f"{federation.pk}:{replay}:{as_of.isoformat()}:{int(inactive)}:"
            f"{federation.provisional_below}:{federation.inactive_after_months}")


#: ``national_rows``'s ``pool`` when the caller has not read it.
UNREAD = object()


def national_rows(*, federation: Federation, as_of: datetime.date,
                  inactive: bool = False, pool=UNREAD) -> list[dict]:
    """The list as of ``as_of``: the members of member clubs with a rating, active (a rated
    match within ``inactive_after_months``; ``inactive``: the inactive too, each row saying
    which it is), best first, each with its number of rated matches; ``matches_fill``
    adds the names of the rows shown. ``pool``: the federation's pool when the caller read
    it already (None: it has none).

    Computed once per ``listing_version`` and site stamp (a membership made, changed or
    ended in any club, a club joining or leaving a federation, a rename: ``clubs.signals``,
    ``federations.signals``): at 4,000 listed players of 5,000 rated the day's memberships
    and the listing rule cost ~20 ms of CPU in process, the kept rows ~2 ms."""
    if pool is UNREAD:
        pool = federation_pool(federation)
    if pool is None:
        return []
    version = listing_version(federation=federation, pool=pool, as_of=as_of,
                              inactive=inactive)
    key = "ratings:national-listing:" + hashlib.sha256(
        f"{site_stamp()}:{version}".encode()).hexdigest()
    rows = cache.get(key)
    if rows is None:
        rows = _rows_read(federation, pool, as_of, inactive)
        cache.set(key, rows, LISTING_CACHE_SECONDS)
    return rows


def _rows_read(federation: Federation, pool: Pool, as_of: datetime.date,
               inactive: bool) -> list[dict]:
    clubs = listed_clubs(federation, as_of)
    rows = []
    for player, (rating, experience, last, matches) in standings_as_of(pool, as_of).items():
        if player not in clubs:
            continue  # a guest: rated in the background
        shown = listing_rules.listing(
            experience=experience, last_played=last, as_of=as_of,
            provisional_below=federation.provisional_below,
            inactive_after_months=federation.inactive_after_months)
        if shown.inactive and not inactive:
            continue
        rows.append({"player": player, "clubs": clubs[player], "rating": rating,
                     "experience": experience, "provisional": shown.provisional,
                     "inactive": shown.inactive, "last_played": last, "matches": matches})
    rows.sort(key=lambda r: (-r["rating"], r["player"]))
    return rows


def matches_fill(rows: list[dict], *, pool_id: int, as_of: datetime.date) -> list[dict]:
    """Add each row's name, and its number of rated matches up to ``as_of`` where the row
    has none yet."""
    players = [row["player"] for row in rows]
    missing = [row["player"] for row in rows if "matches" not in row]
    counts = _match_counts(pool_id, day_end(as_of), missing) if missing else {}
    names = dict(Player.objects.filter(pk__in=players).values_list("pk", "name"))
    for row in rows:
        if "matches" not in row:
            row["matches"] = counts.get(row["player"], 0)
        row["name"] = names.get(row["player"], "")
    return rows


def player_national(*, player: Player, club_series: dict | None = None) -> dict:
    """The player's national ratings beside their club rating: one row per national list
    they are on, and one chart with the club's history (``club_series``) and each national
    list's."""
    lists = national_history(player=player)
    rows, series = [], [club_series] if club_series else []
    for found in lists:
        federation, rating = found["federation"], found["rating"]
        experience = rating.experience if rating else 0
        rows.append({"federation": federation, "rating": rating.rating if rating else None,
                     "experience": experience, "matches": rating.matches if rating else 0,
                     "provisional": experience < federation.provisional_below})
        series.append({"label": federation.name, "start": federation.start_rating,
                       "points": [(h.finished_at, h.rating_after, h.won, dot_title(h))
                                  for h in found["rows"]]})
    return {"rows": rows, "chart": histories_chart(series)}


def national_history(*, player: Player) -> list[dict]:
    """The player's history on every national list: [{federation, pool, rows}]."""
    pools = {pool.pk: pool for pool in Pool.objects.filter(
        owner_kind=Pool.OwnerKind.FEDERATION, ratings__player=player)
        .select_related("federation")}
    found = []
    for pool_id, pool in pools.items():
        rows = list(RatingChange.objects.filter(pool_id=pool_id, player=player)
                    .order_by("finished_at", "match_id").select_related("opponent"))
        rating = Rating.objects.filter(pool_id=pool_id, player=player).first()
        found.append({"federation": pool.federation, "pool": pool, "rows": rows,
                      "rating": rating})
    found.sort(key=lambda f: f["federation"].name)
    return found


# --------------------------------------------------------------------------- official lists


def official_lists_version(*, federation: Federation) -> str:
    """Moves with every official list published, republished or removed (the list page's
    table of them): one raw query (``ops.pagecache.version_read``)."""
    count, latest, revisions = version_read(
        "SELECT COUNT(*), MAX(published_at), SUM(revision) FROM {lists} "
        "WHERE federation_id = %s", [federation.pk], lists=OfficialList)
    return f"{count}-{latest}-{revisions}"  # (a time as the database gives it)


def official_list_get(*, federation: Federation, number: int) -> OfficialList:
    return OfficialList.objects.get(federation=federation, number=number)


def official_list_changes(*, later: OfficialList, earlier: OfficialList) -> list[dict]:
    """Per player whose line differs between two lists: both lines and the rated matches
    between the two lists' last days, one by one (from the live history)."""
    pool = federation_pool(later.federation)
    first, second = sorted((earlier, later), key=lambda lst: lst.last_day)
    lines = {}
    for which, lst in (("before", first), ("after", second)):
        for row in lst.rows.values("player_id", "name", "rating", "experience", "matches"):
            lines.setdefault(row["player_id"], {"before": None, "after": None})[which] = row
    changed = {player: line for player, line in lines.items()
               if _figures(line["before"]) != _figures(line["after"])}
    matches: dict[int, list] = defaultdict(list)
    if pool is not None and changed:
        for row in (RatingChange.objects.filter(
                pool_id=pool.pk, player_id__in=list(changed),
                finished_at__gte=day_end(first.last_day),
                finished_at__lt=day_end(second.last_day))
                .order_by("finished_at", "match_id").select_related("opponent")):
            matches[row.player_id].append(row)
    answer = []
    for player, line in sorted(changed.items(), key=lambda i: _name(i[1])):
        answer.append({"player": player, "name": _name(line), "before": line["before"],
                       "after": line["after"], "matches": matches.get(player, [])})
    return answer


def _figures(line):
    return None if line is None else (line["rating"], line["experience"], line["matches"])


def _name(line) -> str:
    return (line["after"] or line["before"])["name"]


def period_opening(*, pool_id: int, first_day: datetime.date) -> dict[int, tuple]:
    """Each player's (rating, experience) before a period's first day: the export's start."""
    cutoff = day_end(first_day - datetime.timedelta(days=1))
    latest = (RatingChange.objects.filter(pool_id=pool_id, player_id=OuterRef("player_id"),
                                          finished_at__lt=cutoff)
              .order_by("-finished_at", "-match_id").values("pk")[:1])
    ids = [pk for pk in Rating.objects.filter(pool_id=pool_id).annotate(last=Subquery(latest))
           .values_list("last", flat=True) if pk is not None]
    return {p: (r, e) for p, r, e in RatingChange.objects.filter(pk__in=ids).values_list(
        "player_id", "rating_after", "experience_after")}


def period_matches(*, pool_id: int, first_day: datetime.date, last_day: datetime.date):
    """The period's rated matches, each once (the winner's row, the loser's beside it)."""
    rows = (RatingChange.objects.filter(pool_id=pool_id,
                                        finished_at__gte=day_end(first_day
                                                                 - datetime.timedelta(days=1)),
                                        finished_at__lt=day_end(last_day))
            .order_by("finished_at", "match_id", "-won")
            .values_list("match_id", "finished_at", "player_id", "length", "won",
                         "rating_before", "experience_before", "rating_after",
                         "experience_after", "change", "k", "p"))
    pending = None
    for row in rows.iterator(chunk_size=5000):
        if pending is not None and pending[0] == row[0]:
            yield pending, row
            pending = None
        else:
            pending = row

