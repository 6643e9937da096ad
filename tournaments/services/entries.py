"""Events and entries: create, open registration, enter members and guests, seed, and
close the entries at the start (withdrawals: ``withdrawal.py``)."""

import datetime
import random
import secrets

from django.db import transaction
from django.utils.formats import date_format
from django.utils.translation import gettext

from clubs.models import Club, Player
from clubs.permissions import club_players
from clubs.services import MembershipError, player_join
from tournaments.models import Entry, Tournament

from .errors import TournamentError, lock
from .options import tournament_options

Status = Tournament.Status


@transaction.atomic
def tournament_create(*, club: Club, name: str, starts_on: datetime.date,
                      format: str = Tournament.Format.SINGLE, options: dict | None = None,
                      seeding: str = Tournament.Seeding.ORDER, created_by=None) -> Tournament:
    name = (name or "").strip()
    if not name:
        raise TournamentError(gettext("A tournament needs a name."))
    if format not in Tournament.Format.values:
        raise TournamentError(gettext("Unknown format %(format)s.") % {"format": repr(format)})
    if seeding not in Tournament.Seeding.values:
        raise TournamentError(gettext("Unknown seeding %(seeding)s.") % {
            "seeding": repr(seeding)})
    if Tournament.objects.filter(club=club, name=name, starts_on=starts_on).exists():
        raise TournamentError(gettext("%(club)s already has %(name)s on %(date)s.") % {
            "club": club, "name": repr(name), "date": date_format(starts_on)})
    checked = tournament_options(format=format, options=options or {})
    return Tournament.objects.create(club=club, name=name, starts_on=starts_on, format=format,
                                     options=checked, seeding=seeding, created_by=created_by)


@transaction.atomic
def tournament_open_registration(*, tournament: Tournament) -> Tournament:
    tournament = lock(tournament.pk)
    if tournament.status != Status.DRAFT:
        raise TournamentError(gettext("Registration opens only from a draft."))
    tournament.status = Status.REGISTRATION
    tournament.save(update_fields=["status"])
    return tournament


def _open_for_entries(tournament: Tournament) -> None:
    if tournament.status not in (Status.DRAFT, Status.REGISTRATION):
        raise TournamentError(gettext("Entries are closed: the tournament has started."))


@transaction.atomic
def entry_add(*, tournament: Tournament, player: Player | int) -> Entry:
    """Enter a member of the club (late entries are welcome until the start)."""
    tournament = lock(tournament.pk)
    _open_for_entries(tournament)
    player_id = player.pk if isinstance(player, Player) else player
    club_players(club=tournament.club_id, players=[player_id], error=TournamentError)
    entry = Entry.objects.filter(tournament=tournament, player_id=player_id).first()
    if entry is not None and entry.status == Entry.Status.ACTIVE:
        raise TournamentError(gettext("%(player)s is already entered.") % {
            "player": entry.player})
    if entry is not None:  # re-entering after a withdrawal before the start
        entry.status, entry.withdrawn_at = Entry.Status.ACTIVE, None
        entry.save(update_fields=["status", "withdrawn_at"])
        return entry
    return Entry.objects.create(tournament=tournament, player_id=player_id)


@transaction.atomic
def entry_add_guest(*, tournament: Tournament, name: str) -> Entry:
    """A guest without a login: they join the club as a player, then enter."""
    try:
        membership = player_join(club=tournament.club, name=name)
    except MembershipError as exc:
        raise TournamentError(str(exc)) from exc
    return entry_add(tournament=tournament, player=membership.player)


@transaction.atomic
def entries_seed(*, tournament: Tournament, order: list[int] | None = None,
                 draw_seed: str | None = None) -> list[Entry]:
    """Seed the active entries: in the director's ``order`` (entry ids, best first), or by a
    random draw whose seed is recorded (a new one from ``secrets`` unless given)."""
    tournament = lock(tournament.pk)
    _open_for_entries(tournament)
    entries = list(tournament.entries.filter(status=Entry.Status.ACTIVE).order_by("pk"))
    if order is not None:
        by_id = {e.pk: e for e in entries}
        if sorted(order) != sorted(by_id):
            raise TournamentError(gettext("The order must name every active entry exactly once."))
        ranked = [by_id[pk] for pk in order]
    else:
        draw_seed = draw_seed or secrets.token_hex(8)
        ranked = entries[:]
        random.Random(draw_seed).shuffle(ranked)
        tournament.draw_seed, tournament.seeding = draw_seed, Tournament.Seeding.RANDOM
        tournament.save(update_fields=["draw_seed", "seeding"])
    tournament.entries.update(seed=None)
    for seed, entry in enumerate(ranked, start=1):
        entry.seed = seed
    Entry.objects.bulk_update(ranked, ["seed"])
    return ranked


def entries_close(*, tournament: Tournament) -> list[Entry]:
    """At the start: the active entries numbered 1..N, the seeded ones first in their order,
    then the unseeded in entry order (every format starts from this ranking). Called with
    the tournament locked, inside the start's transaction."""
    entries = list(tournament.entries.filter(status=Entry.Status.ACTIVE).order_by("seed", "pk"))
    if len(entries) < 2:
        raise TournamentError(gettext("A tournament needs at least two entries."))
    seeded = sorted((e for e in entries if e.seed), key=lambda e: e.seed)
    ranked = seeded + [e for e in entries if not e.seed]
    tournament.entries.update(seed=None)
    for seed, entry in enumerate(ranked, start=1):
        entry.seed = seed
    Entry.objects.bulk_update(ranked, ["seed"])
    return ranked
