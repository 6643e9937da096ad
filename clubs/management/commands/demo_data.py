"""Create (idempotently) a demo club with a dozen members and a demo admin login, a
finished knockout tournament (main + consolation + last chance) and a running double
elimination."""

import datetime

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from clubs.models import Club, Membership, Player
from tournaments.services.simulation import SimulationPlan, tournament_simulate

DEMO_CLUB = "Riverside Backgammon Club"
DEMO_ADMIN = ("admin", "admin")  # username, password: local demo only
DEMO_MEMBERS = [
    ("Alice Archer", Membership.Role.ADMIN), ("Carol Chen", Membership.Role.REFEREE),
    ("Bob Brown", Membership.Role.PLAYER), ("Dave Dubois", Membership.Role.PLAYER),
    ("Erin Eriksen", Membership.Role.PLAYER), ("Frank Fischer", Membership.Role.PLAYER),
    ("Grace Gallo", Membership.Role.PLAYER), ("Heidi Horvath", Membership.Role.PLAYER),
    ("Ivan Ivanov", Membership.Role.PLAYER), ("Judy Jansen", Membership.Role.PLAYER),
    ("Mallory Moreau", Membership.Role.PLAYER), ("Niaj Nakamura", Membership.Role.PLAYER),
]
#: The demo tournaments, found by name (so a second run adds nothing): a finished monthly
#: event (twelve members and a guest) and a double elimination still running.
DEMO_TOURNAMENTS = [
    SimulationPlan(name="Riverside Monthly Knockout", format="consolation_last_chance",
                   entrants=13, starts_on=datetime.date(2026, 10, 31), seed="monthly",
                   options={"round_lengths": {"main": {"semi_final": 9, "final": 11}}}),
    SimulationPlan(name="Riverside Friday Double", format="double_elimination", entrants=9,
                   starts_on=datetime.date(2026, 11, 27), seed="friday", results=7,
                   withdrawal=False),
]


class Command(BaseCommand):
    help = "Create the demo club, its twelve members and the demo admin (safe to run again)."

    @transaction.atomic
    def handle(self, *args, **options):
        user = self._admin_user()
        club, _ = Club.objects.get_or_create(
            slug="riverside", defaults={"name": DEMO_CLUB, "city": "Riverside"}
        )
        for name, role in DEMO_MEMBERS:
            player, _ = Player.objects.get_or_create(name=name)
            if name == "Alice Archer" and player.user_id is None:
                player.user = user
                player.save(update_fields=["user"])
            Membership.objects.get_or_create(club=club, player=player, defaults={"role": role})
        for plan in DEMO_TOURNAMENTS:
            if not club.tournaments.filter(name=plan.name).exists():
                tournament_simulate(club=club, plan=plan, by=user)
        self.stdout.write(self.style.SUCCESS(
            f"Demo data ready: {club.name} with {club.memberships.count()} members and "
            f"{club.tournaments.count()} tournaments; "
            f"admin login {DEMO_ADMIN[0]} / {DEMO_ADMIN[1]}"
        ))

    def _admin_user(self):
        username, password = DEMO_ADMIN
        user, created = get_user_model().objects.get_or_create(
            username=username, defaults={"is_staff": True, "is_superuser": True}
        )
        if created:
            user.set_password(password)
            user.save()
        return user
