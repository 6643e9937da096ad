"""A national list's calendar and listing rules: the periods an official list is published
for ("2026-11", a month; "2026-W47", an ISO week) and who is shown how (provisional below
an experience threshold, inactive after some months without a rated match)."""

from __future__ import annotations

import datetime
import re
from typing import NamedTuple

from .errors import RatingInputError

MONTH = re.compile(r"^(\d{4})-(\d{2})$")
WEEK = re.compile(r"^(\d{4})-W(\d{2})$")


class Period(NamedTuple):
    """An official list's period, both days included."""

    name: str
    first: datetime.date
    last: datetime.date


def period_parse(name: object) -> Period:
    """The period called ``name``: ``YYYY-MM`` or ``YYYY-Www``; anything else is refused."""
    text = name if isinstance(name, str) else ""
    month, week = MONTH.match(text), WEEK.match(text)
    try:
        if month:
            year, number = int(month[1]), int(month[2])
            first = datetime.date(year, number, 1)
            following = datetime.date(year + number // 12, number % 12 + 1, 1)
            return Period(text, first, following - datetime.timedelta(days=1))
        if week:
            first = datetime.date.fromisocalendar(int(week[1]), int(week[2]), 1)
            return Period(text, first, first + datetime.timedelta(days=6))
    except ValueError:
        pass
    raise RatingInputError(f"a period is a month (2026-11) or an ISO week (2026-W47), "
                           f"not {name!r}")


def months_before(day: datetime.date, months: int) -> datetime.date:
    """The same day ``months`` months earlier (the month's last day where it is shorter)."""
    index = day.year * 12 + day.month - 1 - months
    year, month = divmod(index, 12)
    month += 1
    following = datetime.date(year + month // 12, month % 12 + 1, 1)
    return min(datetime.date(year, month, 1)
               + datetime.timedelta(days=day.day - 1),
               following - datetime.timedelta(days=1))


class Listing(NamedTuple):
    provisional: bool
    inactive: bool


def listing(*, experience: int, last_played: datetime.date | None, as_of: datetime.date,
            provisional_below: int, inactive_after_months: int) -> Listing:
    """How a rated player is listed on ``as_of``: provisional under ``provisional_below``
    experience; inactive when their last rated match is ``inactive_after_months`` months
    or more before ``as_of``."""
    inactive = last_played is None or last_played <= months_before(as_of, inactive_after_months)
    return Listing(experience < provisional_below, inactive)
