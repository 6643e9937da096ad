"""A realistic knockout event played out by the services, for development and the demo club.

Entries are the club's members plus a visiting guest; seeds come from a recorded random
draw; results look like a club night's (the better seed wins about three times in five;
the loser usually has a few points: 7-4, 7-5, 9-6; a gammon can overshoot the length by
a point or two); one player may withdraw halfway (the next opponent gets a walkover).
Everything goes through the public services, so the event is exactly what a director would
have produced by hand. The same ``seed`` gives the same event.
"""

import datetime
import random
from dataclasses import dataclass

from django.db import transaction

from clubs.models import Club, Membership
from tournaments.models import Entry, Tournament, TournamentMatch

from .entries import entries_seed, entry_add, entry_add_guest, tournament_create
from .errors import TournamentError
from .registry import tournament_start
from .results import match_result_enter
from .withdrawal import entry_withdraw

MatchStatus = TournamentMatch.Status
GUESTS = ("Visiting Vera", "Visiting Victor", "Visiting Wanda", "Visiting Walter")


@dataclass(frozen=True)
class SimulationPlan:
    name: str
    format: str = Tournament.Format.CONSOLATION_LAST_CHANCE
    entrants: int = 13
    starts_on: datetime.date | None = None
    seed: str = "demo"
    #: Stop after this many results (the event stays running); None plays to the end.
    results: int | None = None
    withdrawal: bool = True
    options: dict | None = None


def realistic_score(rng: random.Random, length: int, winner_first: bool) -> tuple[int, int]:
    """A finished match's score: the winner reaches the length (a gammon or a doubled game
    may take them past it by a point or two); the loser stops short of it."""
    if length == 1:
        return (1, 0) if winner_first else (0, 1)
    won = length + rng.choice((0, 0, 0, 0, 0, 1, 1, 2))
    lost = min(length - 1, round(rng.triangular(0, length - 1, (length - 1) * 0.7)))
    return (won, lost) if winner_first else (lost, won)


def _entrants(tournament: Tournament, count: int, rng: random.Random) -> None:
    members = list(Membership.objects.active().of_club(tournament.club_id)
                   .exclude(player__name__in=GUESTS).order_by("player__name")
                   .values_list("player_id", flat=True))
    rng.shuffle(members)
    for player_id in members[:max(0, count - 1)]:
        entry_add(tournament=tournament, player=player_id)
    missing = count - tournament.entries.count()
    for name in GUESTS[:missing]:
        guest = (Membership.objects.active().of_club(tournament.club_id)
                 .filter(player__name=name).first())
        if guest is None:
            entry_add_guest(tournament=tournament, name=name)
        else:
            entry_add(tournament=tournament, player=guest.player_id)
    if tournament.entries.count() < count:
        raise TournamentError(f"{tournament.club} has too few members for {count} entrants.")


def _winner_side(rng: random.Random, match: TournamentMatch, seeds: dict[int, int]) -> bool:
    """True when the first-named player wins: the better seed about three times in five."""
    a, b = seeds.get(match.player_a_id, 99), seeds.get(match.player_b_id, 99)
    favourite_first = a < b
    return favourite_first if rng.random() < 0.6 else not favourite_first


def _withdraw_one(tournament: Tournament, rng: random.Random, by) -> bool:
    """A player still in the main flight leaves (a train to catch): a walkover follows."""
    ready = list(tournament.matches.filter(status=MatchStatus.READY, flight="main",
                                           round_number__gte=2).order_by("pk"))
    if not ready:
        return False
    match = rng.choice(ready)
    entry = Entry.objects.get(tournament=tournament, player_id=match.player_b_id)
    entry_withdraw(entry=entry, by=by)
    return True


@transaction.atomic
def tournament_simulate(*, club: Club, plan: SimulationPlan, by=None) -> Tournament:
    """Create the event of ``plan`` and play it out (to the end, or ``plan.results``)."""
    rng = random.Random(plan.seed)
    tournament = tournament_create(club=club, name=plan.name, format=plan.format,
                                   starts_on=plan.starts_on or datetime.date.today(),
                                   options=plan.options or {}, created_by=by)
    _entrants(tournament, plan.entrants, rng)
    entries_seed(tournament=tournament, draw_seed=f"{plan.seed}-draw")
    tournament = tournament_start(tournament=tournament, by=by)
    seeds = dict(tournament.entries.values_list("player_id", "seed"))
    played, withdrawn = 0, not plan.withdrawal
    while plan.results is None or played < plan.results:
        if not withdrawn:
            withdrawn = _withdraw_one(tournament, rng, by)
        match = tournament.matches.filter(status=MatchStatus.READY).order_by(
            "round_number", "pk").first()
        if match is None:
            break
        first = _winner_side(rng, match, seeds)
        score_a, score_b = realistic_score(rng, match.length, first)
        match_result_enter(match=match, by=by,
                           winner=match.player_a_id if first else match.player_b_id,
                           score_a=score_a, score_b=score_b)
        played += 1
    tournament.refresh_from_db()
    return tournament
