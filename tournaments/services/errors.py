"""Errors the tournament services raise: a refusal of the request (views and the API answer
400, bad input) and, among them, a refusal of the person (``NotAllowed``: 403)."""

from django.core.exceptions import PermissionDenied

from audit.services import AuditError
from ops.locks import lock_row
from tournaments.models import Tournament


class TournamentError(ValueError):
    """A request the tournament refuses; the message says why."""


class NotAllowed(TournamentError, PermissionDenied):
    """The request may be fine, but not from this person: someone other than the match's
    two players reporting it, other than the opponent confirming it, other than the player
    withdrawing their own entry. Views and the API answer 403 (for bad input, 400).

    The club's roles (admin, referee) are asked by the gates of ``clubs.permissions``
    before a service runs; this is for who stands in the tournament's own data (the
    players of a match, the player of an entry), which only the service reads under its
    lock.

    It is also Django's ``PermissionDenied``, so that every API (``ops.api``) and every
    page that lets it through answers 403."""


#: What views and the API turn into a 400 with the message (a ``NotAllowed``: 403). A
#: correction without a reason is refused by the audit log itself: bad input too.
DOMAIN_ERRORS = (TournamentError, AuditError)


def lock_event(model, pk: int):
    """Lock an event's row (a tournament, a ladder, a league season) for this transaction,
    bumping its version for the pages that poll it (``ops.locks``): writers of
    one event queue up."""
    return lock_row(model, pk=pk, bump="version", related=("club",))


def lock(tournament_id: int) -> Tournament:
    return lock_event(Tournament, tournament_id)
