"""Errors the tournament services raise; views and the API turn them into a 400."""

from django.db.models import F

from tournaments.models import Tournament


class TournamentError(ValueError):
    """A request the tournament refuses; the message says why."""


#: What views and the API turn into a 400 with the message.
DOMAIN_ERRORS = (TournamentError,)


def lock(tournament_id: int) -> Tournament:
    """Lock the tournament row for this transaction (bumping its version for the pollers).

    The UPDATE takes the row lock on PostgreSQL and the write lock on SQLite, so writers of
    one event are serialized; ``select_for_update`` then reads the row under that lock.
    """
    Tournament.objects.filter(pk=tournament_id).update(version=F("version") + 1)
    return Tournament.objects.select_for_update().select_related("club").get(pk=tournament_id)
