"""Writing finished matches: one row per source match, created or updated in place.

Every writer (match records, tournament, ladder and league matches) goes through
:func:`finished_match_record`, which refuses players who are not members of one of the
organiser's member clubs and winners who did not play, and stores the club each player
played for.
"""

import datetime
import json

from django.db import connection, transaction
from django.db.models import DateTimeField, JSONField, Q
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Club, Membership, Player
from clubs.permissions import club_players
from clubs.services.players import PlayerMergeError, player_rows_reassign
from config.texts import StoredText, english, stored
from federations.models import Federation, FederationClub
from federations.selectors import fellow_member_clubs
from games.engine.scoring import MAX_MATCH_LENGTH
from ops.locks import lock_row

from .models import FinishedMatch
from .signals import finished_matches_changed


def _changed(*, club_id: int | None, at: datetime.datetime, match_id: int,
             federation_id: int | None = None, player_club_ids: tuple = ()) -> None:
    """Tell the apps above that the organiser's finished matches changed from this match on
    (in the finishing order); their receivers act once this transaction commits.

    ``club_id`` is the organising club (None when a federation organised it:
    ``federation_id``); ``player_club_ids`` the clubs the two played for (a federation's
    list hears of its member clubs' matches through them)."""
    finished_matches_changed.send(sender=FinishedMatch, club_id=club_id, at=at,
                                  match_id=match_id, federation_id=federation_id,
                                  player_club_ids=tuple(c for c in player_club_ids if c))


def _row_changed(row: FinishedMatch, *, at: datetime.datetime | None = None) -> None:
    _changed(club_id=row.club_id, at=at or row.finished_at, match_id=row.pk,
             federation_id=row.federation_id,
             player_club_ids=(row.player_a_club_id, row.player_b_club_id))


class FinishedMatchError(ValueError):
    """A finished match that cannot be stored as given."""


def organiser_member_clubs(*, club: Club | None = None, federation: Federation | None = None,
                           on: datetime.date | None = None) -> list[Club]:
    """The clubs whose members may play under this organiser: a club's own members; a
    federation's member clubs on the day ``on`` (today when not given)."""
    if federation is None:
        return [club]
    day = on or datetime.date.today()
    return list(Club.objects.filter(federation_links__in=FederationClub.objects.filter(
        federation=federation).members_on(day)).distinct().order_by("name"))


def club_visiting_clubs(*, club: Club) -> list[int]:
    """The clubs whose members may visit a club's events: the other current member clubs
    of the federations the club is a current member of. A visitor plays for their own club
    (``player_b_club``) under the visited club as organiser; they become no member of it."""
    return fellow_member_clubs(club=club)


def _players_clubs(clubs: list[Club], players: list[Player],
                   chosen: list[Club | None]) -> list[Club]:
    """The club each player played for: the one given (one of ``clubs``), else the first of
    ``clubs`` where they are a member, a current membership before an ended one.

    Members past or present: a result is history, and a ruling or a correction after a
    player left the club must still land (the writes that start a match ask for current
    members: the upload, the entry, the ladder, the league)."""
    by_id = {club.pk: club for club in clubs}
    for club in chosen:
        if club is not None and club.pk not in by_id:
            raise FinishedMatchError(gettext("%(club)s is not a club of this match's "
                                             "organiser.") % {"club": club})
    held: dict[int, list[tuple[bool, int]]] = {}
    for player_id, club_id, active in Membership.objects.filter(
            player__in=players, club__in=list(by_id)).values_list(
            "player_id", "club_id", "is_active"):
        held.setdefault(player_id, []).append((not active, club_id))
    found = []
    for player, club in zip(players, chosen, strict=False):
        options = sorted(held.get(player.pk, []), key=lambda o: (o[0], list(by_id).index(o[1])))
        ids = [club_id for _, club_id in options if club is None or club_id == club.pk]
        if not ids:  # the one sentence for a non-member, naming the club asked about
            club_players(club=club or clubs[0], players=[player], past_too=True,
                         error=FinishedMatchError)
        found.append(by_id[ids[0]])
    return found


@transaction.atomic
def finished_match_record(
    *, club: Club | None = None, source: str, source_id: int, player_a: Player,
    player_b: Player | None,
    length: int, winner: Player | None, finished_at: datetime.datetime,
    score_a: int | None = None, score_b: int | None = None,
    outcome: str = FinishedMatch.Outcome.PLAYED, event: str | StoredText = "",
    player_a_club: Club | None = None, player_b_club: Club | None = None,
    federation: Federation | None = None, venue: str = FinishedMatch.Venue.BOARD,
    rated_agreed: bool = False, event_kind: str = "",
) -> FinishedMatch:
    """Create or update the row of one source match (a correction updates it in place).

    ``club`` or ``federation`` (exactly one) organises the match; each player plays for
    ``player_a_club``/``player_b_club`` when given (one of the organiser's member clubs),
    else for the member club where they are a member. ``event`` is a plain name or a
    sentence to translate wherever it is shown."""
    if (club is None) == (federation is None):
        raise FinishedMatchError(gettext("A match has one organiser: a club or a federation."))
    if venue not in FinishedMatch.Venue.values:
        raise FinishedMatchError(gettext("Unknown venue %(venue)r.") % {"venue": venue})
    if source not in FinishedMatch.Source.values:
        raise FinishedMatchError(gettext("Unknown source %(source)r.") % {"source": source})
    if outcome not in FinishedMatch.Outcome.values:
        raise FinishedMatchError(gettext("Unknown outcome %(outcome)r.")
                                 % {"outcome": outcome})
    players = [p for p in (player_a, player_b) if p is not None]
    if player_b is not None and player_a.pk == player_b.pk:
        raise FinishedMatchError(gettext("A match needs two different players."))
    if outcome != FinishedMatch.Outcome.VOID and (winner is None or winner.pk not in
                                                   {p.pk for p in players}):
        raise FinishedMatchError(gettext("The winner must be one of the two players."))
    if not 1 <= length <= MAX_MATCH_LENGTH:
        raise FinishedMatchError(gettext("A match length is 1 to %(most)s points, not "
                                         "%(length)s.") % {"most": MAX_MATCH_LENGTH,
                                                           "length": length})
    member_clubs = organiser_member_clubs(club=club, federation=federation,
                                          on=finished_at.date())
    if not member_clubs:
        raise FinishedMatchError(gettext("%(federation)s had no member clubs on %(day)s.")
                                 % {"federation": federation, "day": finished_at.date()})
    clubs = _players_clubs(member_clubs, players, [player_a_club, player_b_club])
    kind = (FinishedMatch.OrganiserKind.CLUB if federation is None
            else FinishedMatch.OrganiserKind.FEDERATION)
    values = {
        "organiser_kind": kind, "club": club, "federation": federation,
        "venue": venue, "rated_agreed": rated_agreed, "event_kind": event_kind,
        "player_a": player_a, "player_b": player_b, "length": length,
        "player_a_club": clubs[0], "player_b_club": clubs[1] if player_b else None,
        "winner": None if outcome == FinishedMatch.Outcome.VOID else winner,
        "score_a": score_a, "score_b": score_b, "finished_at": finished_at,
        "outcome": outcome, "event": english(event)[:200], "event_message": stored(event),
    }
    row = lock_row(FinishedMatch, missing_ok=True, source=source, source_id=source_id)
    if row is None:
        row = FinishedMatch.objects.create(source=source, source_id=source_id, **values)
        _row_changed(row)
        return row
    before = (row.club_id, row.federation_id, row.player_a_club_id, row.player_b_club_id)
    before_at = row.finished_at
    for field, value in values.items():
        setattr(row, field, value)
    row.save()
    if before != (row.club_id, row.federation_id, row.player_a_club_id, row.player_b_club_id):
        _changed(club_id=before[0], at=before_at, match_id=row.pk, federation_id=before[1],
                 player_club_ids=before[2:])
    _row_changed(row, at=min(before_at, row.finished_at))
    return row


@transaction.atomic
def finished_match_void(*, source: str, source_id: int) -> FinishedMatch | None:
    """Mark a source match's row void (kept, never deleted); None when it has no row."""
    row = lock_row(FinishedMatch, missing_ok=True, source=source, source_id=source_id)
    if row is not None and row.outcome != FinishedMatch.Outcome.VOID:
        row.outcome, row.winner = FinishedMatch.Outcome.VOID, None
        row.save(update_fields=["outcome", "winner", "updated_at"])
        _row_changed(row)
    return row


@transaction.atomic
def finished_matches_reassign(*, dropped: Player, kept: Player) -> int:
    """The dropped player's finished matches become the kept one's (a merge of two rows of
    one person); the lists above replay each organiser's matches from the earliest one
    touched. Refused where the two played each other: one person does not."""
    touched = FinishedMatch.objects.select_for_update().filter(
        Q(player_a=dropped) | Q(player_b=dropped))
    if touched.filter(Q(player_a=kept) | Q(player_b=kept)).exists():
        raise PlayerMergeError(gettext("%(one)s and %(other)s played each other: they are two "
                                       "people.") % {"one": dropped.name, "other": kept.name})
    earliest: dict[tuple, tuple] = {}
    for *key, at, pk in touched.values_list("club_id", "federation_id", "player_a_club_id",
                                            "player_b_club_id", "finished_at", "pk"):
        earliest[tuple(key)] = min(earliest.get(tuple(key), (at, pk)), (at, pk))
    moved = player_rows_reassign(app_label="results", dropped=dropped, kept=kept)
    for (club_id, federation_id, *player_clubs), (at, pk) in earliest.items():
        _changed(club_id=club_id, at=at, match_id=pk, federation_id=federation_id,
                 player_club_ids=tuple(player_clubs))
    return moved


@transaction.atomic
def finished_matches_import(*, club: Club, rows: list[dict], batch: int = 2000) -> int:
    """Many results of one club's past at once (``imports``): each row a dict of
    ``source_id`` (the import's row), ``player_a``, ``player_b``, ``winner`` (player ids),
    ``length``, ``score_a``, ``score_b``, ``finished_at``, ``event``, ``event_kind``,
    ``rated_agreed``, and optionally ``player_a_club``, ``player_b_club`` (club ids: ``club``
    when not given, else a visitor's own club, one of ``club_visiting_clubs``). The checks
    of :func:`finished_match_record` in bulk (each player a member, past or present, of the
    club they played for; the winner one of them); a row already stored for its source is
    kept as it is. One change from the earliest row: the lists replay once. Returns the
    number of rows stored."""
    source = FinishedMatch.Source.IMPORT
    wanted = [r["source_id"] for r in rows]
    stored_ids = set()
    for start in range(0, len(wanted), 900):  # SQLite's bound on a query's parameters
        stored_ids.update(FinishedMatch.objects.filter(
            source=source, source_id__in=wanted[start:start + 900]).values_list(
            "source_id", flat=True))
    fresh = [r for r in rows if r["source_id"] not in stored_ids]
    _played_for_check(club, fresh)
    made = []
    for r in fresh:
        if r["player_a"] == r["player_b"]:
            raise FinishedMatchError(gettext("A match needs two different players."))
        if r["winner"] not in (r["player_a"], r["player_b"]):
            raise FinishedMatchError(gettext("The winner must be one of the two players."))
        if not 1 <= r["length"] <= MAX_MATCH_LENGTH:
            raise FinishedMatchError(gettext("A match length is 1 to %(most)s points, not "
                                             "%(length)s.") % {"most": MAX_MATCH_LENGTH,
                                                               "length": r["length"]})
        made.append(FinishedMatch(
            organiser_kind=FinishedMatch.OrganiserKind.CLUB, club=club, source=source,
            source_id=r["source_id"], player_a_id=r["player_a"], player_b_id=r["player_b"],
            player_a_club_id=r.get("player_a_club", club.pk),
            player_b_club_id=r.get("player_b_club", club.pk), winner_id=r["winner"],
            length=r["length"],
            score_a=r["score_a"], score_b=r["score_b"], finished_at=r["finished_at"],
            event=r["event"][:200], event_kind=r["event_kind"],
            rated_agreed=r["rated_agreed"]))
    _insert_many(made, batch)
    if made:
        first = FinishedMatch.objects.filter(club=club, finished_at=min(
            m.finished_at for m in made)).order_by("pk").first()
        _row_changed(first)
    return len(made)


def _played_for_check(club: Club, rows: list[dict]) -> None:
    """Each row's players members (past or present) of the clubs they played for: the
    organiser, or a visitor's own club among ``club_visiting_clubs``."""
    pairs = {(r[f"player_{side}"], r.get(f"player_{side}_club", club.pk))
             for r in rows for side in "ab"}
    if not pairs:
        return
    clubs = {c for _, c in pairs}
    if strangers := clubs - {club.pk, *club_visiting_clubs(club=club)}:
        raise FinishedMatchError(gettext("%(club)s is not a club of this match's organiser.")
                                 % {"club": Club.objects.get(pk=min(strangers))})
    # the clubs' whole rolls: a few thousand rows, never a query over every player named
    held = set(Membership.objects.filter(club_id__in=clubs).values_list("player_id",
                                                                         "club_id"))
    if missing := sorted(pairs - held):
        player, played_for = missing[0]
        club_players(club=played_for, players=[player], past_too=True,
                     error=FinishedMatchError)


def _insert_many(rows: list[FinishedMatch], batch: int) -> None:
    """``bulk_create`` without the ORM's SQL compiler: INSERTs of many rows each, their
    values read straight from the models. Measured on 10,000 imported rows (SQLite, a busy
    machine): 10 s through ``bulk_create`` (its compiler prepares each of the 22 values of
    each row), 1.5 s so; on PostgreSQL one statement per ``batch`` rows saves the round
    trips of a run over single rows. The rows are valid models: the database's
    constraints hold them as they hold any other writer's."""
    if not rows:
        return
    now = timezone.now()
    fields = [f for f in FinishedMatch._meta.concrete_fields if not f.primary_key]
    adapt = connection.ops.adapt_datetimefield_value
    dated = {f.attname for f in fields if isinstance(f, DateTimeField)}
    jsons = {f.attname for f in fields if isinstance(f, JSONField)}
    values = []
    for row in rows:
        row.created_at = row.updated_at = now
        values.append([adapt(getattr(row, name)) if name in dated
                       else json.dumps(getattr(row, name)) if name in jsons
                       else getattr(row, name) for name in (f.attname for f in fields)])
    most = connection.features.max_query_params
    per = max(1, min(batch, most // len(fields))) if most else batch
    quote = connection.ops.quote_name
    head = (f"INSERT INTO {quote(FinishedMatch._meta.db_table)} "
            f"({', '.join(quote(f.column) for f in fields)}) VALUES ")
    one = f"({', '.join(['%s'] * len(fields))})"
    with connection.cursor() as cursor:
        for start in range(0, len(values), per):
            chunk = values[start:start + per]
            cursor.execute(head + ", ".join([one] * len(chunk)),
                           [value for line in chunk for value in line])
