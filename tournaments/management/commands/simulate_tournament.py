"""Create a club's knockout tournament and play it out with realistic results."""

import datetime

from django.core.management.base import BaseCommand, CommandError

from clubs.models import Club
from tournaments.models import Tournament
from tournaments.services import DOMAIN_ERRORS
from tournaments.services.simulation import SimulationPlan, tournament_simulate


class Command(BaseCommand):
    help = ("Create a knockout tournament for a club (its members and a guest, a recorded "
            "random draw) and play it out with realistic scores, a withdrawal included.")

    def add_arguments(self, parser):
        parser.add_argument("--club", default="riverside", help="The club's slug.")
        parser.add_argument("--format", default=Tournament.Format.CONSOLATION_LAST_CHANCE,
                            choices=Tournament.Format.values)
        parser.add_argument("--entrants", type=int, default=13)
        parser.add_argument("--name", default="", help="Default: 'Simulated <format> N'.")
        parser.add_argument("--date", type=datetime.date.fromisoformat, default=None,
                            help="The event's date (YYYY-MM-DD); default today.")
        parser.add_argument("--seed", default="demo", help="The same seed, the same event.")
        parser.add_argument("--results", type=int, default=None,
                            help="Stop after this many results (the event keeps running).")
        parser.add_argument("--no-withdrawal", action="store_true")

    def handle(self, *args, **options):
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(f"No club {options['club']!r} (try manage.py demo_data).")
        starts_on = options["date"] or datetime.date.today()
        plan = SimulationPlan(
            name=options["name"] or _free_name(club, options["format"], starts_on),
            format=options["format"], entrants=options["entrants"], starts_on=starts_on,
            seed=options["seed"], results=options["results"],
            withdrawal=not options["no_withdrawal"])
        try:
            tournament = tournament_simulate(club=club, plan=plan)
        except DOMAIN_ERRORS as exc:
            raise CommandError(str(exc)) from exc
        decided = tournament.matches.filter(status__in=["finished", "walkover"]).count()
        self.stdout.write(self.style.SUCCESS(
            f"{tournament.name}: {tournament.entries.count()} entries, {decided} results, "
            f"{tournament.get_status_display().lower()} — {tournament.get_absolute_url()}"))


def _free_name(club: Club, format: str, starts_on: datetime.date) -> str:
    label = dict(Tournament.Format.choices)[format]
    taken = set(club.tournaments.filter(starts_on=starts_on).values_list("name", flat=True))
    number = 1
    while f"Simulated {label} {number}" in taken:
        number += 1
    return f"Simulated {label} {number}"
