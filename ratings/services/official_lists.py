"""Publishing a federation's official rating list for a period (a month or an ISO week).

The rows are the live list as of the period's last day, frozen. A list republished for the
same period keeps its number, replaces its rows and records what changed (per player, the
old and the new line): ``OfficialList.changes``.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext

from audit.models import AuditEntry
from audit.services import audit_record
from clubs.models import Player
from config.refusals import Refusal, Stale
from federations.models import Federation
from ratings.core import RatingInputError
from ratings.core.national import Period, period_parse
from ratings.models import OfficialList, OfficialListRow
from ratings.selectors.national import matches_fill, national_rows

from .national import federation_pool_lock


def period_for_publishing(name: object, *, today: datetime.date) -> Period:
    """The period called ``name``, if it has ended."""
    try:
        period = period_parse(name)
    except RatingInputError:
        raise Refusal(gettext("A period is a month (2026-11) or an ISO week (2026-W47), not "
                              "%(period)s.") % {"period": repr(name)}) from None
    if period.last >= today:
        raise Refusal(gettext("The period %(period)s has not ended: its list can be "
                              "published from %(day)s.") % {
            "period": period.name, "day": period.last + datetime.timedelta(days=1)})
    return period


def _line(row: dict) -> dict:
    return {"rating": row["rating"], "experience": row["experience"],
            "matches": row["matches"]}


@transaction.atomic
def official_list_publish(*, federation: Federation, period: str, by: Player | None = None,
                          today: datetime.date | None = None, actor=None) -> OfficialList:
    """Publish (or republish) the federation's official list for ``period``, in the
    federation's audit log (``actor``: the login that published it, else ``by``'s)."""
    found = period_for_publishing(period, today=today or timezone.localdate())
    pool = federation_pool_lock(federation_id=federation.pk)
    if pool.recompute_pending:
        raise Stale(gettext("The national list is being brought up to date: publish it again "
                            "in a minute."))
    rows = matches_fill(national_rows(federation=federation, as_of=found.last),
                        pool_id=pool.pk, as_of=found.last)
    values = {"first_day": found.first, "last_day": found.last, "formula": federation.formula,
              "start_rating": federation.start_rating,
              "provisional_below": federation.provisional_below,
              "inactive_after_months": federation.inactive_after_months,
              "published_at": timezone.now(), "published_by": by}
    published = (OfficialList.objects.select_for_update()
                 .filter(federation=federation, period=found.name).first())
    if published is None:
        number = (OfficialList.objects.filter(federation=federation)
                  .aggregate(n=Max("number"))["n"] or 0) + 1
        published = OfficialList.objects.create(federation=federation, number=number,
                                                period=found.name, **values)
    else:
        published.changes = _changes(published, rows)
        published.revision += 1
        for name, value in values.items():
            setattr(published, name, value)
        published.save()
        published.rows.all().delete()
    rank = 0
    frozen = []
    for row in rows:
        if not row["provisional"]:
            rank += 1
        frozen.append(OfficialListRow(
            official_list=published, player_id=row["player"],
            rank=None if row["provisional"] else rank, name=row["name"], clubs=row["clubs"],
            rating=row["rating"], experience=row["experience"], matches=row["matches"],
            provisional=row["provisional"], last_played=row["last_played"]))
    OfficialListRow.objects.bulk_create(frozen, batch_size=2000)
    if actor is None and by is not None:
        actor = by.user
    audit_record(federation_id=federation.pk, actor=actor,
                 action=AuditEntry.Action.OFFICIAL_LIST_PUBLISHED, target=published,
                 after={"number": published.number, "period": published.period,
                        "revision": published.revision, "players": len(frozen),
                        "changes": len(published.changes or [])})
    return published


def _changes(published: OfficialList, rows: list[dict]) -> list[dict]:
    """Per player, the line the list had and the line it has now, where they differ."""
    old = {row["player_id"]: row for row in published.rows.values(
        "player_id", "name", "rating", "experience", "matches")}
    new = {row["player"]: row for row in rows}
    changes = []
    for player in sorted(set(old) | set(new)):
        before = _line(old[player]) if player in old else None
        after = _line(new[player]) if player in new else None
        if before != after:
            name = (new.get(player) or old.get(player))["name"]
            changes.append({"player": player, "name": name, "before": before,
                            "after": after})
    return changes
