"""Groups, then a knockout: when every group match is decided, the top K of each group (by
the group's standings) enter a single-elimination knockout (Tournaments I), crossing over
(A1 v B2, B1 v A2, ...). The group stage closes with its placings."""

import datetime

from django.db import transaction

from tournaments.models import Entry, Tournament

from .entries import tournament_create
from .errors import lock
from .registry import tournament_start
from .rounds import group_stage_finish, group_stage_link


@transaction.atomic
def groups_knockout_create(*, tournament: Tournament, by=None) -> Tournament:
    """Draw the knockout of a finished group stage (its admins); returns the knockout."""
    tournament = lock(tournament.pk)
    seeds = group_stage_finish(tournament=tournament)
    # The knockout plays the event's lengths, its semi-final and final ones too.
    lengths = {name: tournament.options.get(name) or {} for name in ("lengths",
                                                                     "round_lengths")}
    knockout = tournament_create(
        club=tournament.club, name=f"{tournament.name} — knockout"[:120],
        starts_on=max(tournament.starts_on, datetime.date.today()),
        format=Tournament.Format.SINGLE, options=lengths,
        created_by=by)
    Entry.objects.bulk_create([Entry(tournament=knockout, player_id=p, seed=s)
                               for s, p in enumerate(seeds, start=1)])
    tournament_start(tournament=knockout, by=by)
    group_stage_link(tournament=tournament, knockout=knockout)
    knockout.refresh_from_db()
    return knockout
