"""Withdrawals: by the director, or a player themselves. Before the start the entry simply
goes; after it the format moves on (a walkover for the next opponent)."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from ops.locks import lock_row
from tournaments.models import Entry, Tournament

from .errors import NotAllowed, TournamentError, lock
from .registry import tournament_refresh

Status = Tournament.Status


@transaction.atomic
def entry_withdraw(*, entry: Entry, by=None) -> Entry:
    """Before the start the entry is simply withdrawn; after it, the player's next opponent
    gets a walkover (kept as such: a walkover is not a played match)."""
    tournament = lock(entry.tournament_id)
    entry = lock_row(Entry, pk=entry.pk)
    if tournament.status == Status.FINISHED:
        raise TournamentError(gettext("The tournament is over: nobody can withdraw from it now."))
    if entry.status != Entry.Status.ACTIVE:
        raise TournamentError(gettext("%(player)s has already left the tournament.") % {
            "player": entry.player})
    entry.status, entry.withdrawn_at = Entry.Status.WITHDRAWN, timezone.now()
    entry.save(update_fields=["status", "withdrawn_at"])
    if tournament.status == Status.RUNNING:
        tournament_refresh(tournament=tournament, by=by)
    return entry


@transaction.atomic
def entry_withdraw_own(*, entry: Entry, by) -> Entry:
    """A player withdraws themselves: the director's withdrawal (:func:`entry_withdraw`), by
    the entry's own player only (the club's admins withdraw anyone, behind their gate)."""
    if not Entry.objects.filter(pk=entry.pk, player__user_id=by.pk).exists():
        raise NotAllowed(gettext("Only the player of an entry withdraws it; the club's admins "
                         "withdraw anyone."))
    return entry_withdraw(entry=entry, by=by)
