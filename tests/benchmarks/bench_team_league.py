"""Benchmark: a federation's team league at scale (issue 35, point 9).

Run: ``python tests/benchmarks/bench_team_league.py [--rounds 2]``

In a database of its own (SQLite under a temporary DATA_DIR unless DATABASE_URL is set): a
federation of 20 clubs, each with three teams, 60 teams in 3 levels (the Elite of 12, two
1st divisions of 12, two 2nd divisions of 12), 6 boards, a double round robin.

1. the draw of every division (``team_league_draw``): target under 1 s;
2. ``--rounds`` rounds played (both line-ups, the home captain's card, the away captain's
   confirmation), then one more card confirmed and timed until the division tables are read
   again; the federation's rating list replays it inside the figure once the ratings hear a
   federation's matches (Celery in-process, as the tests run it; the count of rated players
   and of the card's players whose national rating moved say whether they did): target
   under 2 s. Wall and CPU (process) seconds.

Figures are printed; nothing is asserted about time.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def _setup(data_dir: str) -> None:
    os.environ["DATA_DIR"] = data_dir  # never the developer's own database
    os.environ.setdefault("SECRET_KEY", "bench-secret-" * 5)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from config.celery import app

    app.conf.task_always_eager = True


def _seed():
    from django.contrib.auth.models import User

    from clubs.models import Club, Membership, Player
    from federations.models import Federation, FederationClub
    from teamleagues import services

    fed = Federation.objects.create(name="Bench Federation", slug="bench", country="DK")
    clubs, players, captains = [], {}, {}
    for i in range(20):
        club = Club.objects.create(name=f"Club {i:02}", slug=f"club-{i:02}")
        FederationClub.objects.create(federation=fed, club=club, status="member",
                                      joined_on=datetime.date(2020, 1, 1))
        clubs.append(club)
        players[club.pk] = []
        for j in range(18):
            p = Player.objects.create(name=f"P {i:02}-{j:02}")
            Membership.objects.create(club=club, player=p, role=Membership.Role.PLAYER)
            players[club.pk].append(p)
    league = services.team_league_create(
        federation=fed, name="Bench League", season="2027", boards=6,
        lengths=[5, 5, 5, 7, 7, 7], meetings=2)
    divisions = [services.division_create(league=league, name=name, level=level,
                                          promote=2, relegate=2)
                 for name, level in (("Elite", 1), ("1st North", 2), ("1st South", 2),
                                     ("2nd North", 3), ("2nd South", 3))]
    teams = []
    for k in range(3):  # a club's first, second and third team
        for i, club in enumerate(clubs):
            index = k * 20 + i  # 0..59: the Elite takes the first 12
            division = divisions[min(index // 12, 4)]
            user = User.objects.create(username=f"cap-{i}-{k}")
            captain = Player.objects.create(name=f"Captain {i}-{k}", user=user)
            Membership.objects.create(club=club, player=captain, role=Membership.Role.PLAYER)
            team = services.team_create(
                league=league, club=club, name=f"{club.name} {k + 1}", division=division,
                captain=captain, squad=players[club.pk][6 * k:6 * k + 6])
            captains[team.pk] = user
            teams.append(team)
    return league, captains


def _play(fixture, captains) -> None:
    from teamleagues import services
    from teamleagues.selectors import ratings_on

    for team in (fixture.home, fixture.away):
        squad = list(team.squad.order_by("pk").values_list("pk", flat=True))
        # The captain sets the board order by the national list on the day (checked
        # against it once the list holds the earlier rounds' boards).
        ratings = ratings_on(league=fixture.league, player_ids=squad,
                             day=fixture.date or datetime.date.today())
        squad.sort(key=lambda pk: -ratings.get(pk, 0))
        services.lineup_submit(fixture=fixture, team=team, players=squad,
                               by=captains[team.pk])
    lengths = fixture.league.lengths
    boards = [{"board": n, "winner": "home" if n % 2 else "away",
               "score_home": lengths[n - 1] if n % 2 else 0,
               "score_away": 0 if n % 2 else lengths[n - 1], "walkover": False}
              for n in range(1, 7)]
    services.card_enter(fixture=fixture, boards=boards, by=captains[fixture.home_id])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        _setup(data_dir)
        from ratings.models import Rating
        from teamleagues import selectors, services
        from teamleagues.models import Fixture

        league, captains = _seed()
        start = time.perf_counter()
        fixtures, problems = services.team_league_draw(
            league=league, start=datetime.date.today() + datetime.timedelta(days=30))
        print(f"draw: {len(fixtures)} fixtures in 5 divisions, "
              f"{time.perf_counter() - start:.3f} s ({len(problems)} problems)")
        played = Fixture.objects.filter(league=league, round__lte=args.rounds).select_related(
            "league", "home", "away")
        for fixture in played:
            _play(fixture, captains)
            services.card_confirm(fixture=fixture, by=captains[fixture.away_id])
        print(f"{played.count()} cards played ({args.rounds} rounds)")
        fixture = Fixture.objects.filter(league=league, round=args.rounds + 1).select_related(
            "league", "home", "away").first()
        _play(fixture, captains)
        board_players = set()
        for lineup in fixture.lineups.prefetch_related("boards"):
            board_players |= {b.player_id for b in lineup.boards.all()}
        before = dict(Rating.objects.filter(pool__federation=league.federation,
                                            player_id__in=board_players)
                      .values_list("player_id", "rating"))
        start, cpu = time.perf_counter(), time.process_time()
        services.card_confirm(fixture=fixture, by=captains[fixture.away_id])
        confirmed, confirmed_cpu = time.perf_counter() - start, time.process_time() - cpu
        tables = selectors.division_tables(league=league)
        total, total_cpu = time.perf_counter() - start, time.process_time() - cpu
        rated = Rating.objects.filter(pool__federation=league.federation).count()
        after = dict(Rating.objects.filter(pool__federation=league.federation,
                                           player_id__in=board_players)
                     .values_list("player_id", "rating"))
        moved = sum(1 for pk in board_players if after.get(pk) != before.get(pk))
        row = next(r for t in tables for r in t.rows if r.team.pk == fixture.home_id)
        print(f"a confirmed card: {confirmed:.3f} s wall, {confirmed_cpu:.3f} s CPU (its 6 "
              f"boards written, the federation's list replayed on commit: {rated} rated "
              f"players, {moved} of the card's {len(board_players)} players' national "
              f"ratings moved); with the {len(tables)} division tables read again: "
              f"{total:.3f} s wall, {total_cpu:.3f} s CPU (the home team: "
              f"{row.played} played, {row.board_points} board points)")

if __name__ == "__main__":
    main()
