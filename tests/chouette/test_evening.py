"""A full chouette evening through the services, checked at every step against numbers
worked by hand (the same evening as tests/chouette/test_chouette_evening.py, this time
stored: order roll, twelve games with drops, beavers, captain drops, joins, a sit-out,
leaves, an undo; the ledger, balances and the settlement plan).

Points are the box's against each member (+: the member pays the box); stake 2.50 a point.
"""

import datetime
from decimal import Decimal

import pytest

from chouette import selectors, services
from chouette.core import settle_check
from chouette.models import ChouetteGame, ChouetteLedgerEntry
from tests.factories import MembershipFactory, PlayerFactory

STAKE = Decimal("2.50")
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]


@pytest.fixture
def people(club):
    return {name: MembershipFactory(club=club, player=PlayerFactory(name=name)).player
            for name in NAMES}


class Evening:
    def __init__(self, session, people, user):
        self.session, self.p, self.user = session, people, user
        self.ids = {player.pk: name for name, player in people.items()}

    def line(self) -> tuple[str, ...]:
        return tuple(self.ids[p] for p in services.session_lineup(session=self.session).line)

    def start(self, **kwargs):
        return services.chouette_game_start(session=self.session, started_by=self.user, **kwargs)

    def act(self, kind: str, *names: str):
        services.chouette_cube_action(session=self.session, kind=kind, created_by=self.user,
                                      members=[self.p[n].pk for n in names])

    def result(self, winner: str, kind: str, resigned=False):
        services.chouette_result_record(session=self.session, winner=winner, kind=kind,
                                        resigned=resigned, recorded_by=self.user)

    def check_game(self, game, box: str, points: dict[str, int], next_line: tuple):
        game.refresh_from_db()
        assert game.status == ChouetteGame.Status.FINISHED
        entries = ChouetteLedgerEntry.objects.filter(game=game)
        assert {self.ids[e.box_id] for e in entries} == {box}
        assert {self.ids[e.member_id]: e.points for e in entries} == points
        assert all(e.amount == e.points * STAKE for e in entries)
        assert self.line() == next_line

    def running(self) -> dict[str, int]:
        return {row["name"]: row["points"]
                for row in selectors.session_balances(session=self.session) if row["points"]}


@pytest.mark.django_db
def test_a_full_evening_through_the_services(club, alice, people):
    session = services.chouette_session_start(
        club=club, date=datetime.date(2026, 3, 6), stake=STAKE, created_by=alice,
        players=[people[n] for n in ("Ann", "Ben", "Cat", "Dan", "Eve")])
    ev = Evening(session, people, alice)
    ann, ben, cat, dan, eve = (people[n].pk for n in ("Ann", "Ben", "Cat", "Dan", "Eve"))

    # Order: Ben alone on 6; Ann/Cat tie on 5, Dan/Eve on 2 — only the tied re-roll.
    services.chouette_order_roll(session=session, rolls={ann: 5, ben: 6, cat: 5, dan: 2, eve: 2})
    with pytest.raises(ValueError, match="only the tied players re-roll"):
        services.chouette_order_roll(session=session, rolls={ben: 3, ann: 4, cat: 1})
    services.chouette_order_roll(session=session, rolls={ann: 3, cat: 3, dan: 4, eve: 1})
    with pytest.raises(ValueError, match="Roll the order"):
        ev.start()
    services.chouette_order_roll(session=session, rolls={ann: 2, cat: 6})
    assert ev.line() == ("Ben", "Cat", "Ann", "Dan", "Eve")

    # Game 1. Box Ben. Box doubles Cat+Ann: Cat takes, Ann drops (pays 1); Dan doubles the
    # box, box takes. Team wins a single: Cat -2, Ann +1, Dan -2, Eve -1 → box -4.
    game = ev.start()
    ev.act("box_double", "Cat", "Ann")
    ev.act("take", "Cat")
    ev.act("drop", "Ann")
    ev.act("team_double", "Dan")
    ev.act("take", "Dan")
    ev.result("team", "single")
    ev.check_game(game, "Ben", {"Cat": -2, "Ann": 1, "Dan": -2, "Eve": -1},
                  ("Cat", "Ann", "Dan", "Eve", "Ben"))
    assert ev.running() == {"Ben": -4, "Cat": 2, "Ann": -1, "Dan": 2, "Eve": 1}

    # Game 2. Box Cat doubles all: Ann beavers (4), Dan and Ben take, Eve drops. Box gammon:
    # Ann +8, Dan +4, Eve +1, Ben +4 → box +17; box stays, Ann to the bottom.
    game = ev.start()
    ev.act("box_double", "Ann", "Dan", "Eve", "Ben")
    for kind, name in [("beaver", "Ann"), ("take", "Dan"), ("drop", "Eve"), ("take", "Ben")]:
        ev.act(kind, name)
    ev.result("box", "gammon")
    ev.check_game(game, "Cat", {"Ann": 8, "Dan": 4, "Eve": 1, "Ben": 4},
                  ("Cat", "Dan", "Eve", "Ben", "Ann"))
    assert ev.running() == {"Ben": -8, "Cat": 19, "Ann": -9, "Dan": -2}

    # Game 3. Captain Dan drops the box's double; Eve (took) is acting captain. Eve and Ben
    # redouble at once: box takes Eve (4), drops Ben (Ben cashes 2). Box single:
    # Dan +1, Eve +4, Ben -2, Ann +1 → box +4; the captain lost.
    game = ev.start()
    ev.act("box_double", "Dan", "Eve", "Ben")
    ev.act("drop", "Dan")
    assert selectors.scoreboard(session=session)["game"]["acting_captain"]["name"] == "Eve"
    ev.act("take", "Eve")
    ev.act("take", "Ben")
    ev.act("team_double", "Eve", "Ben")
    ev.act("take", "Eve")
    ev.act("drop", "Ben")
    ev.result("box", "single")
    ev.check_game(game, "Cat", {"Dan": 1, "Eve": 4, "Ben": -2, "Ann": 1},
                  ("Cat", "Eve", "Ben", "Ann", "Dan"))

    # Game 4. Captain Eve drops, Ann takes; Ben acting captain. Team gammon, but the
    # rotation follows Eve (lost): Eve +1, Ben -1 (Jacoby), Ann -4, Dan -1 → box -5.
    game = ev.start()
    ev.act("box_double", "Eve", "Ann")
    ev.act("drop", "Eve")
    ev.act("take", "Ann")
    ev.result("team", "gammon")
    ev.check_game(game, "Cat", {"Eve": 1, "Ben": -1, "Ann": -4, "Dan": -1},
                  ("Cat", "Ben", "Ann", "Dan", "Eve"))

    # Fay arrives: bottom of the line.
    services.chouette_player_join(session=session, player=people["Fay"])
    assert ev.line() == ("Cat", "Ben", "Ann", "Dan", "Eve", "Fay")

    # Game 5. Ben, Ann, Dan double the box at once: box beavers Ben (4), takes Ann, drops Dan.
    # Team backgammon: Ben -12, Ann -6, Dan -1, Eve -1, Fay -1 → box -21.
    game = ev.start()
    ev.act("team_double", "Ben", "Ann", "Dan")
    ev.act("beaver", "Ben")
    ev.act("take", "Ann")
    ev.act("drop", "Dan")
    ev.result("team", "backgammon")
    ev.check_game(game, "Cat", {"Ben": -12, "Ann": -6, "Dan": -1, "Eve": -1, "Fay": -1},
                  ("Ben", "Ann", "Dan", "Eve", "Fay", "Cat"))

    # Dan sits out.
    services.chouette_player_move(session=session, player=dan, move="sit_out")
    assert ev.line() == ("Ben", "Ann", "Eve", "Fay", "Cat")

    # Game 6. Box doubles Ann (takes), Ann redoubles (box takes, 4). The team resigns a
    # gammon: Ann +8; Eve, Fay, Cat +1 (Jacoby) → box +11.
    game = ev.start()
    ev.act("box_double", "Ann")
    ev.act("take", "Ann")
    ev.act("team_double", "Ann")
    ev.act("take", "Ann")
    ev.result("box", "gammon", resigned=True)
    ev.check_game(game, "Ben", {"Ann": 8, "Eve": 1, "Fay": 1, "Cat": 1},
                  ("Ben", "Eve", "Fay", "Cat", "Ann"))

    # Dan returns (bottom); the box Ben leaves: captain Eve boxes, Fay captains.
    services.chouette_player_move(session=session, player=dan, move="return")
    services.chouette_player_move(session=session, player=ben, move="leave")
    assert ev.line() == ("Eve", "Fay", "Cat", "Ann", "Dan")

    # Game 7. The box doubles all four and all drop: over without a board result, box +4.
    game = ev.start()
    ev.act("box_double", "Fay", "Cat", "Ann", "Dan")
    for name in ("Fay", "Cat", "Ann", "Dan"):
        ev.act("drop", name)
    ev.check_game(game, "Eve", {"Fay": 1, "Cat": 1, "Ann": 1, "Dan": 1},
                  ("Eve", "Cat", "Ann", "Dan", "Fay"))
    assert game.winner == ""

    # The captain Cat leaves: Ann captains. Gus joins at the bottom.
    services.chouette_player_move(session=session, player=cat, move="leave")
    services.chouette_player_join(session=session, player=people["Gus"])
    assert ev.line() == ("Eve", "Ann", "Dan", "Fay", "Gus")

    # Game 8. All four double the box: it takes Ann, Dan; drops Fay, Gus (cash 1 each). Box
    # redoubles Ann to 4, Ann beavers (8). Team single: Ann -8, Dan -2, Fay -1, Gus -1 → -12.
    game = ev.start()
    ev.act("team_double", "Ann", "Dan", "Fay", "Gus")
    for kind, name in [("take", "Ann"), ("take", "Dan"), ("drop", "Fay"), ("drop", "Gus")]:
        ev.act(kind, name)
    ev.act("box_double", "Ann")
    ev.act("beaver", "Ann")
    ev.result("team", "single")
    ev.check_game(game, "Eve", {"Ann": -8, "Dan": -2, "Fay": -1, "Gus": -1},
                  ("Ann", "Dan", "Fay", "Gus", "Eve"))

    # A wrong tap: the admin records "team wins" for game 9, then undoes the game. The
    # reversing entries cancel it and the order goes back to before its rotation.
    wrong = ev.start()
    ev.result("team", "single")
    assert ev.line() == ("Dan", "Fay", "Gus", "Eve", "Ann")
    services.chouette_game_undo(session=session, undone_by=alice, reason="wrong winner")
    wrong.refresh_from_db()
    assert wrong.status == ChouetteGame.Status.REVERSED
    reversals = ChouetteLedgerEntry.objects.filter(game=wrong, reverses__isnull=False)
    assert sorted(e.points for e in reversals) == [1, 1, 1, 1]
    assert all(e.reason == "wrong winner" and e.created_by == alice for e in reversals)
    assert sum(e.points for e in ChouetteLedgerEntry.objects.filter(game=wrong)) == 0
    assert ev.line() == ("Ann", "Dan", "Fay", "Gus", "Eve")

    # Game 9 (stored as number 10). No cube turned; box backgammon counts 1 (Jacoby) → +4.
    game = ev.start()
    assert game.number == 10
    ev.result("box", "backgammon")
    ev.check_game(game, "Ann", {"Dan": 1, "Fay": 1, "Gus": 1, "Eve": 1},
                  ("Ann", "Fay", "Gus", "Eve", "Dan"))

    # Game 10. Box doubles Fay and Gus: Fay drops, Gus takes (acting captain) and redoubles,
    # box takes (4). Team gammon: Fay +1, Gus -8, Eve -1, Dan -1 → box -9; Fay lost.
    game = ev.start()
    ev.act("box_double", "Fay", "Gus")
    ev.act("drop", "Fay")
    ev.act("take", "Gus")
    ev.act("team_double", "Gus")
    ev.act("take", "Gus")
    ev.result("team", "gammon")
    ev.check_game(game, "Ann", {"Fay": 1, "Gus": -8, "Eve": -1, "Dan": -1},
                  ("Ann", "Gus", "Eve", "Dan", "Fay"))

    # Game 11. Box doubles all: Gus, Eve take, Dan beavers (4), Fay drops. Team single:
    # Gus -2, Eve -2, Dan -4, Fay +1 → box -7.
    game = ev.start()
    ev.act("box_double", "Gus", "Eve", "Dan", "Fay")
    for kind, name in [("take", "Gus"), ("take", "Eve"), ("beaver", "Dan"), ("drop", "Fay")]:
        ev.act(kind, name)
    ev.result("team", "single")
    ev.check_game(game, "Ann", {"Gus": -2, "Eve": -2, "Dan": -4, "Fay": 1},
                  ("Gus", "Eve", "Dan", "Fay", "Ann"))

    # Game 12. Eve doubles alone, the box drops: Eve cashes 1 (captain won her game). The box
    # doubles Dan, Fay, Ann: Dan, Fay take, Ann drops. Box single: Eve -1, Dan +2, Fay +2,
    # Ann +1 → box +4; Eve takes the box.
    game = ev.start()
    ev.act("team_double", "Eve")
    ev.act("drop", "Eve")
    ev.act("box_double", "Dan", "Fay", "Ann")
    ev.act("take", "Dan")
    ev.act("take", "Fay")
    ev.act("drop", "Ann")
    ev.result("box", "single")
    ev.check_game(game, "Gus", {"Eve": -1, "Dan": 2, "Fay": 2, "Ann": 1},
                  ("Eve", "Dan", "Fay", "Ann", "Gus"))

    # The evening's totals (by hand: the sum of the twelve games' nets).
    totals = {"Ben": 18, "Cat": -5, "Ann": -14, "Dan": 2, "Eve": -10, "Fay": -5, "Gus": 14}
    assert ev.running() == totals
    balances = {row["name"]: row["amount"] for row in selectors.session_balances(session=session)}
    assert balances == {name: points * STAKE for name, points in totals.items()}
    assert sum(balances.values()) == 0
    for game in ChouetteGame.objects.filter(session=session):
        # Each game balances: the box's net is exactly minus its counterparties' nets.
        net = selectors._net(game.ledger_entries.all())
        assert sum(points for points, _ in net.values()) == 0
        assert sum(amount for _, amount in net.values()) == 0
        if game.status == ChouetteGame.Status.REVERSED:
            assert all(points == 0 for points, _ in net.values())

    # Settlement: Ann's -35.00 pays Gus's +35.00 in one payment; five payments in all.
    plan = selectors.settlement(club=club)["plan"]
    money = {row["player_id"]: row["amount"] for row in selectors.settlement(club=club)[
        "balances"]}
    assert settle_check(money, [(r["payer_id"], r["payee_id"], r["amount"]) for r in plan])
    assert len(plan) == 5
    assert {"payer": "Ann", "payee": "Gus", "amount": Decimal("35.00")}.items() <= next(
        r for r in plan if r["payer"] == "Ann").items()
    services.chouette_plan_mark_paid(club=club, session=session, created_by=alice)
    assert selectors.outstanding_balances(club=club) == {}
