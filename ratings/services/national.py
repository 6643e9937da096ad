"""The national list: a federation's pool, replayed in the worker.

The list replays, in the finishing order, every match its policy rates (the federation's
rules, narrowed by the organising club's) where both players played for clubs that were
member clubs on the match day, or that the federation organised; each player by their one
``Player`` row. A change to the finished matches (a new or back-dated result, a correction,
a void, a merge) marks the federation's pool from that place on
(``ratings.services.national_marks``: the row is locked, the earlier mark kept, the task
queued once the transaction commits); the task runs ``national_recompute``, which deletes the
history from the mark, replays from the players' standings just before it and stores the
result: exactly what a replay from scratch gives (same float operations in the same order;
``tests/ratings/test_federation_list.py`` checks it).

Numeric work is on plain tuples, the history goes in by COPY on PostgreSQL (executemany
elsewhere): ``tests/benchmarks/bench_federation_list.py`` measures it.
"""

from __future__ import annotations

import datetime
from collections import defaultdict

from django.db import IntegrityError, connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from federations.core.policy import Facts, Rules, verdict_under
from federations.models import Federation, FederationClub, RatedPolicy
from ratings import core as pure
from ratings.models import Pool, Rating, RatingChange
from ratings.selectors.national import national_rows
from results.models import SOURCE_KINDS, FinishedMatch

from .recompute import BEGINNING, HISTORY_COLUMNS

FEDERATION = Pool.OwnerKind.FEDERATION
#: The first day no membership period reaches (a club that has not left).
NEVER = datetime.date.max


def federation_pool_lock(*, federation_id: int) -> Pool:
    """The federation's pool, made on first use and locked for this transaction (a write
    first, as ``rating_settings_lock``: SQLite takes its write lock before any read)."""
    mine = Pool.objects.filter(owner_kind=FEDERATION, federation_id=federation_id)
    if not mine.update(version=F("version")):
        formula, start = Federation.objects.values_list("formula", "start_rating").get(
            pk=federation_id)
        try:
            with transaction.atomic():
                Pool.objects.create(owner_kind=FEDERATION, federation_id=federation_id,
                                    formula=formula, start_rating=start,
                                    recompute_from_at=BEGINNING[0],
                                    recompute_from_match=BEGINNING[1])
        except IntegrityError:  # made by a concurrent request meanwhile
            mine.update(version=F("version"))
    return mine.get()


def national_recompute_pending() -> list[int]:
    """The federations whose list is marked stale (for the periodic requeue)."""
    return list(Pool.objects.filter(owner_kind=FEDERATION, recompute_from_at__isnull=False)
                .order_by("federation_id").values_list("federation_id", flat=True))


def federations_of_clubs(club_ids) -> list[int]:
    """The federations any of these clubs ever belonged to (a club that left keeps its past
    matches in the list)."""
    return sorted(set(FederationClub.objects.filter(
        club_id__in=[c for c in club_ids if c],
        status__in=[FederationClub.Status.MEMBER, FederationClub.Status.LEFT])
        .values_list("federation_id", flat=True)))


@transaction.atomic
def national_recompute(*, federation_id: int) -> int:
    """Replace the list's history from the mark on and store the standings of the players
    it touched. Returns the number of rated matches replayed (0: nothing pending)."""
    pool = federation_pool_lock(federation_id=federation_id)
    if pool.recompute_from_at is None:
        return 0
    if connection.vendor == "postgresql" and len(connection.atomic_blocks) == 1:
        # The transaction is this replay's alone, and a list a replay can make again: its
        # commit does not wait for the disk (a crash loses it, the mark is kept).
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit = off")
    federation = Federation.objects.get(pk=federation_id)
    at, match_id = pool.recompute_from_at, pool.recompute_from_match
    if (pool.formula, pool.start_rating) != (federation.formula, federation.start_rating):
        at, match_id = BEGINNING  # another formula or start: every row changes
    full = (at, match_id) == BEGINNING
    stale = RatingChange.objects.filter(pool_id=pool.pk)
    if not full:
        stale = stale.filter(finished_at__gte=at).exclude(finished_at=at, match_id__lt=match_id)
    start, removed = ({}, {}) if full else _stale_read(stale)
    stale._raw_delete(stale.db)
    settings = pure.RatingSettings(start_rating=federation.start_rating,
                                   formula=federation.formula)
    matches = national_matches(federation=federation, at=at, match_id=match_id)
    players = {p for m in matches for p in (m[1], m[2])}
    if not full:  # a player with no row from the mark on: their stored rating is current
        start.update({player: (rating, experience) for player, rating, experience in
                      Rating.objects.filter(pool_id=pool.pk, player_id__in=list(
                          players - set(start))).values_list("player_id", "rating",
                                                             "experience")})
    standings, history = pure.replay_flat(matches, settings, start=start)
    rated = len(matches)
    del matches  # the history holds what is still needed
    _history_insert(pool.pk, history)
    _ratings_store(pool.pk, standings, history, removed,
                   None if full else players | set(removed))
    Pool.objects.filter(pk=pool.pk).update(
        recompute_from_at=None, recompute_from_match=None, recomputed_at=timezone.now(),
        formula=federation.formula, start_rating=federation.start_rating,
        version=F("version") + 1)
    return rated


def national_recompute_warm(*, federation_id: int) -> int:
    """``national_recompute``, then today's list read into the cache once the replay is
    committed (the worker's task): the first request after a replay finds the day's
    standings and listing kept (at 500,000 matches their read costs ~0.3 s, ~0.1 s of
    CPU), instead of paying for them."""
    rated = national_recompute(federation_id=federation_id)
    national_rows(federation=Federation.objects.get(pk=federation_id),
                  as_of=timezone.localdate())
    return rated


# --------------------------------------------------------------------------- which matches


def rules_of(row: RatedPolicy | None) -> Rules:
    """A stored policy as the pure rules (none stored: the defaults)."""
    return row.as_rules() if row is not None else Rules()


def member_periods(federation_id: int) -> dict[int, list[tuple[datetime.date, datetime.date]]]:
    """Each club's days as a member: [(joined_on, left_on or NEVER), ...]."""
    periods: dict[int, list] = defaultdict(list)
    for club, joined, left in FederationClub.objects.filter(
            federation_id=federation_id, joined_on__isnull=False,
            status__in=[FederationClub.Status.MEMBER, FederationClub.Status.LEFT]
    ).values_list("club_id", "joined_on", "left_on"):
        periods[club].append((joined, left or NEVER))
    return periods


def _member_on(periods, club_id, day) -> bool:
    return any(joined <= day <= left for joined, left in periods.get(club_id, ()))


def national_matches(*, federation: Federation, at=BEGINNING[0],
                     match_id: int = BEGINNING[1]) -> list[tuple]:
    """The rated matches of the federation's list from the mark on, in finishing order, as
    ``ratings.core.replay_flat`` reads them: ``((id, finished_at), a, b, length, winner)``."""
    periods = member_periods(federation.pk)
    policy = rules_of(RatedPolicy.objects.filter(federation=federation).first())
    narrowings = {club: rules_of(row) for club, row in (
        (row.club_id, row) for row in RatedPolicy.objects.filter(club_id__in=list(periods)))}
    names = dict(federation.club_links.values_list("club_id", "club__name"))
    rows = (FinishedMatch.objects
            .filter(outcome=FinishedMatch.Outcome.PLAYED, player_b__isnull=False)
            .filter(Q(federation_id=federation.pk)
                    | Q(player_a_club_id__in=list(periods), player_b_club_id__in=list(periods)))
            .filter(finished_at__gte=at).exclude(finished_at=at, pk__lt=match_id)
            .order_by("finished_at", "pk")
            .values_list("pk", "player_a_id", "player_b_id", "length", "winner_id",
                         "finished_at", "federation_id", "club_id", "player_a_club_id",
                         "player_b_club_id", "event_kind", "source", "venue", "rated_agreed"))
    decided: dict[tuple, bool] = {}
    matches = []
    append = matches.append
    mine = federation.pk
    # One period per club from a day on (the usual case): the day compared with one date.
    since = {club: spans[0][0] for club, spans in periods.items()
             if len(spans) == 1 and spans[0][1] == NEVER}
    for (pk, a, b, length, winner, finished_at, organiser, club, a_club, b_club, kind, source,
         venue, agreed) in _fetched(rows):
        if organiser != mine:
            day = finished_at.date()
            if not ((since[a_club] <= day if a_club in since
                     else _member_on(periods, a_club, day))
                    and (since[b_club] <= day if b_club in since
                         else _member_on(periods, b_club, day))):
                continue
        key = (kind or SOURCE_KINDS.get(source, source), length, venue, agreed, club)
        rated = decided.get(key)
        if rated is None:
            rated = decided[key] = _rated(key, policy, federation.name,
                                          narrowings.get(club), names.get(club, ""))
        if rated:
            append(((pk, finished_at), a, b, length, winner))
    return matches


def _fetched(rows, chunk: int = 20000):
    """The query's rows, a chunk at a time. On PostgreSQL by a server-side cursor of its own
    with psycopg's compiled loader for ``timestamptz`` (Django's loader is Python code that
    wraps it to set the time zone: half of the reading's time for 500,000 matches); the
    time zone is the connection's, UTC, as Django's."""
    if connection.vendor != "postgresql":
        yield from rows.iterator(chunk_size=chunk)
        return
    from psycopg import adapters, pq
    from psycopg.postgres import types

    sql, params = rows.query.sql_with_params()
    connection.ensure_connection()
    oid = types["timestamptz"].oid
    with connection.connection.cursor(name="national_matches",  # outside a transaction
                                      withhold=connection.get_autocommit()) as cursor:  # too
        cursor.adapters.register_loader(oid, adapters.get_loader(oid, pq.Format.TEXT))
        cursor.itersize = chunk
        cursor.execute(sql, params)
        while batch := cursor.fetchmany(chunk):
            yield from batch


def _rated(key, policy: Rules, owner: str, narrowing: Rules | None, club_name: str) -> bool:
    kind, length, venue, agreed, _club = key
    facts = Facts(kind=kind, outcome="played", finished=True, length=length, venue=venue,
                  rated_agreed=agreed)
    policies = [(policy, owner)] + ([(narrowing, club_name)] if narrowing else [])
    return verdict_under(facts, policies).rated


# --------------------------------------------------------------------------- storing


def _stale_read(stale) -> tuple[dict, dict]:
    """What the rows about to be replaced say: each player's standing just before the mark
    (their first replaced row's "before" values: the "after" values of the row before it,
    the same floats) and the matches and wins they held (to take off the stored counts)."""
    start: dict[int, tuple[float, int]] = {}
    removed: dict[int, list[int]] = {}
    for player, rating, experience, won in stale.order_by("finished_at", "match_id").values_list(
            "player_id", "rating_before", "experience_before", "won").iterator(chunk_size=20000):
        if player not in start:
            start[player] = (rating, experience)
            removed[player] = [0, 0]
        removed[player][0] += 1
        removed[player][1] += won
    return start, removed


def _history_rows(pool_id: int, history, adapt):
    """Two rows per match (``HISTORY_COLUMNS``), from ``replay_flat``'s tuples."""
    for ((pk, finished_at), length, p, winner, w_before, w_exp, w_after, w_exp_after, w_change,
         w_k, loser, l_before, l_exp, l_after, l_exp_after, l_change, l_k) in history:
        when = adapt(finished_at)
        yield (pool_id, pk, winner, loser, when, length, True, w_before, w_after, w_change,
               w_exp, w_exp_after, w_k, p)
        yield (pool_id, pk, loser, winner, when, length, False, l_before, l_after, l_change,
               l_exp, l_exp_after, l_k, p)


#: ``HISTORY_COLUMNS``' types, for a binary COPY.
HISTORY_TYPES = ("int8", "int8", "int8", "int8", "timestamptz", "int2", "bool", "float8",
                 "float8", "float8", "int4", "int4", "float8", "float8")


def _history_insert(pool_id: int, history) -> None:
    """A binary COPY on PostgreSQL (a full replay writes two rows per match: a million for
    500,000 matches; the floats go in as their 8 bytes, so exactly, and the server parses
    no text: ten times less time than a text COPY), one ``executemany`` elsewhere."""
    if not history:
        return
    table = connection.ops.quote_name(RatingChange._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(c) for c in HISTORY_COLUMNS)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN (FORMAT BINARY)"
                                    ) as copy:
                copy.set_types(HISTORY_TYPES)
                for row in _history_rows(pool_id, history, lambda when: when):
                    copy.write_row(row)
            return
        cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES "
                           f"({', '.join(['%s'] * len(HISTORY_COLUMNS))})",
                           _history_rows(pool_id, history,
                                         connection.ops.adapt_datetimefield_value))


def _ratings_store(pool_id: int, standings: dict, history: list, removed: dict,
                   touched: set | None) -> None:
    """Rewrite the rating rows of the players touched (``None``: all of them): their
    standing, and their matches and wins (the stored counts, less the rows replaced, plus
    the rows replayed)."""
    counts: dict[int, list[int]] = {}
    ratings = Rating.objects.filter(pool_id=pool_id)
    if touched is not None:
        ratings = ratings.filter(player_id__in=list(touched))
        for player, matches, wins in ratings.values_list("player_id", "matches", "wins"):
            less = removed.get(player, (0, 0))
            counts[player] = [matches - less[0], wins - less[1]]
    for entry in history:
        winner, loser = entry[3], entry[10]
        won = counts.setdefault(winner, [0, 0])
        won[0] += 1
        won[1] += 1
        counts.setdefault(loser, [0, 0])[0] += 1
    ratings._raw_delete(ratings.db)
    Rating.objects.bulk_create([
        Rating(pool_id=pool_id, player_id=player, rating=standings[player][0],
               experience=standings[player][1], matches=matches, wins=wins)
        for player, (matches, wins) in counts.items() if matches > 0], batch_size=2000)
