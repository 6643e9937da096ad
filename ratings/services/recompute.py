"""The recompute: what the task ``ratings_recompute_task`` runs.

The stored ratings follow ``ratings.core.history``'s incremental recipe: a change to the
club's finished matches marks the first affected place in the finishing order
(``ratings.services.updates.ratings_recompute_request``); the task then runs
``ratings_recompute``, which replaces the history from that place on and rebuilds the rating
list and the master points. Running it twice does nothing more (the marker is cleared in the
same transaction), so redelivery is harmless.

This module sends no task (the tasks module imports it): what marks and queues a recompute
is in ``updates``.
"""

from __future__ import annotations

import datetime
from collections import defaultdict

from django.core.cache import cache
from django.db import IntegrityError, connection, transaction
from django.db.models import Count, F, OuterRef, Q, Subquery
from django.utils import timezone

from ratings import core as pure
from ratings.models import MasterPointAward, Pool, Rating, RatingChange, RatingSettings
from ratings.selectors import settings_key
from results.models import FinishedMatch
from tournaments.models import Placing, Tournament, TournamentMatch
from tournaments.services.options import master_point_weights

#: Before every match: the marker of a full recompute (a policy change).
BEGINNING = (datetime.datetime(1900, 1, 1, tzinfo=datetime.UTC), 0)





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
        settings_cache_forget(club_id)
    return RatingSettings.objects.get(club_id=club_id)


def settings_cache_forget(club_id: int) -> None:
    """The pages read the settings through the cache: drop it now (for this transaction's
    own reads) and again once the write commits (a read in between may have cached the
    committed, older row)."""
    cache.delete(settings_key(club_id))
    transaction.on_commit(lambda: cache.delete(settings_key(club_id)))




def club_pool(*, club_id: int) -> Pool:
    """The club's rating list (its pool), made on first use."""
    pool = Pool.objects.filter(owner_kind=Pool.OwnerKind.CLUB, club_id=club_id).first()
    if pool is None:
        try:
            with transaction.atomic():
                pool = Pool.objects.create(owner_kind=Pool.OwnerKind.CLUB, club_id=club_id)
        except IntegrityError:  # made by a concurrent recompute meanwhile
            pool = Pool.objects.get(owner_kind=Pool.OwnerKind.CLUB, club_id=club_id)
    return pool


def ratings_recompute_pending() -> list[int]:
    """The clubs whose ratings are marked stale: their recompute's message may have been
    lost (the broker down when the mark was made, or a data migration that marked them);
    ``ratings_recompute_requeue_task`` sends them again (a recompute is idempotent)."""
    return list(RatingSettings.objects.filter(recompute_from_at__isnull=False)
                .order_by("club_id").values_list("club_id", flat=True))


@transaction.atomic
def ratings_recompute(*, club_id: int) -> int:
    """Replace the history from the marked match on; rebuild the list and master points.

    Returns the number of rated matches replayed (0 when nothing was pending)."""
    row = rating_settings_lock(club_id=club_id)
    if row.recompute_from_at is None:
        return 0
    at, match_id = row.recompute_from_at, row.recompute_from_match
    pool_id = club_pool(club_id=club_id).pk
    RatingChange.objects.filter(pool_id=pool_id).filter(
        Q(finished_at__gt=at) | Q(finished_at=at, match_id__gte=match_id)).delete()
    settings = row.as_pure()
    matches = _rated_matches(club_id, settings, at, match_id)
    result = pure.replay(matches.values(), settings, start=_snapshot(pool_id))
    _history_insert(pool_id, result.history)
    _rating_list_store(pool_id, result.standings)
    master_points_store(club_id=club_id)
    row.recompute_from_at = row.recompute_from_match = None
    row.recomputed_at = timezone.now()
    row.version += 1
    row.save(update_fields=["recompute_from_at", "recompute_from_match", "recomputed_at",
                            "version"])
    settings_cache_forget(club_id)
    return len(matches)


def _facts(source: str, outcome: str, length: int) -> pure.MatchFacts:
    return pure.MatchFacts(source=pure.SourceKind(source), played=outcome == "played",
                           finished=True, length=length)


def _rated_matches(club_id, settings, at, match_id) -> dict[int, pure.RatedMatch]:
    """The rated matches the club organised from the mark on, in finishing order, by id
    (the club's pool: a federation's pool will read its member clubs' matches)."""
    rows = (FinishedMatch.objects.filter(club_id=club_id, outcome=FinishedMatch.Outcome.PLAYED)
            .filter(Q(finished_at__gt=at) | Q(finished_at=at, pk__gte=match_id))
            .order_by("finished_at", "pk")
            .values_list("pk", "player_a_id", "player_b_id", "length", "winner_id", "source",
                         "finished_at", "rated_agreed"))
    matches = {}
    for pk, a, b, length, winner, source, finished_at, agreed in rows:
        if source == FinishedMatch.Source.IMPORT:
            # an imported result counts as the club's list counted it then (its "rated"
            # column, kept as ``rated_agreed``: imports.services)
            rated = agreed and length >= 1
        else:
            rated = pure.is_rated(_facts(source, "played", length), settings.policy)
        if rated:
            matches[pk] = pure.RatedMatch(a, b, length, winner, key=(pk, finished_at))
    return matches


def _snapshot(pool_id: int) -> dict[int, tuple[float, int]]:
    """Each rated player's standing after their latest remaining history row."""
    latest = (RatingChange.objects.filter(pool_id=pool_id, player_id=OuterRef("player_id"))
              .order_by("-finished_at", "-match_id").values("pk")[:1])
    last_rows = Rating.objects.filter(pool_id=pool_id).annotate(last=Subquery(latest))
    ids = [pk for pk in last_rows.values_list("last", flat=True) if pk is not None]
    return {player: (rating, experience) for player, rating, experience in
            RatingChange.objects.filter(pk__in=ids).values_list(
                "player_id", "rating_after", "experience_after")}


HISTORY_COLUMNS = ("pool_id", "match_id", "player_id", "opponent_id", "finished_at", "length",
                   "won", "rating_before", "rating_after", "change", "experience_before",
                   "experience_after", "k", "p")


def _history_insert(pool_id: int, history) -> None:
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
            rows.append((pool_id, pk, line.player, opponent, when, entry.length, won,
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


def _rating_list_store(pool_id: int, standings: dict) -> None:
    counts = {r["player_id"]: r for r in RatingChange.objects.filter(pool_id=pool_id)
              .values("player_id").annotate(n=Count("pk"), w=Count("pk", filter=Q(won=True)))}
    Rating.objects.filter(pool_id=pool_id).delete()
    Rating.objects.bulk_create([
        Rating(pool_id=pool_id, player_id=player, rating=standing.rating,
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
