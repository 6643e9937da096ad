"""Row locks: the one way a write takes the row it changes for its transaction.

- An event's or a session's row (a tournament, a ladder, a league season, a chouette
  session, a club for its payments): the lock is a *write first*, an UPDATE, then the read
  with ``select_for_update``. On PostgreSQL the UPDATE takes the row lock; on SQLite it
  takes the database's write lock before any read (a transaction that read first and wrote
  later fails at once with "database is locked" when another one committed in between), so
  writers of one event queue up instead of failing halfway. ``bump`` names the counter the
  UPDATE moves by one (the pages' ``version``); ``touch`` a column it writes onto itself,
  changing nothing, for a row without such a counter.
- A row inside an event already locked (a match of a tournament, a challenge of a ladder),
  or a row of its own (a membership, a match record, a claimed rules check): the read with
  ``select_for_update`` alone.

Locking a set of rows (a bracket's matches) and lock-or-create (``get_or_create``) stay
with the queryset: they are not one row.
"""

from django.db.models import F, Model, QuerySet


def lock_row(rows: type[Model] | QuerySet, *, bump: str | None = None, touch: str | None = None,
             related: tuple[str, ...] = (), of: tuple[str, ...] = (), missing_ok: bool = False,
             **lookup):
    """The row of ``rows`` (a model, or a queryset whose filter it must pass) that
    ``lookup`` names, locked for this transaction (see the module's docstring); with
    ``missing_ok``, None when there is none, else ``DoesNotExist``."""
    target = (rows if isinstance(rows, QuerySet) else rows._default_manager.all()).filter(
        **lookup)
    if bump is not None:
        target.update(**{bump: F(bump) + 1})
    elif touch is not None:
        target.update(**{touch: F(touch)})
    locked = target.select_for_update(of=of)
    if related:
        locked = locked.select_related(*related)
    return locked.first() if missing_ok else locked.get()
