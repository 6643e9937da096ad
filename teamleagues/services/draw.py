"""The draw: each division's n-fold round robin (``teamleagues.core.draw``), stored as
fixtures with dates; the problems the core reports (an avoid-date it could not honour) come
back to the league admin."""

import datetime

from django.db import transaction
from django.utils.translation import gettext

from config.refusals import Refusal, refusal_text

from ..core import assign_dates, by_date, draw, draw_problems
from ..models import Fixture, TeamLeague
from .leagues import lock_league


def round_dates(*, start: datetime.date, rounds: int, every_days: int = 7
                ) -> list[datetime.date]:
    try:
        return [start + datetime.timedelta(days=every_days * i) for i in range(rounds)]
    except OverflowError as exc:
        raise Refusal(gettext("The rounds would run past the calendar's end: start "
                              "earlier.")) from exc


@transaction.atomic
def team_league_draw(*, league: TeamLeague, dates: list[datetime.date] | None = None,
                     start: datetime.date | None = None, every_days: int = 7
                     ) -> tuple[list[Fixture], list[str]]:
    """Draw every division once: the fixtures, and the problems reported (in the reader's
    language). ``dates``: one per round at least (the largest division's count); else a
    round every ``every_days`` from ``start`` (today when not given). A second draw is
    refused: the fixtures stand."""
    league = lock_league(league)
    if league.status != TeamLeague.Status.SETUP or league.fixtures.exists():
        raise Refusal(gettext("%(league)s is drawn already: a draw is made once.")
                      % {"league": league})
    divisions = list(league.divisions.prefetch_related("teams"))
    if not divisions:
        raise Refusal(gettext("%(league)s has no divisions to draw.") % {"league": league})
    made, problems = [], []
    for division in divisions:
        teams = sorted(division.teams.all(), key=lambda t: t.pk)
        if len(teams) < 2:
            raise Refusal(gettext("%(division)s needs at least two teams for a draw.")
                          % {"division": division})
        drawn = draw(teams, meetings=league.meetings)
        calendar = list(dates) if dates else round_dates(
            start=start or datetime.date.today(), rounds=len(drawn.rounds),
            every_days=every_days)
        avoid = {t: {datetime.date.fromisoformat(d) for d in t.avoid_dates} for t in teams}
        dated = assign_dates(drawn, calendar, avoid)
        problems += [refusal_text(p) for p in draw_problems(drawn) + dated.problems]
        # Round numbers follow the calendar (round 1 on the first date).
        drawn, days = by_date(drawn, dated.dates)
        for index, fixtures in enumerate(drawn.rounds):
            made += [Fixture(league=league, division=division, round=index + 1, home=f.home,
                             away=f.away, date=days[index]) for f in fixtures]
    Fixture.objects.bulk_create(made)
    league.status = TeamLeague.Status.DRAWN
    league.save(update_fields=["status"])
    return made, problems
