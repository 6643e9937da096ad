"""Seed a large federation for development and benchmarks (bulk inserts).

    python manage.py seed_federation                  # 100 clubs, 5,000 players,
                                                      # 500,000 finished matches, 10 years
    python manage.py seed_federation --clubs 5 --players 60 --matches 2000 --years 2

Every club is a member of the federation from the first day. Each player plays at one club
(one in ten at two: one person, one national rating); a match is between two members of
the organising club, the stronger player (a hidden skill) winning more often; one match in
fifty is a walkover (never rated). On PostgreSQL the matches go in by a binary COPY (no model
instance per match: 500,000 of them cost the seed two minutes of CPU). The national list
is replayed at the end with the same service as the worker's task (``--no-ratings``: left
pending, to time it apart).
"""

from __future__ import annotations

import datetime
import random
import time

from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.db.models import Max

from clubs.models import Club, Membership, Player
from federations.models import Federation, FederationClub
from ratings.services.national import national_recompute
from ratings.services.national_marks import national_recompute_request
from results.models import FinishedMatch

LENGTHS = (1, 3, 5, 5, 7, 7, 9, 11)
UTC = datetime.UTC
BATCH = 5000


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--slug", default="seeded-federation")
        parser.add_argument("--clubs", type=int, default=100)
        parser.add_argument("--players", type=int, default=5000)
        parser.add_argument("--matches", type=int, default=500_000)
        parser.add_argument("--years", type=int, default=10)
        parser.add_argument("--first-year", type=int, default=2016)
        parser.add_argument("--formula", default="fibs", choices=("fibs", "danish"))
        parser.add_argument("--seed", type=int, default=34)
        parser.add_argument("--no-ratings", action="store_true",
                            help="Leave the national list pending (to time its replay apart).")

    def handle(self, *args, **o):
        if Federation.objects.filter(slug=o["slug"]).exists():
            raise CommandError(f"A federation with the slug {o['slug']!r} exists already.")
        if o["clubs"] < 1 or o["players"] < 2 * o["clubs"]:
            raise CommandError("Give at least one club and two players per club.")
        rng = random.Random(o["seed"])
        started = time.perf_counter()
        with transaction.atomic():
            federation, members = _federation_and_clubs(o)
            skill = _players(rng, o, members)
            count = _matches(rng, o, members, skill)
        self.stdout.write(f"{federation.slug}: {o['clubs']} clubs, {len(skill)} players, "
                          f"{count} finished matches in {time.perf_counter() - started:.1f} s")
        if not o["no_ratings"]:
            started = time.perf_counter()
            national_recompute_request(federation_id=federation.pk)
            rated = national_recompute(federation_id=federation.pk)
            self.stdout.write(f"national list: {rated} rated matches in "
                              f"{time.perf_counter() - started:.1f} s")


def _federation_and_clubs(o) -> tuple[Federation, dict[int, list[int]]]:
    slug = o["slug"]
    federation = Federation.objects.create(
        name=f"Seeded federation {slug}", slug=slug, country="DK", formula=o["formula"],
        start_rating=1500.0 if o["formula"] == "fibs" else 1000.0)
    clubs = Club.objects.bulk_create([
        Club(name=f"{slug} club {i + 1}", slug=f"{slug}-club-{i + 1}", city="Seedville")
        for i in range(o["clubs"])])
    first = datetime.date(o["first_year"], 1, 1)
    FederationClub.objects.bulk_create([
        FederationClub(federation=federation, club=club, status=FederationClub.Status.MEMBER,
                       joined_on=first) for club in clubs])
    return federation, {club.pk: [] for club in clubs}


def _players(rng: random.Random, o, members: dict[int, list[int]]) -> dict[int, float]:
    players = Player.objects.bulk_create(
        [Player(name=f"Player {i + 1} of {o['slug']}") for i in range(o["players"])],
        batch_size=BATCH)
    clubs = list(members)
    links = []
    for index, player in enumerate(players):
        home = clubs[index % len(clubs)]  # every club gets its share
        chosen = {home}
        if rng.random() < 0.1 and len(clubs) > 1:
            chosen.add(rng.choice(clubs))
        for club in chosen:
            members[club].append(player.pk)
            links.append(Membership(club_id=club, player=player))
    Membership.objects.bulk_create(links, batch_size=BATCH)
    return {p.pk: rng.gauss(0, 1) for p in players}


def _matches(rng: random.Random, o, members: dict[int, list[int]],
             skill: dict[int, float]) -> int:
    first = datetime.datetime(o["first_year"], 1, 1, tzinfo=UTC)
    seconds = o["years"] * 365 * 86400
    source_id = (FinishedMatch.objects.filter(source=FinishedMatch.Source.LEAGUE)
                 .aggregate(n=Max("source_id"))["n"] or 0)
    clubs = [club for club, players in members.items() if len(players) >= 2]
    rows = []
    for _ in range(o["matches"]):
        club = rng.choice(clubs)
        a, b = rng.sample(members[club], 2)
        length = rng.choice(LENGTHS)
        chance = 1 / (1 + 10 ** ((skill[b] - skill[a]) / 2))
        winner = a if rng.random() < chance else b
        walkover = rng.random() < 0.02
        source_id += 1
        rows.append((club, a, b, length, winner, length if winner == a else 0,
                     length if winner == b else 0,
                     first + datetime.timedelta(seconds=rng.randrange(seconds)), source_id,
                     FinishedMatch.Outcome.WALKOVER if walkover
                     else FinishedMatch.Outcome.PLAYED))
        if len(rows) == BATCH:
            _matches_insert(rows)
            rows = []
    _matches_insert(rows)
    return o["matches"]


#: The columns the seed fills, in ``_match_row``'s order, and their types (a binary COPY).
COLUMNS = (("organiser_kind", "text"), ("club_id", "int8"), ("player_a_club_id", "int8"),
           ("player_b_club_id", "int8"), ("player_a_id", "int8"), ("player_b_id", "int8"),
           ("length", "int2"), ("winner_id", "int8"), ("score_a", "int4"), ("score_b", "int4"),
           ("finished_at", "timestamptz"), ("source", "text"), ("source_id", "int8"),
           ("event", "text"), ("event_message", "jsonb"), ("event_kind", "text"),
           ("venue", "text"), ("rated_agreed", "bool"), ("outcome", "text"),
           ("created_at", "timestamptz"), ("updated_at", "timestamptz"))


def _match_row(row, now):
    club, a, b, length, winner, score_a, score_b, finished_at, source_id, outcome = row
    return (FinishedMatch.OrganiserKind.CLUB.value, club, club, club, a, b, length, winner,
            score_a, score_b, finished_at, FinishedMatch.Source.LEAGUE.value, source_id, "",
            [], "league", FinishedMatch.Venue.BOARD.value, False, outcome.value, now, now)


def _matches_insert(rows) -> None:
    """The matches by a binary COPY on PostgreSQL, ``bulk_create`` elsewhere."""
    if not rows:
        return
    now = datetime.datetime.now(UTC)
    if connection.vendor == "postgresql":
        table = connection.ops.quote_name(FinishedMatch._meta.db_table)
        names = ", ".join(connection.ops.quote_name(name) for name, _type in COLUMNS)
        with connection.cursor() as cursor, cursor.cursor.copy(
                f"COPY {table} ({names}) FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types([kind for _name, kind in COLUMNS])
            for row in rows:
                copy.write_row(_match_row(row, now))
        return
    FinishedMatch.objects.bulk_create([FinishedMatch(
        **{name: value for (name, _type), value in zip(COLUMNS, _match_row(row, now),
                                                       strict=True)}) for row in rows])
