"""Writes for ratings: the club's settings, the recompute marker and the recompute itself.

The stored ratings follow ``ratings.core.history``'s incremental recipe: a change to the
club's finished matches marks the first affected place in the finishing order
(``ratings_recompute_request``, called after commit by ``results.services``); the task
``ratings_recompute_task`` then runs ``ratings_recompute``, which replaces the history from
that place on and rebuilds the rating list and the master points. Running it twice does
nothing more (the marker is cleared in the same transaction), so redelivery is harmless.
"""

from __future__ import annotations

import datetime
from collections import defaultdict

from django.core.cache import cache
from django.db import IntegrityError, connection, transaction
from django.db.models import Count, F, OuterRef, Q, Subquery
from django.utils import timezone

from clubs.models import Club, Membership
from ratings import core as pure
from ratings.models import MasterPointAward, Rating, RatingChange, RatingSettings, Season
from ratings.selectors import settings_key
from results.models import FinishedMatch
from tournaments.models import Placing, Tournament, TournamentMatch
from tournaments.services.options import master_point_weights

#: Before every match: the marker of a full recompute (a policy change).
BEGINNING = (datetime.datetime(1900, 1, 1, tzinfo=datetime.UTC), 0)

SETTING_FIELDS = ("start_rating", "experience_ramp", "ramp_counts_current_match",
                  "rate_one_point", "rate_ladder", "rate_friendly", "points_per_match_win",
                  "points_per_attendance", "points_first", "points_second", "points_third",
                  "leaderboard_columns")
#: Settings that change which matches count or how: a full recompute.
RATING_FIELDS = set(SETTING_FIELDS[:6])


class RatingSettingsError(ValueError):
    """Settings the club cannot have."""


def rating_settings_lock(*, club_id: int) -> RatingSettings:
    """The club's settings row, created if needed and locked for this transaction.

    The lock is a write (an UPDATE that changes nothing) and comes first: on PostgreSQL it
    holds the row like ``select_for_update``; on SQLite it takes the write lock before any
    read, since a transaction that read first and writes later fails at once with
    "database is locked" when another one committed in between."""
    if not RatingSettings.objects.filter(club_id=club_id).update(version=F("version")):
        try:
            with transaction.atomic():
                RatingSettings.objects.create(club_id=club_id)
        except IntegrityError:  # created by a concurrent request meanwhile
            RatingSettings.objects.filter(club_id=club_id).update(version=F("version"))
        _forget(club_id)
    return RatingSettings.objects.get(club_id=club_id)


def _forget(club_id: int) -> None:
    """The pages read the settings through the cache: drop it now (for this transaction's
    own reads) and again once the write commits (a read in between may have cached the
    committed, older row)."""
    cache.delete(settings_key(club_id))
    transaction.on_commit(lambda: cache.delete(settings_key(club_id)))


@transaction.atomic
def rating_settings_update(*, club: Club, **values) -> RatingSettings:
    """Change the club's settings; a rating setting marks a full recompute."""
    unknown = set(values) - set(SETTING_FIELDS)
    if unknown:
        raise RatingSettingsError(f"Unknown setting(s): {', '.join(sorted(unknown))}.")
    columns = values.get("leaderboard_columns")
    if columns is not None and (not columns or set(columns) - set(RatingSettings.Column.values)):
        raise RatingSettingsError("Choose one or more of the leaderboard columns offered.")
    row = rating_settings_lock(club_id=club.pk)
    changed = {name for name, value in values.items() if getattr(row, name) != value}
    for name in changed:
        setattr(row, name, values[name])
    row.version += 1
    row.save()
    _forget(club.pk)
    if changed & RATING_FIELDS:
        ratings_recompute_request(club_id=club.pk, from_at=BEGINNING[0],
                                  from_match_id=BEGINNING[1])
        row.refresh_from_db()
    return row


def ratings_recompute_request(*, club_id: int, from_at: datetime.datetime,
                              from_match_id: int) -> None:
    """Mark the club's ratings stale from this place in the finishing order on (keeping an
    earlier mark), and queue the recompute once the transaction commits."""
    with transaction.atomic():
        row = rating_settings_lock(club_id=club_id)
        mark = (from_at, from_match_id)
        if row.recompute_from_at is None or mark < (row.recompute_from_at,
                                                    row.recompute_from_match):
            row.recompute_from_at, row.recompute_from_match = mark
            row.save(update_fields=["recompute_from_at", "recompute_from_match"])
            _forget(club_id)
        transaction.on_commit(lambda: _enqueue(club_id))


def _enqueue(club_id: int) -> None:
    # Imported here: the tasks module imports this one (tasks call services).
    from ratings.tasks import ratings_recompute_task

    ratings_recompute_task.delay(club_id)


@transaction.atomic
def ratings_recompute(*, club_id: int) -> int:
    """Replace the history from the marked match on; rebuild the list and master points.

    Returns the number of rated matches replayed (0 when nothing was pending)."""
    row = rating_settings_lock(club_id=club_id)
    if row.recompute_from_at is None:
        return 0
    at, match_id = row.recompute_from_at, row.recompute_from_match
    RatingChange.objects.filter(club_id=club_id).filter(
        Q(finished_at__gt=at) | Q(finished_at=at, match_id__gte=match_id)).delete()
    settings = row.as_pure()
    matches = _rated_matches(club_id, settings, at, match_id)
    result = pure.replay(matches.values(), settings, start=_snapshot(club_id))
    _history_insert(club_id, result.history)
    _rating_list_store(club_id, result.standings)
    master_points_store(club_id=club_id)
    row.recompute_from_at = row.recompute_from_match = None
    row.recomputed_at = timezone.now()
    row.version += 1
    row.save(update_fields=["recompute_from_at", "recompute_from_match", "recomputed_at",
                            "version"])
    _forget(club_id)
    return len(matches)


def _facts(source: str, outcome: str, length: int) -> pure.MatchFacts:
    return pure.MatchFacts(source=pure.SourceKind(source), played=outcome == "played",
                           finished=True, length=length)


def _rated_matches(club_id, settings, at, match_id) -> dict[int, pure.RatedMatch]:
    """The club's rated matches from the mark on, in finishing order, by id."""
    rows = (FinishedMatch.objects.filter(club_id=club_id, outcome=FinishedMatch.Outcome.PLAYED)
            .filter(Q(finished_at__gt=at) | Q(finished_at=at, pk__gte=match_id))
            .order_by("finished_at", "pk")
            .values_list("pk", "player_a_id", "player_b_id", "length", "winner_id", "source",
                         "finished_at"))
    matches = {}
    for pk, a, b, length, winner, source, finished_at in rows:
        if pure.is_rated(_facts(source, "played", length), settings.policy):
            matches[pk] = pure.RatedMatch(a, b, length, winner, key=(pk, finished_at))
    return matches


def _snapshot(club_id: int) -> dict[int, tuple[float, int]]:
    """Each rated player's standing after their latest remaining history row."""
    latest = (RatingChange.objects.filter(club_id=club_id, player_id=OuterRef("player_id"))
              .order_by("-finished_at", "-match_id").values("pk")[:1])
    last_rows = Rating.objects.filter(club_id=club_id).annotate(last=Subquery(latest))
    ids = [pk for pk in last_rows.values_list("last", flat=True) if pk is not None]
    return {player: (rating, experience) for player, rating, experience in
            RatingChange.objects.filter(pk__in=ids).values_list(
                "player_id", "rating_after", "experience_after")}


HISTORY_COLUMNS = ("club_id", "match_id", "player_id", "opponent_id", "finished_at", "length",
                   "won", "rating_before", "rating_after", "change", "experience_before",
                   "experience_after", "k", "p")


def _history_insert(club_id: int, history) -> None:
    """Insert the history rows with one ``executemany``: a full recompute writes ~37,000
    rows, and building model instances for ``bulk_create`` took twice the replay's time
    (measured on the seeded club: 3.9 s in all with ``bulk_create``)."""
    adapt = connection.ops.adapt_datetimefield_value
    rows = []
    for entry in history:
        pk, finished_at = entry.key
        when = adapt(finished_at)
        for line, opponent, won in ((entry.winner, entry.loser.player, True),
                                    (entry.loser, entry.winner.player, False)):
            rows.append((club_id, pk, line.player, opponent, when, entry.length, won,
                         line.rating_before, line.rating_after, line.change,
                         line.experience_before, line.experience_after, line.k, entry.p))
    if not rows:
        return
    quote = connection.ops.quote_name
    sql = (f"INSERT INTO {quote(RatingChange._meta.db_table)} "
           f"({', '.join(quote(c) for c in HISTORY_COLUMNS)}) "
           f"VALUES ({', '.join(['%s'] * len(HISTORY_COLUMNS))})")
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


def _rating_list_store(club_id: int, standings: dict) -> None:
    counts = {r["player_id"]: r for r in RatingChange.objects.filter(club_id=club_id)
              .values("player_id").annotate(n=Count("pk"), w=Count("pk", filter=Q(won=True)))}
    Rating.objects.filter(club_id=club_id).delete()
    Rating.objects.bulk_create([
        Rating(club_id=club_id, player_id=player, rating=standing.rating,
               experience=standing.experience, matches=counts[player]["n"],
               wins=counts[player]["w"])
        for player, standing in standings.items() if player in counts])


# --------------------------------------------------------------------------- master points


def _weight(options: dict, competition: str) -> float:
    weights = master_point_weights(options or {})
    return weights["event"] * weights.get(competition, weights["main"])


def master_points_store(*, club_id: int) -> int:
    """Rewrite the club's master point awards from its tournament results and placings."""
    tournaments = {t.pk: t for t in Tournament.objects.filter(club_id=club_id)
                   .only("pk", "options")}
    flights = dict(TournamentMatch.objects.filter(tournament__club_id=club_id)
                   .values_list("pk", "flight"))
    where = dict(TournamentMatch.objects.filter(tournament__club_id=club_id)
                 .values_list("pk", "tournament_id"))
    awards: dict[tuple, dict] = defaultdict(lambda: {"wins": 0, "match": 0.0, "place": 0.0,
                                                     "rank": None})
    won = FinishedMatch.objects.filter(club_id=club_id, source=FinishedMatch.Source.TOURNAMENT,
                                       outcome=FinishedMatch.Outcome.PLAYED)
    for source_id, winner, length in won.values_list("source_id", "winner_id", "length"):
        if source_id not in where:
            continue
        tournament, flight = where[source_id], flights[source_id]
        award = awards[(tournament, _competition(flight), winner)]
        award["wins"] += 1
        award["match"] += pure.match_win_points(
            length, _weight(tournaments[tournament].options, _competition(flight)))
    placings = Placing.objects.filter(tournament__club_id=club_id).values_list(
        "tournament_id", "competition", "player_id", "place", "shared", "field_size")
    for tournament, competition, player, place, shared, field in placings:
        if _is_group(competition):
            continue
        award = awards[(tournament, competition, player)]
        award["rank"] = place
        award["place"] = pure.placement_points(
            field, place, _weight(tournaments[tournament].options, competition), tied=shared)
    MasterPointAward.objects.filter(club_id=club_id).delete()
    MasterPointAward.objects.bulk_create([
        MasterPointAward(club_id=club_id, tournament_id=t, competition=c, player_id=p,
                         match_wins=a["wins"], match_points=a["match"],
                         placement_points=a["place"], place=a["rank"])
        for (t, c, p), a in awards.items()])
    return len(awards)


def _competition(flight: str) -> str:
    """The competition a match's wins count in: a double elimination's losers' bracket is
    part of the one main event (main weight), and so are a group stage's groups."""
    return flight if flight in ("main", "consolation", "last_chance") else "main"


def _is_group(competition: str) -> bool:
    """A group's standings ("group A", ...) are not a final placing: no placement points
    (the knockout after the groups is a tournament of its own, with its own placings)."""
    return competition.startswith("group ")


def ratings_names_changed(*, player_id: int) -> None:
    """A player's name changed: a new version of the cached tables of each of their clubs
    (names are in them). Nothing is recomputed."""
    clubs = list(Membership.objects.filter(player_id=player_id)
                 .values_list("club_id", flat=True))
    if RatingSettings.objects.filter(club_id__in=clubs).update(version=F("version") + 1):
        for club_id in clubs:
            _forget(club_id)


# --------------------------------------------------------------------------- seasons


def season_create(*, club: Club, name: str, starts_on: datetime.date,
                  ends_on: datetime.date) -> Season:
    if ends_on < starts_on:
        raise RatingSettingsError("A season ends on or after the day it starts.")
    if Season.objects.filter(club=club, name=name).exists():
        raise RatingSettingsError(f"{club} already has a season called {name!r}.")
    season = Season.objects.create(club=club, name=name, starts_on=starts_on, ends_on=ends_on)
    RatingSettings.objects.filter(club=club).update(version=F("version") + 1)
    _forget(club.pk)
    return season
