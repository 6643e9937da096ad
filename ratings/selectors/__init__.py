"""Reads for ratings and standings: each page's data in a fixed number of queries.

Who may see what is the permission gates' question (``clubs.permissions``), asked by the
callers. Tables come back as plain values (dicts and lists) for templates, CSV and the API.
"""

from __future__ import annotations

import datetime
from collections import defaultdict

from django.core.cache import cache
from django.db.models import Count, Q, Sum
from django.utils import timezone
from django.utils.formats import date_format, number_format
from django.utils.translation import gettext

from chouette import selectors as chouette_selectors
from chouette.models import ChouetteLedgerEntry, ChouetteSeat, ChouetteSession
from clubs.models import Club, Membership, Player
from games.models import MatchRecord
from ops.pagecache import version_read, version_sql
from ratings import core as pure
from ratings.models import MasterPointAward, Rating, RatingChange, RatingSettings, Season
from results.models import FinishedMatch
from tournaments.models import Placing
from tournaments.models_labels import competition_name, place_label

from .charts import rating_chart

COLUMN_LABELS = dict(RatingSettings.Column.choices)


CACHE_SECONDS = 3600


def settings_key(club_id: int) -> str:
    return f"ratings:settings:{club_id}"


def settings_for(*, club: Club) -> RatingSettings:
    """The club's settings (unsaved defaults when it never changed them), read through the
    cache: every write to them (``ratings.services``) drops the cached copy after
    commit. The copy carries the club's creation time, so a reused id never matches."""
    cached = cache.get(settings_key(club.pk))
    if cached is not None and cached[0] == club.created_at:
        return cached[1]
    settings = RatingSettings.objects.filter(club=club).first() or RatingSettings(club=club)
    cache.set(settings_key(club.pk), (club.created_at, settings), CACHE_SECONDS)
    return settings


def cache_key(settings: RatingSettings, page: str, *parts) -> str | None:
    """The key of a page's cached table: it changes with every recompute, settings change
    and new season (``RatingSettings.version``). None when the club's ratings were never
    computed (then nothing is cached)."""
    if settings.pk is None or settings.recomputed_at is None:
        return None
    stamp = settings.recomputed_at.timestamp()
    return ":".join(str(p) for p in ("ratings", settings.club_id, settings.pk, settings.version,
                                     stamp, page, *parts))


def _row(rating: Rating, rank: int | None) -> dict:
    return {"rank": rank, "player_id": rating.player_id, "name": rating.player.name,
            "rating": rating.rating, "shown": pure.format_rating(rating.rating),
            "experience": rating.experience, "matches": rating.matches, "wins": rating.wins,
            "losses": rating.matches - rating.wins}


def rating_list(*, club: Club) -> dict:
    """The rating list, established players ranked, provisional ones (under 100) apart."""
    settings = settings_for(club=club)
    ratings = (Rating.objects.filter(pool__club=club).select_related("player")
               .order_by("-rating", "player__name", "player_id"))
    established, provisional = [], []
    for rating in ratings:
        if pure.is_provisional(rating.experience):
            provisional.append(_row(rating, None))
        else:
            established.append(_row(rating, len(established) + 1))
    return {"settings": settings, "pending": settings.recompute_pending,
            "established": established, "provisional": provisional,
            "provisional_below": pure.PROVISIONAL_BELOW}


# --------------------------------------------------------------------------- seasons


def season_list(*, club: Club, settings: RatingSettings | None = None) -> list[Season]:
    """The club's seasons, newest first (cached per ratings version when ``settings`` is
    given: a new season bumps the version)."""
    key = cache_key(settings, "seasons") if settings is not None else None
    seasons = cache.get(key) if key else None
    if seasons is None:
        seasons = list(Season.objects.filter(club=club).order_by("-starts_on"))
        if key:
            cache.set(key, seasons, CACHE_SECONDS)
    return seasons


def season_pick(*, seasons: list[Season], season_id: str | int | None) -> Season | None:
    """The season asked for, else the one running today, else the latest (None: no seasons)."""
    by_id = {str(s.pk): s for s in seasons}
    if season_id is not None and str(season_id) in by_id:
        return by_id[str(season_id)]
    today = timezone.localdate()
    current = [s for s in seasons if s.starts_on <= today <= s.ends_on]
    return current[0] if current else (seasons[0] if seasons else None)


def season_bounds(season: Season | None
                  ) -> tuple[datetime.datetime, datetime.datetime] | None:
    """The season's first moment and the moment after its last day (None: no season)."""
    if season is None:
        return None
    zone = timezone.get_current_timezone()
    start = datetime.datetime.combine(season.starts_on, datetime.time.min, tzinfo=zone)
    end = datetime.datetime.combine(season.ends_on + datetime.timedelta(days=1),
                                    datetime.time.min, tzinfo=zone)
    return start, end


_bounds = season_bounds


def _in_season(queryset, season: Season | None, field: str = "finished_at"):
    bounds = _bounds(season)
    if bounds is None:
        return queryset
    return queryset.filter(**{f"{field}__gte": bounds[0], f"{field}__lt": bounds[1]})


def _placings_in(club: Club, season: Season | None):
    placings = Placing.objects.filter(tournament__club=club)
    if season is not None:
        placings = placings.filter(tournament__starts_on__gte=season.starts_on,
                                   tournament__starts_on__lte=season.ends_on)
    return placings


# --------------------------------------------------------------------------- leaderboard


def leaderboard(*, club: Club, season: Season | None) -> dict:
    """The season's leaderboard with the columns the club's admin chose (7 queries): points
    per match won, per day attended (a played match or a chouette evening sat in), and
    per placing."""
    settings = settings_for(club=club)
    rules = pure.SeasonPointRules(
        per_match_win=settings.points_per_match_win,
        per_attendance=settings.points_per_attendance,
        placement_shares=(settings.points_first, settings.points_second, settings.points_third))
    played = _in_season(FinishedMatch.objects.filter(
        club=club, outcome=FinishedMatch.Outcome.PLAYED), season)
    rows: dict[int, dict] = defaultdict(lambda: {"wins": 0, "losses": 0, "days": set(),
                                                 "placings": [], "rated_matches": 0,
                                                 "tournament_wins": 0, "places": 0})
    for a, b, winner, finished_at in played.values_list("player_a_id", "player_b_id",
                                                        "winner_id", "finished_at"):
        day = timezone.localtime(finished_at).date()
        for player in (a, b):
            row = rows[player]
            row["wins" if player == winner else "losses"] += 1
            row["days"].add(day)
    for player, day in _evenings(club, season):  # a chouette evening is attendance too
        rows[player]["days"].add(day)
    rated = _in_season(RatingChange.objects.filter(pool__club=club), season)
    for player, count in rated.values_list("player_id").annotate(n=Count("pk")):
        rows[player]["rated_matches"] = count
    for player, place, field, competition in _placings_in(club, season).values_list(
            "player_id", "place", "field_size", "competition"):
        row = rows[player]
        if competition == "main":
            row["placings"].append(pure.Placing(place, field))
            row["tournament_wins"] += place == 1
        row["places"] += place <= 3
    current = dict(Rating.objects.filter(pool__club=club).values_list("player_id", "rating"))
    names = dict(Player.objects.filter(pk__in=list(rows)).values_list("pk", "name"))
    table = []
    for player, row in rows.items():
        facts = pure.SeasonFacts(row["wins"], len(row["days"]), tuple(row["placings"]))
        rating = current.get(player)
        table.append({
            "player_id": player, "name": names.get(player, "?"),
            "rating": pure.format_rating(rating) if rating is not None else "",
            "rated_matches": row["rated_matches"], "wins": row["wins"],
            "losses": row["losses"], "attendances": len(row["days"]),
            "points": round(pure.season_points(facts, rules), 2),
            "tournament_wins": row["tournament_wins"], "places": row["places"],
            "_rating": rating if rating is not None else float("-inf")})
    table.sort(key=lambda r: (-r["points"], -r["_rating"], r["name"]))
    for rank, row in enumerate(table, start=1):
        row["rank"] = rank
        row["cells"] = [row[key] for key in settings.leaderboard_columns]
        # The page's cells: the rating as a number (localized there), the CSV's as text.
        row["shown_cells"] = [(key, row["_rating"] if key == "rating" and row["rating"] else
                               row[key]) for key in settings.leaderboard_columns]
    columns = [(key, COLUMN_LABELS[key]) for key in settings.leaderboard_columns]
    return {"season": season, "columns": columns, "rows": table,
            "pending": settings.recompute_pending}


def _evenings(club: Club, season: Season | None) -> list[tuple[int, datetime.date]]:
    if season is None:
        return chouette_selectors.evenings_sat_in(club=club, since=datetime.date.min,
                                                  until=datetime.date.max)
    return chouette_selectors.evenings_sat_in(club=club, since=season.starts_on,
                                              until=season.ends_on)


def attendance_version(*, club: Club) -> int | None:
    """The club's latest chouette seat: the leaderboard counts the evenings players sat in,
    which move without a ratings recompute (a new evening, a late joiner), so its cached
    table's key holds this too (one index query)."""
    # Raw, as the player page's versions: 0.27 ms of CPU through the ORM, 0.07 ms raw.
    return version_read("SELECT MAX(s.id) FROM {seats} s WHERE s.session_id IN "
                        "(SELECT x.id FROM {sessions} x WHERE x.club_id = %s)", [club.pk],
                        seats=ChouetteSeat, sessions=ChouetteSession)[0]


# --------------------------------------------------------------------------- master points


def master_points_table(*, club: Club, season: Season | None = None) -> dict:
    """Each player's master points (match wins and placings), highest first (one query)."""
    awards = MasterPointAward.objects.filter(club=club)
    if season is not None:
        awards = awards.filter(tournament__starts_on__gte=season.starts_on,
                               tournament__starts_on__lte=season.ends_on)
    rows = []
    for row in (awards.values("player_id", "player__name")
                .annotate(match=Sum("match_points"), place=Sum("placement_points"),
                          wins=Sum("match_wins"),
                          events=Count("tournament_id", distinct=True))):
        total = row["match"] + row["place"]
        rows.append({"player_id": row["player_id"], "name": row["player__name"],
                     "match_wins": row["wins"], "match_points": round(row["match"], 2),
                     "placement_points": round(row["place"], 2), "total": round(total, 2),
                     "tournaments": row["events"]})
    rows.sort(key=lambda r: (-r["total"], r["name"]))
    for rank, row in enumerate(rows, start=1):
        row["rank"] = rank
    return {"season": season, "rows": rows,
            "pending": settings_for(club=club).recompute_pending}


# --------------------------------------------------------------------------- head-to-head


def head_to_head_table(*, club: Club, player: Player) -> dict:
    """The player's record against each opponent, worst first; the nemesis on top (1 query).
    """
    played = (FinishedMatch.objects.filter(Q(player_a=player) | Q(player_b=player), club=club,
                                           outcome=FinishedMatch.Outcome.PLAYED)
              .select_related("player_a", "player_b"))
    names, matches = {}, []
    for match in played:
        names[match.player_a_id], names[match.player_b_id] = (match.player_a.name,
                                                              match.player_b.name)
        matches.append(pure.FinishedMatch(match.player_a_id, match.player_b_id,
                                          match.winner_id, match.score_a or 0,
                                          match.score_b or 0))
    records = pure.head_to_head(matches).get(player.pk, {})
    rows = [{"opponent_id": opponent, "name": names[opponent], "matches": r.matches,
             "wins": r.wins, "losses": r.losses, "points_for": r.points_for,
             "points_against": r.points_against}
            for opponent, r in records.items()]
    rows.sort(key=lambda r: (r["wins"] - r["losses"], -r["matches"], r["name"]))
    nemesis = rows[0] if rows and rows[0]["losses"] > rows[0]["wins"] else None
    return {"player": player, "rows": rows, "nemesis": nemesis}


# --------------------------------------------------------------------------- a player


def rating_history(*, club: Club, player: Player) -> list[RatingChange]:
    """The player's rated matches in order, with their opponents (one query)."""
    return list(RatingChange.objects.filter(pool__club=club, player=player)
                .select_related("opponent").order_by("finished_at", "match_id"))


def player_series(*, club: Club, player: Player) -> dict:
    """The player's club rating history as one series of ``charts.histories_chart``."""
    settings = settings_for(club=club)
    return {"label": club.name, "start": settings.start_rating,
            "points": [(h.finished_at, h.rating_after, h.won, dot_title(h))
                       for h in rating_history(club=club, player=player)]}


def player_rating(*, club: Club, player: Player) -> dict:
    """Current rating, experience, history and its chart (two queries)."""
    settings = settings_for(club=club)
    rating = Rating.objects.filter(pool__club=club, player=player).first()
    history = rating_history(club=club, player=player)
    current = rating.rating if rating else settings.start_rating
    experience = rating.experience if rating else 0
    points = [(h.finished_at, h.rating_after, h.won, dot_title(h)) for h in history]
    return {"rating": current, "shown": pure.format_rating(current),
            "experience": experience, "provisional": pure.is_provisional(experience),
            "matches": rating.matches if rating else 0, "wins": rating.wins if rating else 0,
            "history": history, "chart": rating_chart(points, start=settings.start_rating),
            "pending": settings.recompute_pending}


def dot_title(change: RatingChange) -> str:
    """A dot's tooltip on the rating chart: in the reader's language and number format."""
    sign = "+" if change.change >= 0 else "−"
    return gettext("%(date)s v %(opponent)s: %(change)s → %(rating)s") % {
        "date": date_format(timezone.localtime(change.finished_at), "SHORT_DATE_FORMAT"),
        "opponent": change.opponent.name,
        "change": sign + number_format(abs(change.change), decimal_pos=2),
        "rating": number_format(change.rating_after, decimal_pos=2)}


def player_placings(*, club: Club, player: Player) -> list[dict]:
    """The player's tournament placings with the master points of each (two queries)."""
    awards = {(a.tournament_id, a.competition): a for a in
              MasterPointAward.objects.filter(club=club, player=player)}
    rows = []
    for placing in (Placing.objects.filter(tournament__club=club, player=player)
                    .select_related("tournament").order_by("-tournament__starts_on")):
        award = awards.get((placing.tournament_id, placing.competition))
        rows.append({"tournament": placing.tournament,
                     "competition": competition_name(placing.competition),
                     "place": place_label(placing.label), "field_size": placing.field_size,
                     "master_points": round(award.match_points + award.placement_points, 2)
                     if award else 0.0})
    return rows


def what_if_for(*, club: Club, a: tuple[float, int], b: tuple[float, int],
                length: int) -> dict:
    """Each side's chance and the rating changes either way, under the club's settings."""
    result = pure.what_if(pure.Standing(*a), pure.Standing(*b), length,
                          settings_for(club=club).as_pure())
    return {"a": a, "b": b, "length": length,
            "chance_a": result.chance_a, "chance_b": result.chance_b,
            "percent_a": f"{100 * result.chance_a:.1f}%",
            "percent_b": f"{100 * result.chance_b:.1f}%",
            "percent_a_value": 100 * result.chance_a, "percent_b_value": 100 * result.chance_b,
            "a_if_a": result.a_wins.change_a, "b_if_a": result.a_wins.change_b,
            "a_if_b": result.b_wins.change_a, "b_if_b": result.b_wins.change_b}


def standing_of(*, club: Club, player: Player) -> tuple[float, int]:
    """A player's (rating, experience) now: the start values before a first rated match."""
    rating = Rating.objects.filter(pool__club=club, player=player).first()
    if rating is None:
        return settings_for(club=club).start_rating, 0
    return rating.rating, rating.experience


# --------------------------------------------------------------------------- live parts


def player_for_page(*, club: Club, player_id: int) -> Player | None:
    """The club's player (None if not a member), with the versions of what a player page
    reads live: ``ledger_as_box``/``ledger_as_member``, their latest chouette ledger rows
    (finishing a game and reversing one both write ledger rows for everyone in it, and
    ledger rows are never changed: ``chouette.services``), and ``records_left``/
    ``records_right``, their latest match records here.

    One raw query: each version is an index seek, but compiling the same query with the
    ORM (four ``Subquery`` annotations) cost more than the whole cached page (measured on
    the seeded club, CPU per call: 1.1 ms with the ORM, 0.07 ms raw, 0.2 ms for a plain
    ``Player.objects.get``)."""
    # MAX(x.id + 0): PostgreSQL's MAX(x.id) walks the table's primary key backwards until a
    # row of the player (the whole ledger for one who never sat in a chouette: 0.9 ms); so
    # it reads the player's rows by their index (0.01 ms).
    latest = "(SELECT MAX(x.id + 0) FROM {{{table}}} x WHERE x.{column} = p.id{extra}) AS {name}"
    versions = ", ".join(latest.format(table=table, column=column, extra=extra, name=name)
                         for table, column, extra, name in (
        ("ledger", "box_id", "", "ledger_as_box"),
        ("ledger", "member_id", "", "ledger_as_member"),
        ("records", "player_left_id", " AND x.club_id = %s", "records_left"),
        ("records", "player_right_id", " AND x.club_id = %s", "records_right")))
    sql = version_sql(f"SELECT p.*, {versions} FROM {{players}} p "
                      "INNER JOIN {members} m ON m.player_id = p.id "
                      "WHERE p.id = %s AND m.club_id = %s",
                      players=Player, members=Membership, ledger=ChouetteLedgerEntry,
                      records=MatchRecord)
    found = list(Player.objects.raw(sql, [club.pk, club.pk, player_id, club.pk]))
    return found[0] if found else None


def chouette_version(player: Player) -> str:
    return f"{player.ledger_as_box or 0}-{player.ledger_as_member or 0}"


def records_version(player: Player) -> str:
    return f"{player.records_left or 0}-{player.records_right or 0}"


def chouette_record(*, club: Club, player: Player) -> dict:
    """The player's chouette record (``chouette.selectors.player_record``, ~8 ms on a big
    club), cached until their ledger moves: the key holds ``chouette_version`` (a player
    from ``player_for_page``). Without the player the record is the same for every member
    who may see it (the chouette gate is the caller's)."""
    key = f"ratings:chouette:{club.pk}:{player.pk}:{chouette_version(player)}"
    record = cache.get(key)
    if record is None:
        record = chouette_selectors.player_record(club=club, player=player)
        record = {"rows": record["rows"], "totals": record["totals"]}
        cache.set(key, record, CACHE_SECONDS)
    return record


def personal_data(*, user, player: Player | None = None) -> dict:
    """A login's data export (accounts.selectors.personal_data_export): their player's
    finished matches and current ratings."""
    if player is None:
        return {"results": [], "ratings": []}
    rows = (FinishedMatch.objects.filter(Q(player_a=player) | Q(player_b=player))
            .select_related("club", "player_a", "player_b", "winner").order_by("finished_at"))
    results = [{"club": row.club.slug, "finished_at": row.finished_at.isoformat(),
                "player_a": row.player_a.name,
                "player_b": row.player_b.name if row.player_b else None,
                "length": row.length, "score_a": row.score_a, "score_b": row.score_b,
                "winner": row.winner.name if row.winner else None, "outcome": row.outcome,
                "source": row.source, "event": row.event} for row in rows]
    ratings = [{"club": slug, "rating": float(value), "experience": experience}
               for slug, value, experience in Rating.objects.filter(player=player)
               .order_by("pool__club__slug")
               .values_list("pool__club__slug", "rating", "experience")]
    return {"results": results, "ratings": ratings}
