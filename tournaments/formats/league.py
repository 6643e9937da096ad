"""Season leagues (pure, standard library only): divisions, fixtures with a deadline per
round, promotion and relegation, the next season's divisions drafted.

Each division plays a round robin (single or double, :mod:`.round_robin`); round r's
deadline is ``start + r * days_per_round`` (round 1 ends one period after the start). At the
season's end the top ``promote`` of each division but the first move up one division and the
bottom ``relegate`` of each division but the last move down one; leavers are dropped and
newcomers join the bottom division.
"""

from __future__ import annotations

import datetime
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from .errors import SettingError
from .i18n import gettext_noop
from .round_robin import berger_rounds


@dataclass(frozen=True, slots=True)
class LeagueFixture:
    division: int
    round: int
    a: Hashable
    b: Hashable | None
    deadline: datetime.date


def fixtures(divisions: Sequence[Sequence[Hashable]], *, start: datetime.date,
             days_per_round: int = 14, cycles: int = 1) -> list[LeagueFixture]:
    """Every division's fixtures (division 0 is the top), round by round."""
    if days_per_round < 1:
        raise SettingError(gettext_noop("A round lasts at least a day."))
    out = []
    for d, players in enumerate(divisions):
        for fixtures_ in berger_rounds(players, cycles=cycles):
            for f in fixtures_:
                out.append(LeagueFixture(d, f.round, f.a, f.b,
                                         start + datetime.timedelta(days=f.round *
                                                                    days_per_round)))
    return out


def next_season(finishing: Sequence[Sequence[Hashable]], *, promote: int = 2,
                relegate: int = 2, leaving: frozenset | set = frozenset(),
                joining: Sequence[Hashable] = ()) -> list[list[Hashable]]:
    """Next season's divisions from this season's final tables (each best first)."""
    if promote < 0 or relegate < 0:
        raise SettingError(gettext_noop("Promotion and relegation counts are zero or more."))
    count = len(finishing)
    for d, table in enumerate(finishing):
        moving = (promote if d > 0 else 0) + (relegate if d < count - 1 else 0)
        if moving > len(table):
            raise SettingError(gettext_noop("Division %(division)s has %(players)s players: it "
                                            "cannot send %(moving)s up and down."),
                               division=d + 1, players=len(table), moving=moving)
    # Within a division: those relegated from above first, then those staying, then those
    # promoted from below (each group in its finishing order).
    ordered = []
    for d, table in enumerate(finishing):
        up = list(table[:promote]) if d > 0 else []
        down = list(table[len(table) - relegate:]) if d < count - 1 and relegate else []
        from_above = list(finishing[d - 1][len(finishing[d - 1]) - relegate:]) \
            if d > 0 and relegate else []
        from_below = list(finishing[d + 1][:promote]) if d < count - 1 else []
        stay = [p for p in table if p not in up and p not in down]
        ordered.append([p for p in from_above + stay + from_below if p not in leaving])
    ordered[-1].extend(p for p in joining if p not in leaving)
    return ordered
