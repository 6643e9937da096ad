"""A full club evening, worked by hand game by game (issue 5, "Done when").

Default settings: one cube per member, Jacoby on, beavers on, raccoons off, no partner.
Points are the box's against each member (+: the member pays the box); "net" is each player's
result for the game.  The hand computation is written next to each game.
"""

from decimal import Decimal

import pytest

from chouette.core import (
    ChouetteGame,
    ChouetteSettings,
    GameOverError,
    Lineup,
    MemberStatus,
    OpeningRoll,
    Side,
    add_balances,
    ledger_amounts,
    opening_order,
    settle_check,
    settlement_plan,
)
from games.engine import ResultKind

ANN, BEN, CAT, DAN, EVE, FAY, GUS = 1, 2, 3, 4, 5, 6, 7
SETTINGS = ChouetteSettings()
STAKE = Decimal("2.50")


def _finish(game: ChouetteGame, lineup: Lineup, expected_points, expected_net, next_line):
    outcome = game.outcome()
    assert dict(outcome.member_points) == expected_points
    assert outcome.box_total == sum(expected_points.values())
    net = outcome.net_points()
    assert net == expected_net
    assert sum(net.values()) == 0
    assert outcome.box_total == -sum(net[m] for m in game.members)
    following = game.next_lineup(lineup)
    assert following.line == next_line
    assert set(following.players) == set(lineup.players)
    return following, net


def test_the_opening_roll_rerolls_only_the_tied_players():
    rolls = OpeningRoll(players=(ANN, BEN, CAT, DAN, EVE))
    assert rolls.must_reroll() == ((ANN, BEN, CAT, DAN, EVE),)
    rolls = rolls.add_round({ANN: 5, BEN: 6, CAT: 5, DAN: 2, EVE: 2})
    # BEN is alone on top; ANN and CAT tie on 5, DAN and EVE on 2.
    assert rolls.must_reroll() == ((ANN, CAT), (DAN, EVE))
    rolls = rolls.add_round({ANN: 3, CAT: 3, DAN: 4, EVE: 1})
    assert rolls.must_reroll() == ((ANN, CAT),)
    rolls = rolls.add_round({ANN: 2, CAT: 6})
    assert rolls.is_complete
    assert rolls.order() == (BEN, CAT, ANN, DAN, EVE)
    # The same rounds through the one-call API.
    assert opening_order(
        [
            {ANN: 5, BEN: 6, CAT: 5, DAN: 2, EVE: 2},
            {ANN: 3, CAT: 3, DAN: 4, EVE: 1},
            {ANN: 2, CAT: 6},
        ]
    ) == (BEN, CAT, ANN, DAN, EVE)


def test_a_full_evening():
    lineup = OpeningRoll(
        players=(ANN, BEN, CAT, DAN, EVE),
        rounds=(
            ((ANN, 5), (BEN, 6), (CAT, 5), (DAN, 2), (EVE, 2)),
            ((ANN, 3), (CAT, 3), (DAN, 4), (EVE, 1)),
            ((ANN, 2), (CAT, 6)),
        ),
    ).lineup()
    assert (lineup.box, lineup.captain, lineup.team) == (BEN, CAT, (ANN, DAN, EVE))
    nets = []

    # Game 1. Box BEN, captain CAT. The box doubles CAT and ANN: CAT takes, ANN drops (pays 1).
    # DAN doubles the box on his own cube; the box takes. The team wins a single game:
    # CAT -2, ANN +1 (drop), DAN -2, EVE -1 (cube 1)  →  box -4; captain won.
    game = ChouetteGame.start(lineup, SETTINGS)
    game = game.box_doubles([CAT, ANN]).take(CAT).drop(ANN)
    assert game.member_game(ANN).status is MemberStatus.DROPPED
    assert game.member_game(ANN).settled == 1
    game = game.team_doubles([DAN]).take(DAN)
    assert game.cube(DAN).value == 2 and game.cube(DAN).owner is Side.BOX
    game = game.record_result(Side.TEAM, ResultKind.SINGLE)
    lineup, net = _finish(
        game,
        lineup,
        {CAT: -2, ANN: 1, DAN: -2, EVE: -1},
        {BEN: -4, CAT: 2, ANN: -1, DAN: 2, EVE: 1},
        (CAT, ANN, DAN, EVE, BEN),  # the captain boxes, the box goes to the bottom
    )
    nets.append(net)

    # Game 2. Box CAT, captain ANN. The box doubles everyone: ANN beavers (4, on ANN's side),
    # DAN and BEN take, EVE drops.  The box wins a gammon (cubes turned: Jacoby off for them):
    # ANN 4x2 = +8, DAN +4, EVE +1, BEN +4  →  box +17; the box stays, ANN to the bottom.
    game = ChouetteGame.start(lineup, SETTINGS)
    game = game.box_doubles([ANN, DAN, EVE, BEN])
    game = game.beaver(ANN).take(DAN).drop(EVE).take(BEN)
    assert game.cube(ANN).value == 4 and game.cube(ANN).owner is Side.TEAM
    game = game.record_result("box", "gammon")
    lineup, net = _finish(
        game,
        lineup,
        {ANN: 8, DAN: 4, EVE: 1, BEN: 4},
        {CAT: 17, ANN: -8, DAN: -4, EVE: -1, BEN: -4},
        (CAT, DAN, EVE, BEN, ANN),
    )
    nets.append(net)

    # Game 3. Box CAT, captain DAN.  The box doubles DAN, EVE, BEN: the captain DAN drops (+1)
    # and EVE, the next member who took, plays on as acting captain.  EVE and BEN redouble at
    # once; the box takes EVE's (4) and drops BEN's (BEN cashes 2).  The box wins a single:
    # DAN +1, EVE +4, BEN -2, ANN +1  →  box +4; the captain lost (he dropped).
    game = ChouetteGame.start(lineup, SETTINGS)
    game = game.box_doubles([DAN, EVE, BEN]).drop(DAN)
    assert game.acting_captain == EVE
    game = game.take(EVE).take(BEN)
    game = game.team_doubles([EVE, BEN]).take(EVE).drop(BEN)
    assert game.member_game(BEN).status is MemberStatus.CASHED
    assert game.acting_captain == EVE
    game = game.record_result(Side.BOX, ResultKind.SINGLE)
    lineup, net = _finish(
        game,
        lineup,
        {DAN: 1, EVE: 4, BEN: -2, ANN: 1},
        {CAT: 4, DAN: -1, EVE: -4, BEN: 2, ANN: -1},
        (CAT, EVE, BEN, ANN, DAN),
    )
    nets.append(net)

    # Game 4. Box CAT, captain EVE.  The box doubles EVE and ANN: EVE drops, ANN takes; BEN is
    # acting captain.  The TEAM wins a gammon, but the rotation follows EVE's own result (lost):
    # EVE +1, BEN -1 (cube never turned: Jacoby), ANN 2x2 = -4, DAN -1  →  box -5.
    game = ChouetteGame.start(lineup, SETTINGS)
    game = game.box_doubles([EVE, ANN]).drop(EVE).take(ANN)
    assert game.acting_captain == BEN
    game = game.record_result(Side.TEAM, ResultKind.GAMMON)
    assert game.captain_won is False
    lineup, net = _finish(
        game,
        lineup,
        {EVE: 1, BEN: -1, ANN: -4, DAN: -1},
        {CAT: -5, EVE: -1, BEN: 1, ANN: 4, DAN: 1},
        (CAT, BEN, ANN, DAN, EVE),  # the box stays although the team won the board
    )
    nets.append(net)

    # Between games FAY arrives: bottom of the line.
    lineup = lineup.join(FAY)
    assert lineup.line == (CAT, BEN, ANN, DAN, EVE, FAY)

    # Game 5. Box CAT, captain BEN.  BEN, ANN and DAN double the box at once: the box beavers
    # BEN (4, on the box's side), takes ANN (2) and drops DAN (DAN cashes 1).  The team wins a
    # backgammon: BEN 4x3 = -12, ANN 2x3 = -6, DAN -1, EVE -1 and FAY -1 (Jacoby)  →  box -21.
    game = ChouetteGame.start(lineup, SETTINGS)
    game = game.team_doubles([BEN, ANN, DAN]).beaver(BEN).take(ANN).drop(DAN)
    assert game.cube(BEN).value == 4 and game.cube(BEN).owner is Side.BOX
    game = game.record_result(Side.TEAM, ResultKind.BACKGAMMON)
    lineup, net = _finish(
        game,
        lineup,
        {BEN: -12, ANN: -6, DAN: -1, EVE: -1, FAY: -1},
        {CAT: -21, BEN: 12, ANN: 6, DAN: 1, EVE: 1, FAY: 1},
        (BEN, ANN, DAN, EVE, FAY, CAT),
    )
    nets.append(net)

    # DAN sits out.
    lineup = lineup.sit_out(DAN)
    assert (lineup.line, lineup.sitting_out) == ((BEN, ANN, EVE, FAY, CAT), (DAN,))

    # Game 6. Box BEN, captain ANN.  The box doubles ANN (takes), ANN redoubles (box takes, 4).
    # The team resigns a gammon: ANN 4x2 = +8; EVE, FAY, CAT +1 each (Jacoby)  →  box +11.
    game = ChouetteGame.start(lineup, SETTINGS)
    game = game.box_doubles([ANN]).take(ANN).team_doubles([ANN]).take(ANN)
    game = game.record_result(Side.BOX, ResultKind.GAMMON, resigned=True)
    assert game.result.resigned
    lineup, net = _finish(
        game,
        lineup,
        {ANN: 8, EVE: 1, FAY: 1, CAT: 1},
        {BEN: 11, ANN: -8, EVE: -1, FAY: -1, CAT: -1},
        (BEN, EVE, FAY, CAT, ANN),
    )
    nets.append(net)

    # DAN comes back (bottom), then the box BEN leaves: the captain EVE boxes, FAY captains.
    lineup = lineup.return_(DAN).leave(BEN)
    assert lineup.line == (EVE, FAY, CAT, ANN, DAN) and lineup.sitting_out == ()

    # Game 7. Box EVE, captain FAY.  The box doubles all four and all drop: the game is over
    # without a board result, box +4; the captain lost.
    game = ChouetteGame.start(lineup, SETTINGS)
    game = game.box_doubles([FAY, CAT, ANN, DAN])
    game = game.drop(FAY).drop(CAT).drop(ANN).drop(DAN)
    assert game.is_over and game.result is None and game.acting_captain is None
    with pytest.raises(GameOverError):
        game.record_result(Side.TEAM, ResultKind.SINGLE)
    lineup, net = _finish(
        game,
        lineup,
        {FAY: 1, CAT: 1, ANN: 1, DAN: 1},
        {EVE: 4, FAY: -1, CAT: -1, ANN: -1, DAN: -1},
        (EVE, CAT, ANN, DAN, FAY),
    )
    nets.append(net)

    # The captain CAT leaves: ANN captains.  GUS joins at the bottom.
    lineup = lineup.leave(CAT).join(GUS)
    assert lineup.line == (EVE, ANN, DAN, FAY, GUS)

    # Game 8. Box EVE, captain ANN.  All four double the box: it takes ANN and DAN (2 each)
    # and drops FAY and GUS (each cashes 1).  The box redoubles ANN to 4; ANN beavers (8).
    # The team wins a single: ANN -8, DAN -2, FAY -1, GUS -1  →  box -12.
    game = ChouetteGame.start(lineup, SETTINGS)
    game = game.team_doubles([ANN, DAN, FAY, GUS])
    game = game.take(ANN).take(DAN).drop(FAY).drop(GUS)
    game = game.box_doubles([ANN]).beaver(ANN)
    assert game.cube(ANN).value == 8 and game.cube(ANN).owner is Side.TEAM
    game = game.record_result(Side.TEAM, ResultKind.SINGLE)
    lineup, net = _finish(
        game,
        lineup,
        {ANN: -8, DAN: -2, FAY: -1, GUS: -1},
        {EVE: -12, ANN: 8, DAN: 2, FAY: 1, GUS: 1},
        (ANN, DAN, FAY, GUS, EVE),
    )
    nets.append(net)

    # Game 9. Box ANN, captain DAN.  No cube turned; the box wins a backgammon, which counts
    # single on every cube under Jacoby: +1 each  →  box +4.
    game = ChouetteGame.start(lineup, SETTINGS).record_result(Side.BOX, ResultKind.BACKGAMMON)
    lineup, net = _finish(
        game,
        lineup,
        {DAN: 1, FAY: 1, GUS: 1, EVE: 1},
        {ANN: 4, DAN: -1, FAY: -1, GUS: -1, EVE: -1},
        (ANN, FAY, GUS, EVE, DAN),
    )
    nets.append(net)

    # Game 10. Box ANN, captain FAY.  The box doubles FAY and GUS: FAY drops, GUS takes and
    # plays on as acting captain; GUS redoubles, the box takes (4).  The team wins a gammon:
    # FAY +1, GUS 4x2 = -8, EVE -1, DAN -1 (Jacoby)  →  box -9; the captain FAY lost.
    game = ChouetteGame.start(lineup, SETTINGS)
    game = game.box_doubles([FAY, GUS]).drop(FAY).take(GUS)
    assert game.acting_captain == GUS
    game = game.team_doubles([GUS]).take(GUS)
    game = game.record_result(Side.TEAM, ResultKind.GAMMON)
    lineup, net = _finish(
        game,
        lineup,
        {FAY: 1, GUS: -8, EVE: -1, DAN: -1},
        {ANN: -9, FAY: -1, GUS: 8, EVE: 1, DAN: 1},
        (ANN, GUS, EVE, DAN, FAY),
    )
    nets.append(net)

    # Game 11. Box ANN, captain GUS.  The box doubles all: GUS and EVE take, DAN beavers (4),
    # FAY drops.  The team wins a single: GUS -2, EVE -2, DAN -4, FAY +1  →  box -7.
    game = ChouetteGame.start(lineup, SETTINGS)
    game = game.box_doubles([GUS, EVE, DAN, FAY])
    game = game.take(GUS).take(EVE).beaver(DAN).drop(FAY)
    game = game.record_result(Side.TEAM, ResultKind.SINGLE)
    lineup, net = _finish(
        game,
        lineup,
        {GUS: -2, EVE: -2, DAN: -4, FAY: 1},
        {ANN: -7, GUS: 2, EVE: 2, DAN: 4, FAY: -1},
        (GUS, EVE, DAN, FAY, ANN),
    )
    nets.append(net)

    # Game 12. Box GUS, captain EVE.  EVE doubles alone and the box drops: EVE cashes 1 and is
    # out; DAN is acting captain.  The box doubles DAN, FAY, ANN: DAN and FAY take, ANN drops.
    # The box wins a single: EVE -1, DAN +2, FAY +2, ANN +1  →  box +4.  The captain EVE won
    # her own game (the box passed her cube), so she takes the box.
    game = ChouetteGame.start(lineup, SETTINGS)
    game = game.team_doubles([EVE]).drop(EVE)
    assert game.acting_captain == DAN and game.captain_won is True
    game = game.box_doubles([DAN, FAY, ANN]).take(DAN).take(FAY).drop(ANN)
    game = game.record_result(Side.BOX, ResultKind.SINGLE)
    lineup, net = _finish(
        game,
        lineup,
        {EVE: -1, DAN: 2, FAY: 2, ANN: 1},
        {GUS: 4, EVE: 1, DAN: -2, FAY: -2, ANN: -1},
        (EVE, DAN, FAY, ANN, GUS),
    )
    nets.append(net)

    # The evening's points, by hand (sum of the twelve nets above).
    totals = add_balances(*nets)
    assert totals == {BEN: 18, CAT: -5, ANN: -14, DAN: 2, EVE: -10, FAY: -5, GUS: 14}
    assert sum(totals.values()) == 0

    money = ledger_amounts(totals, STAKE)
    assert money == {
        BEN: Decimal("45.00"),
        CAT: Decimal("-12.50"),
        ANN: Decimal("-35.00"),
        DAN: Decimal("5.00"),
        EVE: Decimal("-25.00"),
        FAY: Decimal("-12.50"),
        GUS: Decimal("35.00"),
    }
    plan = settlement_plan(money)
    assert settle_check(money, plan)
    # ANN -35 and GUS +35 cancel: one payment; the other five players need four.
    assert (ANN, GUS, Decimal("35.00")) in plan
    assert len(plan) == 5


def test_every_games_ledger_entries_balance():
    """Per game, the box's entries against each member are exactly minus the members' own."""
    lineup = Lineup(line=(ANN, BEN, CAT, DAN))
    game = ChouetteGame.start(lineup, SETTINGS).box_doubles([BEN, CAT]).take(BEN).drop(CAT)
    game = game.record_result(Side.BOX, ResultKind.GAMMON)
    outcome = game.outcome()
    entries = ledger_amounts(dict(outcome.ledger_lines()), Decimal("0.10"))
    assert entries == {BEN: Decimal("0.40"), CAT: Decimal("0.10"), DAN: Decimal("0.10")}
    net_money = ledger_amounts(outcome.net_points(), Decimal("0.10"))
    assert sum(net_money.values()) == 0
