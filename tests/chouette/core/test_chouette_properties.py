"""Hypothesis properties: every game balances to zero, settlement pays everyone exactly with
at most n - 1 payments (the minimum, checked by brute force on small cases), and the rotation
and lineup changes keep the set of players."""

from decimal import Decimal
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from chouette.core import (
    ActionRefused,
    Beaver,
    BoxDoubles,
    ChouetteGame,
    ChouetteSettings,
    Drop,
    Lineup,
    LineupError,
    MemberStatus,
    Raccoon,
    RecordResult,
    Side,
    Take,
    TeamDoubles,
    settle_check,
    settlement_plan,
)
from games.engine import ResultKind, Rules, game_points

# --------------------------------------------------------------------------- games

chouette_settings = st.builds(
    ChouetteSettings,
    cube_mode=st.sampled_from(["per_member", "team"]),
    jacoby=st.booleans(),
    beavers=st.just(True),
    raccoons=st.booleans(),
    automatic_doubles=st.integers(0, 1),
    box_partner_from=st.sampled_from([None, 6]),
    box_answer_policy=st.sampled_from(["free", "take_at_least_half", "take_captains"]),
    cube_limit=st.sampled_from([None, 8, 64]),
)


@st.composite
def played_games(draw):
    settings_ = draw(chouette_settings)
    size = draw(st.integers(2, 8))
    lineup = Lineup(line=tuple(range(1, size + 1)), box_partner_from=settings_.box_partner_from)
    auto = settings_.automatic_doubles == 1 and draw(st.booleans())
    game = ChouetteGame.start(lineup, settings_, automatic_double=auto)
    members = list(game.members)
    for _ in range(draw(st.integers(0, 25))):
        kind = draw(st.sampled_from(["box", "team", "take", "drop", "beaver", "raccoon"]))
        chosen = draw(st.lists(st.sampled_from(members), min_size=1, unique=True))
        if kind in ("take", "drop", "beaver"):
            action = {"take": Take, "drop": Drop, "beaver": Beaver}[kind](chosen[0])
        else:
            action = {"box": BoxDoubles, "team": TeamDoubles, "raccoon": Raccoon}[kind](chosen)
        # Team-cube doubles need everyone: sometimes offer exactly the members playing.
        if kind in ("box", "team") and draw(st.booleans()):
            action = type(action)(game.playing or chosen)
        try:
            game = game.apply(action)
        except ActionRefused:
            pass
        if game.is_over:
            break
    if game.volley is not None:  # answer what is pending, then finish the board
        for member in game.volley.members:
            if game.volley is not None and game.volley.answer_of(member) is None:
                for answer in (game.take, game.beaver, game.drop):
                    try:
                        game = answer(member)
                        break
                    except ActionRefused:
                        continue
                else:
                    raise AssertionError(f"no answer possible for {member}: {game}")
    if not game.is_over:
        winner = draw(st.sampled_from(list(Side)))
        kind = draw(st.sampled_from(list(ResultKind)))
        game = game.apply(RecordResult(winner, kind, draw(st.booleans())))
    return game


@settings(max_examples=300, deadline=None)
@given(played_games())
def test_every_game_balances_to_zero(game):
    outcome = game.outcome()
    net = outcome.net_points()
    assert sum(net.values()) == 0
    assert net[game.box] + (net[game.partner] if game.partner is not None else 0) == -sum(
        net[m] for m in game.members
    )
    assert outcome.box_total == sum(points for _, points in outcome.member_points)
    assert sum(points for _, points in outcome.ledger_lines()) == net[game.box]
    rules = game.settings.to_engine_rules()
    for member, points in outcome.member_points:
        member_game = game.member_game(member)
        cube = member_game.cube
        assert cube.pending is None
        if game.settings.cube_limit is not None:
            assert cube.value <= game.settings.cube_limit
        if member_game.status is MemberStatus.PLAYING:
            value = game_points(
                cube=cube.value, kind=game.result.kind, rules=rules, cube_turned=cube.turned
            )
            assert points == (value if game.result.winner is Side.BOX else -value)
        else:
            assert points == member_game.settled
    if game.settings.cube_mode == "team":
        owners = {game.cube(m).owner for m in game.playing}
        assert len(owners) <= 1
    following = game.next_lineup()
    assert sorted(following.players) == sorted(game.lineup.players)
    assert following.box == (game.captain if outcome.captain_won else game.box)


def test_jacoby_value_comes_from_the_engine():
    rules = Rules(jacoby=True)
    assert game_points(cube=1, kind=ResultKind.GAMMON, rules=rules, cube_turned=False) == 1


# --------------------------------------------------------------------------- settlement


@st.composite
def balances(draw, max_players=9):
    count = draw(st.integers(0, max_players))
    exponent = draw(st.sampled_from([0, -1, -2]))
    values = draw(st.lists(st.integers(-60, 60), min_size=count, max_size=count))
    if values:
        values[-1] = -sum(values[:-1])
    return {player: Decimal(value).scaleb(exponent) for player, value in enumerate(values)}


def fewest_payments_by_brute_force(values):
    """n - (largest number of disjoint zero-sum groups), by trying every partition."""
    values = [v for v in values if v != 0]

    def best(items):
        if not items:
            return 0
        first, rest = items[0], items[1:]
        top = 0
        for size in range(len(rest) + 1):
            for group in combinations(range(len(rest)), size):
                if first + sum(rest[i] for i in group) == 0:
                    left = [rest[i] for i in range(len(rest)) if i not in group]
                    top = max(top, 1 + best(left))
        return top

    return len(values) - best(values)


@settings(max_examples=300, deadline=None)
@given(balances())
def test_settlement_pays_everyone_exactly_with_at_most_n_minus_1_payments(money):
    plan = settlement_plan(money)
    assert settle_check(money, plan)
    nonzero = sum(1 for value in money.values() if value != 0)
    assert len(plan) <= max(nonzero - 1, 0)
    assert all(amount > 0 and payer != payee for payer, payee, amount in plan)


@settings(max_examples=150, deadline=None)
@given(balances(max_players=7))
def test_settlement_uses_the_fewest_payments(money):
    assert len(settlement_plan(money)) == fewest_payments_by_brute_force(list(money.values()))


# --------------------------------------------------------------------------- lineup


lineup_changes = st.lists(
    st.tuples(
        st.sampled_from(["join", "sit_out", "return", "leave", "rotate"]),
        st.integers(1, 10),
        st.booleans(),
    ),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 8), lineup_changes, st.sampled_from([None, 6]))
def test_rotation_and_changes_keep_the_set_of_players(size, changes, partner_from):
    lineup = Lineup(line=tuple(range(1, size + 1)), box_partner_from=partner_from)
    present = set(lineup.players)
    for change, player, captain_won in changes:
        before = lineup
        try:
            if change == "join":
                lineup = lineup.join(player)
                present.add(player)
            elif change == "sit_out":
                lineup = lineup.sit_out(player)
            elif change == "return":
                lineup = lineup.return_(player)
            elif change == "leave":
                lineup = lineup.leave(player)
                present.discard(player)
            else:
                lineup = lineup.rotate(captain_won)
                line = before.line
                if captain_won:
                    assert lineup.line == line[1:2] + line[2:] + line[:1]
                else:
                    assert lineup.line == line[:1] + line[2:] + line[1:2]
        except LineupError:
            assert lineup is before
        assert set(lineup.players) == present
        assert len(lineup.players) == len(present)
