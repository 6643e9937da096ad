"""A hand-worked small club for the ratings, standings and player pages.

Riverside (the ``club`` fixture) with four players, every result written through
``results.services`` (so the ratings hook runs after commit, as in production):

    when              match                          kind         counts
    2026-01-10 20:00  Ann beats Ben 5-2, 5 points    league       rated
    2026-01-17 20:00  Ben beats Cat 3-1, 3 points    league       rated
    2026-02-07 10:00  Ann beats Ben 5-3, 5 points    tournament   rated (semi-final)
    2026-02-07 10:30  Cat beats Dan 5-0, 5 points    tournament   rated (semi-final)
    2026-02-07 14:00  Ann beats Cat 7-4, 7 points    tournament   rated (final)
    2026-02-14 20:00  Dan over Ben, walkover         league       never rated
    2026-02-20 20:00  Ann beats Dan 1-0, 1 point     match record not rated (friendly)

The Spring Open (4 players, main flight) places Ann 1st, Cat 2nd, Ben and Dan 3rd=.
One season: "2026 H1" (1 January to 30 June 2026).
"""

import datetime
from types import SimpleNamespace

import pytest

from ratings.models import Season
from results.models import FinishedMatch
from results.services import finished_match_record
from tests.factories import MembershipFactory, PlayerFactory
from tournaments.models import Placing, Round, Tournament, TournamentMatch

UTC = datetime.UTC


def at(month: int, day: int, hour: int = 20, minute: int = 0) -> datetime.datetime:
    return datetime.datetime(2026, month, day, hour, minute, tzinfo=UTC)


def _result(club, source, source_id, a, b, length, winner, when, score, outcome="played"):
    return finished_match_record(
        club=club, source=source, source_id=source_id, player_a=a, player_b=b, length=length,
        winner=winner, finished_at=when, score_a=score[0], score_b=score[1], outcome=outcome)


def _tournament_match(w, round_, key, a, b, winner, score, when):
    row = TournamentMatch.objects.create(
        tournament=w.open, round=round_, key=key, flight="main", round_number=round_.number,
        index=1, slot_a={}, slot_b={}, player_a=a, player_b=b, length=round_.length,
        status="finished", winner=winner, score_a=score[0], score_b=score[1],
        finished_at=when)
    return _result(w.club, FinishedMatch.Source.TOURNAMENT, row.pk, a, b, round_.length,
                   winner, when, score)


def build_small_club(club) -> SimpleNamespace:
    w = SimpleNamespace(club=club)
    for name in ("Ann", "Ben", "Cat", "Dan"):
        player = PlayerFactory(name=name)
        MembershipFactory(club=club, player=player)
        setattr(w, name.lower(), player)
    league, record = FinishedMatch.Source.LEAGUE, FinishedMatch.Source.MATCH_RECORD
    w.m1 = _result(club, league, 1, w.ann, w.ben, 5, w.ann, at(1, 10), (5, 2))
    w.m2 = _result(club, league, 2, w.ben, w.cat, 3, w.ben, at(1, 17), (3, 1))
    w.open = Tournament.objects.create(club=club, name="Spring Open",
                                       starts_on=datetime.date(2026, 2, 7), status="finished")
    semis = Round.objects.create(tournament=w.open, flight="main", number=1,
                                 name="Semi-finals", length=5)
    final = Round.objects.create(tournament=w.open, flight="main", number=2, name="Final",
                                 length=7)
    w.semi1 = _tournament_match(w, semis, "M1-1", w.ann, w.ben, w.ann, (5, 3), at(2, 7, 10))
    w.semi2 = _tournament_match(w, semis, "M1-2", w.cat, w.dan, w.cat, (5, 0),
                                at(2, 7, 10, 30))
    w.final = _tournament_match(w, final, "M2-1", w.ann, w.cat, w.ann, (7, 4), at(2, 7, 14))
    w.walkover = _result(club, league, 3, w.dan, w.ben, 5, w.dan, at(2, 14), (None, None),
                         outcome="walkover")
    w.friendly = _result(club, record, 99, w.ann, w.dan, 1, w.ann, at(2, 20), (1, 0))
    for player, place, shared in ((w.ann, 1, 1), (w.cat, 2, 1), (w.ben, 3, 2), (w.dan, 3, 2)):
        Placing.objects.create(tournament=w.open, competition="main", player=player,
                               place=place, shared=shared, field_size=4)
    w.season = Season.objects.create(club=club, name="2026 H1",
                                     starts_on=datetime.date(2026, 1, 1),
                                     ends_on=datetime.date(2026, 6, 30))
    return w


@pytest.fixture(autouse=True)
def _empty_cache():
    """The pages cache their tables per version of the club's ratings (locmem in tests)."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def small_club(club, django_capture_on_commit_callbacks):
    """The club above with its ratings recomputed (the hook's callbacks run)."""
    with django_capture_on_commit_callbacks(execute=True):
        world = build_small_club(club)
    return world
