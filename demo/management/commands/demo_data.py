"""Create (idempotently) a demo club with a dozen members and a demo admin login, a
finished knockout tournament (main + consolation + last chance), a running double
elimination, a Swiss night in its second round, a ladder with an open challenge and a league
season with two divisions, a chouette evening of five members (closed, its ledger to
settle) and three match records (everything through the services).

The match records' rules checks are queued after the commit; the worker's check passes them
and the analysis worker (``bin/serve``: the ``analysis`` queue) analyses each with GNU
Backgammon, as it does an upload."""

import datetime
from decimal import Decimal
from pathlib import Path

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from analysis.models import AnalysisSetting, PlayerChoice
from analysis.services import analysis_setting_save, player_choice_save
from chouette import services as chouette
from clubs.models import Club, Membership, Player
from federations import services as federations
from federations.models import Federation, FederationRole
from games.services.match_import import match_import
from tournaments import services as tournaments
from tournaments.models import TournamentMatch
from tournaments.services import ladder as ladders
from tournaments.services import league as leagues
from tournaments.services import rounds
from tournaments.services.simulation import SimulationPlan, tournament_simulate

DEMO_CLUB = "Riverside Backgammon Club"
DEMO_ADMIN = ("admin", "admin")  # username, password: local demo only
#: Every other demo member signs in with their first name and this password (local demo only),
#: so a newcomer tries the player's side (reporting results, ladder challenges, balances)
#: and the referee's (carol) beside the admin's.
DEMO_PLAYER_PASSWORD = "demo"
#: The referee's login is staff with the referees' model permissions (the admin shows only
#: her club's rows).
REFEREE_APPS = ("games", "tournaments", "chouette", "results")
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

SWISS_NIGHT, LADDER, LEAGUE = "Riverside Swiss Night", "Riverside Ladder", "Riverside League"
#: Match files (GNU Backgammon playing itself with noise, so they hold errors of every kind)
#: and the members playing them, left and right; found again by file name.
DEMO_RECORDS = [
    ("selfplay_5p.mat", "Alice Archer", "Dave Dubois"),
    ("selfplay_7p.mat", "Bob Brown", "Erin Eriksen"),
    ("selfplay_11p.mat", "Bob Brown", "Alice Archer"),
]
DATA = Path(__file__).resolve().parents[2] / "data"
#: The demo's chouette evening, found by its date: five members (the first is the box after
#: the opening roll), 1.00 a point, and its games' results (winner, kind), in order.
CHOUETTE_DATE = datetime.date(2026, 11, 20)
#: The demo's federation: the club a member since before its first match, so the national
#: list holds the club's whole history; Alice its admin and rating officer.
DEMO_FEDERATION = ("Demo Backgammon Federation", "demo-federation", "GB")
FEDERATION_SINCE = datetime.date(2020, 1, 1)
CHOUETTE_PLAYERS = ["Bob Brown", "Dave Dubois", "Erin Eriksen", "Frank Fischer", "Grace Gallo"]
CHOUETTE_GAMES = [("team", "single"), ("box", "gammon"), ("box", "single"),
                  ("team", "single"), ("team", "backgammon"), ("box", "single"),
                  ("team", "gammon"), ("box", "single")]


def _swiss_night(club, players, user) -> None:
    """Ten members, four rounds planned: round 1 played (the better seed wins, but for one
    upset), round 2 paired and one of its results in."""
    night = tournaments.tournament_create(
        club=club, name=SWISS_NIGHT, format="swiss", starts_on=timezone.localdate(),
        options={"lengths": {"main": 5}, "format_settings": {"rounds": 4}}, created_by=user)
    for player in players:
        tournaments.entry_add(tournament=night, player=player)
    tournaments.tournament_start(tournament=night, by=user)
    for number, results in ((1, None), (2, 1)):
        preview = rounds.swiss_round_preview(tournament=night)
        rounds.swiss_round_publish(tournament=night, pairs=preview["pairs"], by=user)
        ready = night.matches.filter(round_number=number, status=TournamentMatch.Status.READY)
        for i, match in enumerate(ready.order_by("index")[:results]):
            upset = i == 2
            tournaments.match_result_enter(
                match=match, by=user, winner=match.player_b_id if upset else match.player_a_id,
                score_a=2 if upset else 5, score_b=5 if upset else 3)


def _ladder(club, players, user) -> None:
    """Eight members in order; one challenge decided, one open (the sixth challenges the
    fourth)."""
    ladder = ladders.ladder_create(club=club, name=LADDER, reach=3, days=14, length=7)
    for player in players[:8]:
        ladders.ladder_join(ladder=ladder, player=player)
    rungs = [r.player_id for r in ladder.rungs.order_by("position")]
    played = ladders.challenge_issue(ladder=ladder, by=user, challenger=rungs[2],
                                     challenged=rungs[1])
    ladders.challenge_enter(challenge=played, by=user, winner=rungs[2], score_challenger=7,
                            score_challenged=4)
    ladders.challenge_issue(ladder=ladder, by=user, challenger=rungs[5], challenged=rungs[3])


def _league(club, players, user) -> None:
    """Two divisions of five, started last week (round 1 due next week), two results in."""
    today = timezone.localdate()
    season = leagues.season_create(
        club=club, name=LEAGUE, starts_on=today - datetime.timedelta(days=7),
        ends_on=today + datetime.timedelta(days=150), divisions=[players[:5], players[5:10]],
        days_per_round=14, promote=1, relegate=1, length=5)
    leagues.season_start(season=season)
    for division in season.divisions.order_by("number"):
        fixture = division.fixtures.order_by("round", "pk").first()
        leagues.fixture_enter(fixture=fixture, by=user, winner=fixture.player_a_id,
                              score_a=5, score_b=2)


def _match_records(club, user) -> None:
    """Upload the demo's match files (the rules check, then the analysis, follow in the
    workers once this commits)."""
    for filename, left, right in DEMO_RECORDS:
        if club.matches.filter(source_name=filename).exists():
            continue
        match_import(club=club, data=(DATA / filename).read_bytes(), filename=filename,
                     uploaded_by=user, player_left=Player.objects.get(name=left),
                     player_right=Player.objects.get(name=right))


def _chouette_evening(club, user) -> None:
    """A closed chouette evening: every member's chouette page, the players' records and the
    settlement show something from the first run."""
    if club.chouette_sessions.filter(date=CHOUETTE_DATE).exists():
        return
    players = [Player.objects.get(name=name) for name in CHOUETTE_PLAYERS]
    session = chouette.chouette_session_start(club=club, date=CHOUETTE_DATE,
                                              stake=Decimal("1.00"), players=players,
                                              created_by=user)
    chouette.chouette_order_roll(session=session, rolls={
        player.pk: 6 - index for index, player in enumerate(players)})
    for winner, kind in CHOUETTE_GAMES:
        chouette.chouette_game_start(session=session, started_by=user)
        chouette.chouette_result_record(session=session, winner=winner, kind=kind,
                                        recorded_by=user)
    chouette.chouette_session_close(session=session, closed_by=user)


def _federation(club, user) -> None:
    """A federation with the club as its member (``/federations/demo-federation/``)."""
    name, slug, country = DEMO_FEDERATION
    if Federation.objects.filter(slug=slug).exists():
        return
    federation = federations.federation_create(name=name, slug=slug, country=country)
    federations.federation_club_apply(federation=federation, club=club, actor=user)
    federations.federation_club_accept(federation=federation, club=club, actor=user,
                                       on=FEDERATION_SINCE)
    alice = Player.objects.get(user=user)
    for role in FederationRole.Role.values:
        federations.federation_role_grant(federation=federation, player=alice, role=role)


def _error_rates(club) -> None:
    """The demo club shows its error-rate leaderboard, and the players of its match records
    chose to be on it (once: a choice made since, by the admins or a player, is kept)."""
    if not AnalysisSetting.objects.filter(club=club).exists():
        analysis_setting_save(club_id=club.pk, plies=0, leaderboard=True)
    names = {name for _, *players in DEMO_RECORDS for name in players}
    for player in Player.objects.filter(name__in=names):
        if not PlayerChoice.objects.filter(player=player).exists():
            player_choice_save(player_id=player.pk, on_leaderboard=True)


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
            if player.user_id is None:
                player.user = user if name == "Alice Archer" else self._player_user(name, role)
                player.save(update_fields=["user"])
            Membership.objects.get_or_create(club=club, player=player, defaults={"role": role})
        for plan in DEMO_TOURNAMENTS:
            if not club.tournaments.filter(name=plan.name).exists():
                tournament_simulate(club=club, plan=plan, by=user)
        members = [Player.objects.get(name=name).pk for name, _ in DEMO_MEMBERS]
        if not club.tournaments.filter(name=SWISS_NIGHT).exists():
            _swiss_night(club, members[:10], user)
        if not club.ladders.filter(name=LADDER).exists():
            _ladder(club, members, user)
        if not club.leagues.filter(name=LEAGUE).exists():
            _league(club, members, user)
        _chouette_evening(club, user)
        _match_records(club, user)
        _error_rates(club)
        _federation(club, user)
        self.stdout.write(self.style.SUCCESS(
            f"Demo data ready: {club.name} with {club.memberships.count()} members, "
            f"{club.tournaments.count()} tournaments, a ladder, a league, "
            f"{club.chouette_sessions.count()} chouette evening(s), "
            f"{club.matches.count()} match records (checked, then analysed, by the "
            f"workers) and a federation (/federations/{DEMO_FEDERATION[1]}/); "
            f"admin login {DEMO_ADMIN[0]} / {DEMO_ADMIN[1]}; player logins: each member's "
            f"first name in lower case (bob, carol the referee, dave…) / {DEMO_PLAYER_PASSWORD}"
        ))

    def _player_user(self, name: str, role: str):
        username = name.split()[0].lower()
        referee = role == Membership.Role.REFEREE
        user, created = get_user_model().objects.get_or_create(
            username=username, defaults={"email": f"{username}@riverside.example",
                                         "first_name": name.split()[0],
                                         "last_name": name.split()[-1], "is_staff": referee})
        if created:
            user.set_password(DEMO_PLAYER_PASSWORD)
            user.save()
            if referee:
                user.user_permissions.add(*Permission.objects.filter(
                    content_type__app_label__in=REFEREE_APPS))
        return user

    def _admin_user(self):
        username, password = DEMO_ADMIN
        user, created = get_user_model().objects.get_or_create(
            username=username, defaults={"is_staff": True, "is_superuser": True}
        )
        if created:
            user.set_password(password)
            user.save()
        return user
