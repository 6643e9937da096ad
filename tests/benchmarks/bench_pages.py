"""Benchmark of every page and API list at club scale, in process, against a minimal view.

Run: ``python tests/benchmarks/bench_pages.py [--players 500 --matches 20000 --evenings 300]
[--seconds 0.4 --rounds 3] [--only club] [--keep DIR]``; on PostgreSQL with
``DATABASE_URL=postgres://postgres@127.0.0.1:5432/bgclub_perf`` (the database is made when
missing; a club already seeded there is reused, ``--fresh`` drops it and seeds again).

1. ``seed_club`` makes the club ("bench": 500 players, 20,000 finished matches over five
   seasons, 300 chouette evenings, 40 tournaments); then, through the services, what it
   does not make: a member with a login and a club admin with one, match records (the
   sample files, then copies of them up to ``--records``), a ladder of 100 with its
   challenges, a league season of six divisions, a running double elimination of 64, and
   the ratings recomputed.
2. Every page and API list is requested in this process through Django's WSGI handler (the
   whole middleware stack: security, whitenoise, sessions, CSRF, authentication, messages)
   with the session cookie of the member (of the admin for the manage page), DEBUG off. Each
   is timed in ``--rounds`` rounds, each round a batch of the minimal view that reads the
   signed-in user (``bench_urls.minimal_user``: the ceiling of any member page on this
   server) then a batch of the page, ``--seconds`` each; the ratio printed is the median
   over the rounds of the page's rate over the baseline's beside it. Also printed: the
   queries of a warm request (the page asked once before), the first, cold request's
   time and the minimal view's own rate.

Figures are printed; nothing is asserted about time. A page answering other than 200 is
an error (the run stops).
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SLUG = "bench"
#: Below this ratio to the minimal view a page is marked (issue 18's bar).
BAR = 0.25


def _setup_django(data_dir: str) -> None:
    os.environ["DATA_DIR"] = data_dir  # never the developer's own database
    os.environ.setdefault("SECRET_KEY", "bench-secret-" * 5)
    os.environ["DEBUG"] = "false"
    os.environ["ALLOWED_HOSTS"] = "testserver,127.0.0.1,localhost"
    os.environ["SECURE_SSL_REDIRECT"] = "false"
    # The API's per-user throttle keeps a request's time for each request in its window: a
    # window of a second keeps it near production's (600 a minute) instead of the whole run.
    os.environ["API_THROTTLE_USER"] = "100000/second"
    os.environ["DJANGO_SETTINGS_MODULE"] = "tests.benchmarks.bench_settings"
    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        _postgres_database(os.environ["DATABASE_URL"])
    import django

    django.setup()


def _postgres_database(url: str) -> None:
    """Make the database of DATABASE_URL when it is missing (``--fresh``: drop it first)."""
    from urllib.parse import urlsplit

    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    server = url[: url.rindex("/")] + "/postgres"
    with psycopg.connect(server, autocommit=True) as connection:
        if "--fresh" in sys.argv:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        found = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                                   [name]).fetchone()
        if not found:
            connection.execute(f'CREATE DATABASE "{name}"')


# --------------------------------------------------------------------------- the data


def _seed(args) -> dict:
    from django.core.management import call_command

    from clubs.models import Club

    call_command("migrate", verbosity=0)
    if not Club.objects.filter(slug=SLUG).exists():
        started = time.perf_counter()
        call_command("seed_club", "--slug", SLUG, "--players", str(args.players),
                     "--matches", str(args.matches), "--evenings", str(args.evenings),
                     "--no-ratings")
        _extras(Club.objects.get(slug=SLUG), args)
        print(f"seeded in {time.perf_counter() - started:.1f} s")
        from django.db import connection

        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")  # the statistics autovacuum keeps on a live server
    else:
        print(f"reusing the club {SLUG!r} already in the database")
    return _facts(Club.objects.get(slug=SLUG))


def _extras(club, args) -> None:
    """What seed_club leaves out, made through the services as a club would make it."""
    import datetime
    import random

    from django.contrib.auth import get_user_model

    from chouette.models import ChouetteLedgerEntry
    from clubs.models import Membership, Player
    from ratings.services.recompute import BEGINNING, ratings_recompute
    from ratings.services.updates import ratings_recompute_request
    from tournaments.services.simulation import SimulationPlan, tournament_simulate

    rng = random.Random(18)
    users = get_user_model().objects
    members = list(Membership.objects.filter(club=club).order_by("player_id")
                   .values_list("player_id", flat=True))
    # The member signed in: a chouette regular (their record and balance are on the pages).
    regular = (ChouetteLedgerEntry.objects.filter(session__club=club)
               .values_list("member_id", flat=True).order_by("member_id").first())
    member_user = users.create(username="bench-member")
    admin_user = users.create(username="bench-admin")
    Player.objects.filter(pk=regular).update(user=member_user)
    admin_player = next(p for p in members if p != regular)
    Membership.objects.filter(club=club, player_id=admin_player).update(role="admin")
    Player.objects.filter(pk=admin_player).update(user=admin_user)

    _records(club, members, member_user, rng, args.records)
    _ladder(club, members, admin_user, rng)
    _league(club, members, admin_user)
    tournament_simulate(club=club, by=admin_user, plan=SimulationPlan(
        name="Bench double", format="double_elimination", entrants=64,
        starts_on=datetime.date.today(), seed="bench", results=60, withdrawal=False))
    _swiss(club, members[200:248], admin_user)
    ratings_recompute_request(club_id=club.pk, from_at=BEGINNING[0],
                              from_match_id=BEGINNING[1])
    ratings_recompute(club_id=club.pk)


def _records(club, members, user, rng, wanted: int) -> None:
    """The sample match files (each rules-checked), then copies of their rows between other
    members (a list page shows rows, not moves) up to ``wanted`` records."""
    import hashlib

    from games.models import MatchRecord, RulesCheck
    from games.services.match_import import MatchImportError, match_import
    from games.services.rules_check import rules_check_run
    from tests.samples import SAMPLES

    made = []
    for path in sorted(SAMPLES.glob("*")):
        if path.suffix not in {".mat", ".sgf", ".txt"} or len(made) >= 8:
            continue
        left, right = rng.sample(members, 2)
        try:
            record = match_import(club=club, data=path.read_bytes(), filename=path.name,
                                  uploaded_by=user,
                                  player_left=_player(left), player_right=_player(right))
        except MatchImportError:
            continue
        rules_check_run(check_id=record.rules_check.pk)
        made.append(record)
    copies = []
    for i in range(max(0, wanted - len(made))):
        model = made[i % len(made)]
        left, right = rng.sample(members, 2)
        copies.append(MatchRecord(
            club=club, player_left_id=left, player_right_id=right, name_left=model.name_left,
            name_right=model.name_right, match_length=model.match_length,
            source_name=model.source_name, source_text="(a copy for the benchmark)",
            source_sha256=hashlib.sha256(f"bench-{i}".encode()).hexdigest(),
            score_left=model.score_left, score_right=model.score_right, winner=model.winner,
            uploaded_by=user))
    copies = MatchRecord.objects.bulk_create(copies, batch_size=500)
    RulesCheck.objects.bulk_create([RulesCheck(record=r, status=RulesCheck.Status.PASSED)
                                    for r in copies], batch_size=500)


def _player(pk):
    from clubs.models import Player

    return Player.objects.get(pk=pk)


def _ladder(club, members, user, rng) -> None:
    """A ladder of 100 members; 80 challenges decided, then a few left open."""
    from tournaments.services import ladder as ladders
    from tournaments.services.errors import TournamentError

    ladder = ladders.ladder_create(club=club, name="Bench ladder", reach=3, days=14, length=7)
    for player in members[:100]:
        ladders.ladder_join(ladder=ladder, player=player)
    decided = opened = 0
    while decided < 80 or opened < 5:
        order = list(ladder.rungs.order_by("position").values_list("player_id", flat=True))
        low = rng.randrange(1, len(order))
        high = max(0, low - rng.randint(1, 3))
        try:
            challenge = ladders.challenge_issue(ladder=ladder, by=user, challenger=order[low],
                                                challenged=order[high])
        except TournamentError:
            continue
        if decided < 80:
            winner = order[low] if rng.random() < 0.5 else order[high]
            ladders.challenge_enter(challenge=challenge, by=user, winner=winner,
                                    score_challenger=7 if winner == order[low] else 4,
                                    score_challenged=4 if winner == order[low] else 7)
            decided += 1
        else:
            opened += 1


def _league(club, members, user) -> None:
    """A season of six divisions of ten, started, its first two rounds played."""
    import datetime

    from django.utils import timezone

    from tournaments.services import league as leagues

    today = timezone.localdate()
    season = leagues.season_create(
        club=club, name="Bench league", starts_on=today - datetime.timedelta(days=30),
        ends_on=today + datetime.timedelta(days=200),
        divisions=[members[100 + 10 * d: 110 + 10 * d] for d in range(6)],
        days_per_round=14, promote=2, relegate=2, length=5)
    leagues.season_start(season=season)
    for division in season.divisions.all():
        for fixture in division.fixtures.filter(round__lte=2):
            leagues.fixture_enter(fixture=fixture, by=user, winner=fixture.player_a_id,
                                  score_a=5, score_b=3)


def _swiss(club, players, user) -> None:
    """A Swiss of 48 over six rounds, three of them played (the better seed wins)."""
    from django.utils import timezone

    from tournaments import services as tournaments
    from tournaments.models import TournamentMatch
    from tournaments.services import rounds

    swiss = tournaments.tournament_create(
        club=club, name="Bench Swiss", format="swiss", starts_on=timezone.localdate(),
        options={"lengths": {"main": 5}, "format_settings": {"rounds": 6}}, created_by=user)
    for player in players:
        tournaments.entry_add(tournament=swiss, player=player)
    tournaments.tournament_start(tournament=swiss, by=user)
    for number in (1, 2, 3):
        preview = rounds.swiss_round_preview(tournament=swiss)
        rounds.swiss_round_publish(tournament=swiss, pairs=preview["pairs"], by=user)
        for match in swiss.matches.filter(round_number=number,
                                          status=TournamentMatch.Status.READY):
            tournaments.match_result_enter(match=match, by=user, winner=match.player_a_id,
                                           score_a=5, score_b=3)


def _facts(club) -> dict:
    from django.contrib.auth import get_user_model
    from django.db.models import Count, Q

    from chouette.models import ChouetteSession
    from clubs.models import Player
    from games.models import MatchRecord
    from results.models import FinishedMatch

    users = get_user_model().objects
    member = Player.objects.get(user__username="bench-member")
    # The busiest player of the club (the longest player page and head-to-head).
    busiest = (FinishedMatch.objects.filter(club=club).values("player_a_id")
               .annotate(n=Count("pk")).order_by("-n", "player_a_id")[0]["player_a_id"])
    opponent = (FinishedMatch.objects.filter(club=club, player_a_id=busiest)
                .values_list("player_b_id", flat=True).first())
    record = MatchRecord.objects.filter(club=club).exclude(
        source_text="(a copy for the benchmark)").filter(
        Q(games__isnull=False)).order_by("pk").first()
    return {
        "club": club,
        "member": _cookie(users.get(username="bench-member")),
        "admin": _cookie(users.get(username="bench-admin")),
        "member_player": member.pk, "player": busiest, "opponent": opponent,
        "record": record.pk,
        "session": ChouetteSession.objects.filter(club=club).order_by("-date", "-pk")
        .values_list("pk", flat=True).first(),
        "tournament": club.tournaments.get(name="Bench double").pk,
        "finished_tournament": club.tournaments.filter(status="finished")
        .order_by("pk").values_list("pk", flat=True).first(),
        "swiss": club.tournaments.get(name="Bench Swiss").pk,
        "ladder": club.ladders.get(name="Bench ladder").pk,
        "league": club.leagues.get(name="Bench league").pk,
    }


def _cookie(user) -> str:
    """The session cookie, and a CSRF cookie as a browser sends it after its first page
    (without one every page with a form would make a new secret, and set it)."""
    from django.test import Client
    from django.utils.crypto import get_random_string

    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}; csrftoken={get_random_string(32)}"


def _pages(f: dict) -> list[tuple[str, str, str]]:
    """(label, path, who) for every page and API list."""
    c = f"/clubs/{SLUG}"
    api = f"/api/clubs/{SLUG}"
    pages = [
        ("club page", f"{c}/", "member"),
        ("manage page (admin)", f"{c}/manage/", "admin"),
        ("match records list", f"{c}/matches/", "member"),
        ("a match page", f"/matches/{f['record']}/", "member"),
        ("chouette session list", f"{c}/chouette/", "member"),
        ("a session page", f"{c}/chouette/{f['session']}/", "member"),
        ("settlement (balances)", f"{c}/chouette/settlement/", "member"),
        ("a chouette record", f"{c}/chouette/players/{f['member_player']}/", "member"),
        ("tournaments list", f"{c}/tournaments/", "member"),
        ("a tournament page", f"{c}/tournaments/{f['tournament']}/", "member"),
        ("a finished tournament", f"{c}/tournaments/{f['finished_tournament']}/", "member"),
        ("Swiss standings", f"{c}/tournaments/{f['swiss']}/standings/", "member"),
        ("my tournaments", f"{c}/tournaments/mine/", "member"),
        ("live lobby", f"{c}/live/", "member"),
        ("ladders list", f"{c}/ladders/", "member"),
        ("ladder", f"{c}/ladders/{f['ladder']}/", "member"),
        ("leagues list", f"{c}/leagues/", "member"),
        ("league", f"{c}/leagues/{f['league']}/", "member"),
        ("rating list", f"{c}/ratings/", "member"),
        ("leaderboard", f"{c}/ratings/leaderboard/", "member"),
        ("master points", f"{c}/ratings/master-points/", "member"),
        ("head-to-head", f"{c}/players/{f['player']}/head-to-head/?opponent={f['opponent']}",
         "member"),
        ("player page", f"{c}/players/{f['player']}/", "member"),
        ("(minimal API view)", "/bench/minimal-api/", "member"),
        ("API clubs", "/api/clubs/", "member"),
        ("API players", f"/api/players/?club={SLUG}", "member"),
        ("API match records", "/api/matches/", "member"),
        ("API chouette sessions", "/api/chouette/sessions/", "member"),
        ("API chouette games", "/api/chouette/games/", "member"),
        ("API settlement", f"{api}/chouette/settlement/", "member"),
        ("API me", "/api/me/", "member"),
        ("API tournaments", "/api/tournaments/", "member"),
        ("API a tournament", f"/api/tournaments/{f['tournament']}/", "member"),
        ("API tournament standings", f"/api/tournaments/{f['swiss']}/standings/",
         "member"),
        ("API ladder", f"/api/ladders/{f['ladder']}/", "member"),
        ("API league", f"/api/leagues/{f['league']}/", "member"),
        ("API rating list", f"{api}/ratings/", "member"),
        ("API standings", f"{api}/standings/", "member"),
        ("API rating history", f"{api}/players/{f['player']}/rating-history/", "member"),
        ("API head-to-head", f"{api}/players/{f['player']}/head-to-head/", "member"),
        ("API analysis series", f"/api/players/{f['player']}/analysis/", "member"),
    ]
    return pages


# --------------------------------------------------------------------------- timing


class Caller:
    """GET requests through Django's WSGI handler, as a WSGI server would send them."""

    def __init__(self):
        from django.core.handlers.wsgi import WSGIHandler

        self.handler = WSGIHandler()

    def get(self, path: str, cookie: str) -> tuple[int, int]:
        path, _, query = path.partition("?")
        environ = {
            "REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": query,
            "SCRIPT_NAME": "", "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "80",
            "SERVER_PROTOCOL": "HTTP/1.1", "HTTP_HOST": "127.0.0.1", "REMOTE_ADDR": "127.0.0.1",
            "HTTP_COOKIE": cookie,
            # What a script asks of the API (not the browsable API's HTML page).
            "HTTP_ACCEPT": "application/json" if "api/" in path else "text/html",
            "wsgi.input": io.BytesIO(b""), "wsgi.errors": sys.stderr,
            "wsgi.url_scheme": "http", "wsgi.multithread": False, "wsgi.multiprocess": True,
            "wsgi.run_once": False, "wsgi.version": (1, 0),
        }
        status = []
        body = self.handler(environ, lambda s, headers, exc_info=None: status.append(s))
        try:
            size = sum(len(chunk) for chunk in body)
        finally:
            body.close()  # request_finished: what a server does after each response
        return int(status[0].split()[0]), size

    def rate(self, path: str, cookie: str, seconds: float) -> float:
        count, started = 0, time.perf_counter()
        stop = started + seconds
        while True:
            self.get(path, cookie)
            count += 1
            now = time.perf_counter()
            if now >= stop:
                return count / (now - started)


def _queries(caller: Caller, path: str, cookie: str) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        caller.get(path, cookie)
    return len(captured)


def measure(args, facts: dict) -> list[dict]:
    caller = Caller()
    cookies = {"member": facts["member"], "admin": facts["admin"]}
    baseline = "/bench/minimal-user/"
    for who in cookies.values():  # warm both sessions and the baseline
        caller.get(baseline, who)
    rows = []
    pages = [p for p in _pages(facts) if not args.only or any(
        word.lower() in p[0].lower() for word in args.only)]
    engine = facts["club"]._state.db
    from django.db import connections

    vendor = connections[engine].vendor
    print(f"{vendor}; in process, DEBUG off; {args.rounds} rounds of {args.seconds:g} s "
          f"(baseline) + {args.seconds:g} s (page) per page; ratio = page / minimal view "
          f"with the signed-in user, median of the rounds")
    print(f"{'page':28} {'req/s':>8} {'ratio':>7} {'queries':>8} {'kB':>6} {'cold ms':>8} "
          f"{'minimal':>8}")
    for label, path, who in pages:
        cookie = cookies[who]
        started = time.perf_counter()
        status, size = caller.get(path, cookie)
        cold = (time.perf_counter() - started) * 1000
        if status != 200:
            raise SystemExit(f"{label}: {path} answered {status}")
        queries = _queries(caller, path, cookie)
        ratios, rates, bases = [], [], []
        for _ in range(args.rounds):
            base = caller.rate(baseline, cookie, args.seconds)
            rate = caller.rate(path, cookie, args.seconds)
            ratios.append(rate / base)
            rates.append(rate)
            bases.append(base)
        ratio = statistics.median(ratios)
        row = {"label": label, "path": path, "rate": statistics.median(rates),
               "ratio": ratio, "queries": queries, "size": size, "cold": cold,
               "base": statistics.median(bases)}
        rows.append(row)
        mark = "" if ratio >= BAR else f"  < {BAR}"
        print(f"{label:28} {row['rate']:8.1f} {ratio:6.2f}x {queries:8d} "
              f"{size / 1024:6.1f} {cold:8.1f} {row['base']:8.1f}{mark}", flush=True)
    below = [r["label"] for r in rows if r["ratio"] < BAR]
    print(f"{len(rows) - len(below)} of {len(rows)} at or above {BAR}x"
          + (f"; below: {', '.join(below)}" if below else ""))
    return rows


def main(argv=None) -> None:
    import warnings

    # No collectstatic for a benchmark: whitenoise's warning about STATIC_ROOT is noise.
    warnings.filterwarnings("ignore", message="No directory at")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--matches", type=int, default=20_000)
    parser.add_argument("--evenings", type=int, default=300)
    parser.add_argument("--records", type=int, default=400,
                        help="Match records in the club (the sample files and copies).")
    parser.add_argument("--seconds", type=float, default=0.4, help="Per batch.")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", nargs="*", help="Pages whose label holds one of these.")
    parser.add_argument("--keep", help="A directory for the SQLite database, kept between "
                                       "runs (seeded once).")
    parser.add_argument("--fresh", action="store_true",
                        help="PostgreSQL: drop the database of DATABASE_URL and seed again.")
    args = parser.parse_args(argv)
    if args.keep:
        Path(args.keep).mkdir(parents=True, exist_ok=True)
        _setup_django(args.keep)
        measure(args, _seed(args))
        return
    with tempfile.TemporaryDirectory(prefix="bench-pages-") as data_dir:
        _setup_django(data_dir)
        measure(args, _seed(args))


if __name__ == "__main__":
    main()
