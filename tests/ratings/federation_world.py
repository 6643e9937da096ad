"""A small federation for the national list's tests.

The Danish federation (``dbgf``) has two member clubs since 2025-01-01, Riverside (the
``club`` fixture) and Hilltop (``other_club``); Lakeside is no member. Ann and Ben play at
Riverside, Cat and Dan at Hilltop, Eve at Lakeside (a guest), and Fay at both Riverside and
Hilltop (one person, one rating). Results go through ``results.services`` with the
on-commit steps run (the receiver marks the list, the eager task replays it).
"""

from __future__ import annotations

import datetime
import itertools
from types import SimpleNamespace

from clubs.models import Membership
from federations.models import Federation, FederationClub, FederationRole
from results.services import finished_match_record
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory

UTC = datetime.UTC
_ids = itertools.count(1000)


def at(year: int, month: int, day: int, hour: int = 20) -> datetime.datetime:
    return datetime.datetime(year, month, day, hour, tzinfo=UTC)


def build_federation(club, other_club, *, formula: str = "fibs",
                     start_rating: float = 1500.0) -> SimpleNamespace:
    w = SimpleNamespace(club=club, other_club=other_club)
    w.lakeside = ClubFactory(name="Lakeside Backgammon Club", slug="lakeside")
    w.federation = Federation.objects.create(name="Dansk Backgammon Forbund", slug="dbgf",
                                             country="DK", formula=formula,
                                             start_rating=start_rating, provisional_below=10)
    for member in (club, other_club):
        FederationClub.objects.create(federation=w.federation, club=member, status="member",
                                      joined_on=datetime.date(2025, 1, 1))
    for name, clubs in (("Ann", [club]), ("Ben", [club]), ("Cat", [other_club]),
                        ("Dan", [other_club]), ("Eve", [w.lakeside]),
                        ("Fay", [club, other_club])):
        player = PlayerFactory(name=name)
        for member in clubs:
            MembershipFactory(club=member, player=player)
        setattr(w, name.lower(), player)
    # Everyone a member since the clubs joined (the lists "as of" a day read the memberships
    # of that day).
    Membership.objects.filter(player__in=[w.ann, w.ben, w.cat, w.dan, w.eve, w.fay]).update(
        joined_at=at(2025, 1, 1, 0))
    return w


def officer(w, user) -> None:
    FederationRole.objects.create(federation=w.federation, player=user.player,
                                  role=FederationRole.Role.RATING_OFFICER)


def play(organiser, a, b, winner, when, *, length: int = 5, source: str = "league",
         source_id: int | None = None, federation=None, **extra):
    """One result (a club organiser, or ``federation``), as the writers record it."""
    kwargs = {"federation": federation} if federation is not None else {"club": organiser}
    return finished_match_record(
        **kwargs, source=source, source_id=source_id or next(_ids), player_a=a, player_b=b,
        length=length, winner=winner, finished_at=when, **extra)


def four_matches(club, other_club, w) -> None:
    """The list's usual spring: four rated matches over both clubs (Ann beats Ben, Fay beats
    Ann and Cat, Dan beats Cat). Call it inside ``django_capture_on_commit_callbacks
    (execute=True)`` so the replays run."""
    play(club, w.ann, w.ben, w.ann, at(2026, 3, 1))
    play(club, w.fay, w.ann, w.fay, at(2026, 3, 8), length=7)
    play(other_club, w.cat, w.dan, w.dan, at(2026, 3, 9), length=3)
    play(other_club, w.fay, w.cat, w.fay, at(2026, 4, 2), length=5)
