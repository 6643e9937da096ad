"""Seed a large, realistic club for development and benchmarks (bulk inserts).

    python manage.py seed_club                       # 500 players, 20,000 matches, 5 seasons,
                                                     # 300 chouette evenings, 40 tournaments
    python manage.py seed_club --players 30 --matches 400 --evenings 5 --tournaments 2

Players have a hidden skill; the stronger one wins more often. Matches are league fixtures
(mostly), ladder challenges, uploaded friendlies and the odd walkover, spread over the
seasons; each season has single-elimination tournaments of 16 with their placings; chouette
evenings have 4 to 6 players and their ledgers. The ratings and master points are computed at
the end with the club's default settings (the same service as the Celery task).
"""

from __future__ import annotations

import datetime
import random
import time
from decimal import Decimal

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from chouette.models import ChouetteGame, ChouetteLedgerEntry, ChouetteSeat, ChouetteSession
from clubs.models import Club, Membership, Player
from config.texts import StoredText, english, stored
from ratings.models import Season
from ratings.services.recompute import BEGINNING, ratings_recompute
from ratings.services.updates import ratings_recompute_request
from results.models import FinishedMatch
from tournaments.models import Placing, Round, Tournament, TournamentMatch
from tournaments.services.options import round_name

LENGTHS = (1, 3, 5, 5, 7, 7, 9, 11)
FIELD = 16  # tournament entrants (single elimination, 4 rounds)
UTC = datetime.UTC
FIRST_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo", "Kai",
               "Lea", "Max", "Nia", "Otto", "Pia", "Quin", "Rosa", "Sam", "Tove", "Uma",
               "Vic", "Wim", "Xia", "Yann", "Zoe")
SURNAMES = ("Archer", "Brook", "Carver", "Dale", "Ellis", "Frost", "Grant", "Hale", "Irving",
            "Jensen", "Keller", "Lowe", "Marsh", "Nolan", "Olsen", "Pike", "Quist", "Reyes",
            "Stone", "Tate")


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--slug", default="seeded")
        parser.add_argument("--players", type=int, default=500)
        parser.add_argument("--matches", type=int, default=20_000)
        parser.add_argument("--seasons", type=int, default=5)
        parser.add_argument("--evenings", type=int, default=300)
        parser.add_argument("--tournaments", type=int, default=40,
                            help="In all, spread over the seasons (16 players each).")
        parser.add_argument("--first-year", type=int, default=2021)
        parser.add_argument("--seed", type=int, default=12)
        parser.add_argument("--no-ratings", action="store_true",
                            help="Leave the ratings pending (to time the recompute apart).")

    def handle(self, *args, **o):
        if Club.objects.filter(slug=o["slug"]).exists():
            raise CommandError(f"A club with the slug {o['slug']!r} exists already.")
        if o["players"] < FIELD:
            raise CommandError(f"A seeded club needs at least {FIELD} players.")
        started = time.perf_counter()
        seeder = Seeder(random.Random(o["seed"]), o)
        with transaction.atomic():
            seeder.club_and_players()
            seeder.seasons()
            seeder.tournaments()
            seeder.matches()
            seeder.chouette()
        seeded = time.perf_counter() - started
        self.stdout.write(f"{seeder.club.slug}: {len(seeder.players)} players, "
                          f"{seeder.match_count} finished matches, {o['evenings']} chouette "
                          f"evenings, {o['tournaments']} tournaments in {seeded:.1f} s")
        if not o["no_ratings"]:
            started = time.perf_counter()
            ratings_recompute_request(club_id=seeder.club.pk, from_at=BEGINNING[0],
                                      from_match_id=BEGINNING[1])
            rated = ratings_recompute(club_id=seeder.club.pk)
            self.stdout.write(f"ratings: {rated} rated matches in "
                              f"{time.perf_counter() - started:.1f} s")


class Seeder:
    def __init__(self, rng: random.Random, options: dict):
        self.rng, self.o = rng, options
        self.match_count = 0

    # ----------------------------------------------------------------- club, players

    def club_and_players(self) -> None:
        slug = self.o["slug"]
        self.club = Club.objects.create(name=f"Seeded club {slug}", slug=slug, city="Seedville")
        names = [f"{self.rng.choice(FIRST_NAMES)} {self.rng.choice(SURNAMES)} {i + 1}"
                 for i in range(self.o["players"])]
        self.players = Player.objects.bulk_create([Player(name=n) for n in names])
        Membership.objects.bulk_create([Membership(club=self.club, player=p)
                                        for p in self.players])
        self.skill = {p.pk: self.rng.gauss(0, 1) for p in self.players}

    def seasons(self) -> None:
        first = self.o["first_year"]
        self.season_rows = Season.objects.bulk_create([
            Season(club=self.club, name=str(first + i),
                   starts_on=datetime.date(first + i, 1, 1),
                   ends_on=datetime.date(first + i, 12, 31))
            for i in range(self.o["seasons"])])

    def _moment(self) -> datetime.datetime:
        season = self.rng.choice(self.season_rows)
        day = season.starts_on + datetime.timedelta(days=self.rng.randrange(365))
        return datetime.datetime.combine(day, datetime.time(19 + self.rng.randrange(4),
                                                            self.rng.randrange(60)), UTC)

    def _winner(self, a: int, b: int) -> int:
        p_a = 1 / (1 + 10 ** ((self.skill[b] - self.skill[a]) / 2))
        return a if self.rng.random() < p_a else b

    @staticmethod
    def _score(length: int, a_won: bool) -> tuple[int, int]:
        lost = length - 1 if length > 1 else 0
        return (length, lost) if a_won else (lost, length)

    # ----------------------------------------------------------------- tournaments

    def tournaments(self) -> None:
        self.tournament_matches = 0
        for i in range(self.o["tournaments"]):
            when = self._moment()
            entrants = self.rng.sample([p.pk for p in self.players], FIELD)
            tournament = Tournament.objects.create(
                club=self.club, name=f"Open {i + 1}", starts_on=when.date(),
                ends_on=when.date(), status="finished", started_at=when, finished_at=when)
            self._bracket(tournament, entrants, when)

    def _bracket(self, tournament, alive: list[int], when: datetime.datetime) -> None:
        names = [round_name(flight="main", number=n, last=4) for n in range(1, 5)]
        rounds = Round.objects.bulk_create([
            Round(tournament=tournament, flight="main", number=n + 1, name=english(name),
                  name_message=stored(name), length=length)
            for n, (name, length) in enumerate(zip(names, (5, 7, 7, 11), strict=True))])
        places, results = {}, []
        for number, round_ in enumerate(rounds, start=1):
            winners = []
            for index in range(0, len(alive), 2):
                a, b = alive[index], alive[index + 1]
                won = self._winner(a, b)
                score = self._score(round_.length, won == a)
                finished = when + datetime.timedelta(hours=number, minutes=index)
                results.append((TournamentMatch(
                    tournament=tournament, round=round_, key=f"M{number}-{index // 2 + 1}",
                    flight="main", round_number=number, index=index // 2 + 1, slot_a={},
                    slot_b={}, player_a_id=a, player_b_id=b, length=round_.length,
                    status="finished", winner_id=won, score_a=score[0], score_b=score[1],
                    finished_at=finished), finished))
                winners.append(won)
                places[a if won == b else b] = len(alive) // 2 + 1
            alive = winners
        places[alive[0]] = 1
        rows = TournamentMatch.objects.bulk_create([row for row, _ in results])
        FinishedMatch.objects.bulk_create([
            FinishedMatch(club=self.club, player_a_id=row.player_a_id,
                          player_b_id=row.player_b_id, player_a_club=self.club,
                          player_b_club=self.club, length=row.length,
                          winner_id=row.winner_id, score_a=row.score_a, score_b=row.score_b,
                          finished_at=finished, source=FinishedMatch.Source.TOURNAMENT,
                          source_id=row.pk, event=english(event), event_message=stored(event))
            for row, finished in zip(rows, (f for _, f in results), strict=True)
            for event in [StoredText.gettext("%(event)s — %(round)s", event=tournament.name,
                                             round=row.round.label)]])
        self.match_count += len(rows)
        self.tournament_matches += len(rows)
        shared = {1: 1, 2: 1, 3: 2, 5: 4, 9: 8}
        Placing.objects.bulk_create([
            Placing(tournament=tournament, competition="main", player_id=player, place=place,
                    shared=shared[place], field_size=FIELD)
            for player, place in places.items()])

    # ----------------------------------------------------------------- matches

    def matches(self) -> None:
        wanted = max(0, self.o["matches"] - self.tournament_matches)
        ids = [p.pk for p in self.players]
        rows = []
        for i in range(wanted):
            a, b = self.rng.sample(ids, 2)
            roll = self.rng.random()
            source = (FinishedMatch.Source.LEAGUE if roll < 0.8 else
                      FinishedMatch.Source.LADDER if roll < 0.93 else
                      FinishedMatch.Source.MATCH_RECORD)
            length = self.rng.choice(LENGTHS)
            outcome = (FinishedMatch.Outcome.WALKOVER if self.rng.random() < 0.01
                       else FinishedMatch.Outcome.PLAYED)
            won = self._winner(a, b)
            score = ((None, None) if outcome == FinishedMatch.Outcome.WALKOVER
                     else self._score(length, won == a))
            rows.append(FinishedMatch(
                club=self.club, player_a_id=a, player_b_id=b, player_a_club=self.club,
                player_b_club=self.club, length=length, winner_id=won,
                score_a=score[0], score_b=score[1], finished_at=self._moment(),
                source=source, source_id=10_000_000 * self.club.pk + i, outcome=outcome,
                event=source.label))
        FinishedMatch.objects.bulk_create(rows, batch_size=2000)
        self.match_count += len(rows)

    # ----------------------------------------------------------------- chouette

    def chouette(self) -> None:
        regulars = [p.pk for p in self.rng.sample(self.players, min(60, len(self.players)))]
        sessions = ChouetteSession.objects.bulk_create([
            ChouetteSession(club=self.club, date=self._moment().date(), stake=Decimal("1.00"),
                            currency=self.club.currency, status=ChouetteSession.Status.CLOSED)
            for _ in range(self.o["evenings"])])
        seats, games, lineups = [], [], []
        for session in sessions:
            line = self.rng.sample(regulars, self.rng.randint(4, 6))
            seats += [ChouetteSeat(session=session, player_id=p, status="active", position=i)
                      for i, p in enumerate(line)]
            for number in range(1, 9):
                won = self.rng.choice(["box", "team"])
                when = datetime.datetime.combine(session.date, datetime.time(20), UTC)
                games.append(ChouetteGame(
                    session=session, number=number, status=ChouetteGame.Status.FINISHED,
                    box_id=line[0], captain_id=line[1], lineup={"line": line, "sitting_out": []},
                    winner=won, kind="single", captain_won=won == "team", finished_at=when))
                lineups.append(list(line))
                line = line[1:] + line[:1] if won == "team" else [line[0], *line[2:], line[1]]
        ChouetteSeat.objects.bulk_create(seats, batch_size=2000)
        games = ChouetteGame.objects.bulk_create(games, batch_size=2000)
        entries = []
        for game, line in zip(games, lineups, strict=True):
            points = 1 if game.winner == "box" else -1
            entries += [ChouetteLedgerEntry(session_id=game.session_id, game=game, box_id=line[0],
                                            member_id=member, points=points,
                                            amount=Decimal(points))
                        for member in line[1:]]
        ChouetteLedgerEntry.objects.bulk_create(entries, batch_size=2000)
