"""Scenario tests for the seed sentences about the opening, the cube, results and matches.

Positions (for results) are Play results: the loser is on roll (X), the winner (O) has
borne off all fifteen. Players in Game are 0 and 1.
"""

import pytest

from games.engine import (
    CubeError,
    CubeState,
    Game,
    GameStateError,
    MatchScore,
    Phase,
    Position,
    ResultKind,
    Rule,
    Rules,
    game_points,
    game_result,
    loser_on_bar,
)

MONEY = Rules()


def opened(rules=MONEY, score=None) -> Game:
    game = Game(rules, score=score)
    game.roll_opening((3, 1))  # player 0 opens with 3-1
    game.play("8/5 6/5")
    return game  # player 1 is on roll, before rolling


def test_the_higher_opening_die_moves_first_with_both_dice():
    """000: "each player throws a single die. ... The player throwing the higher number now
    moves his counters according to the numbers showing on both dice." (002: "combining
    their own roll with their opponent's die"; 003/004 likewise.) """
    game = Game(MONEY)
    assert game.roll_opening((2, 5))
    assert game.on_roll == 1 and game.dice == (5, 2) and game.phase is Phase.MOVE


def test_equal_opening_dice_are_rolled_again():
    """000: "If equal numbers come up, then both players roll again until they roll
    different numbers." (001: "In case of a tie, the players roll again."; 002: "Ties are
    re-rolled.") """
    game = Game(MONEY)
    assert not game.roll_opening((4, 4))
    assert game.phase is Phase.OPENING and game.cube.value == 1


def test_after_the_first_roll_players_alternate():
    """000: "After the first roll, the players throw two dice and alternate turns." """
    game = opened()
    assert game.on_roll == 1 and game.phase is Phase.ROLL
    game.roll((6, 4))
    game.play("24/18 13/9")
    assert game.on_roll == 0


def test_doubling_only_before_rolling():
    """000: "He may do this only at the start of his own turn and before he has rolled the
    dice." """
    game = opened()
    game.roll((6, 4))
    with pytest.raises(GameStateError):
        game.double()


def test_a_player_who_cannot_move_may_still_double():
    """002: "Note: a player who is blocked from moving can still propose to double." """
    game = opened()
    #  Position ID: 27YBBwDg5+ADQA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X                |   | O  O  O  O  O  O |
    #  | X                |   | O  O  O  O  O  O |
    #  | X                |   |                  |
    #  | X                |   |                  |
    #  | X                |   |                  |
    #  |                  |BAR|                  |
    #  |                  |   | 6                |
    #  |                  |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    |   | X                |
    #  | O           X    | X | X                |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 150 pips, 0 off; O: 81 pips, 0 off
    game.position = Position.from_position_id("27YBBwDg5+ADQA")
    assert game.can_double() is None
    game.double()
    assert game.phase is Phase.DOUBLE


def test_refusing_a_double_concedes_one_point():
    """000: "A player who is offered a double may refuse, in which case he concedes the game
    and pays one point." (003: "A Single game is won by the first player who ... has caused
    his opponent to refuse a doubling of the cube.") """
    game = opened()
    game.double()
    result = game.drop()
    assert (result.winner, result.kind, result.points, result.ended_by) == \
        (1, ResultKind.SINGLE, 1, "drop")


def test_the_taker_owns_the_cube_and_only_he_may_redouble():
    """000: "A player who accepts a double becomes the owner of the doubling cube and only he
    may make the next double." (003: "with the other player "owning" the cube, being the
    only one that can next redouble") """
    game = opened()
    game.double()
    game.take()
    assert game.cube == CubeState(2, 0, turned=True)
    game.roll((6, 4))
    game.play("24/18 13/9")
    assert game.on_roll == 0 and game.can_double() is None
    game.roll((2, 1))
    game.play("13/11 6/5")
    assert game.can_double() == Rule.CUBE_NOT_OWNED
    with pytest.raises(CubeError):
        game.double()


def test_refusing_a_redouble_pays_the_stake_before_it():
    """000: "If a player refuses a redouble, he must pay the number of points that were at
    stake prior to the redouble." """
    cube = CubeState(4, 1).double(1, rules=MONEY)
    assert cube.drop() == (1, 4)


def test_there_is_no_limit_to_redoubles_unless_a_limit_is_set():
    """000: "There is no limit to the number of redoubles in a game." """
    cube = CubeState()
    for turn in range(12):
        cube = cube.double(turn % 2, rules=MONEY).take()
    assert cube.value == 4096
    limited = Rules(cube_limit=8)
    assert CubeState(8, 0).can_double(0, rules=limited) == Rule.CUBE_LIMIT


def test_cube_values_single_gammon_backgammon():
    """000: "if the losing opponent is able to remove at least one of his counters, the
    player gets the number of points ... on the doubling cube ... a gammon, the player wins
    twice the amount ... a triple game or backgammon ... three times the amount" (003: "the
    value of the cube times 1 for a single game, 2 for a double game, or 3 for a triple
    game.") """
    for kind, factor in [(ResultKind.SINGLE, 1), (ResultKind.GAMMON, 2),
                         (ResultKind.BACKGAMMON, 3)]:
        assert game_points(cube=4, kind=kind, rules=MONEY, cube_turned=True) == 4 * factor


def test_a_loser_who_bore_off_a_checker_loses_a_single_game():
    """001: "If one player has not borne off any checkers by the time his opponent has borne
    off all fifteen, he has lost a gammon" - so one checker off is a single loss."""
    #  Position ID: AAAA4PsAAAAAAA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |   |                  |
    #  |                  |BAR|                  |
    #  |                  |   | X  X             |
    #  |                  |   | X  X             |
    #  |                  |   | X  X             |
    #  |                  |   | X  X             |
    #  |                  |   | X  X             |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 55 pips, 5 off; O: 0 pips, 15 off
    assert game_result(Position.from_position_id("AAAA4PsAAAAAAA")) is ResultKind.SINGLE


def test_a_loser_with_none_off_loses_a_gammon():
    """004: "If the other player has not borne off any checkers by the time his opponent has
    borne off all fifteen he has lost a gammon, which counts for double a normal loss" """
    #  Position ID: AAAAwOeDDwAAAA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X                |   |                  |
    #  | X                |   |                  |
    #  | X                |   |                  |
    #  | X                |   |                  |
    #  | X                |   |                  |
    #  |                  |BAR|                  |
    #  |             X    |   | X                |
    #  |             X    |   | X                |
    #  |             X    |   | X                |
    #  |             X    |   | X                |
    #  |             X    |   | X                |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 135 pips, 0 off; O: 0 pips, 15 off
    assert game_result(Position.from_position_id("AAAAwOeDDwAAAA")) is ResultKind.GAMMON


def test_a_checker_in_the_winners_home_board_or_on_the_bar_is_a_backgammon():
    """001: "If a player has not borne off any checkers, and still has checkers on the bar
    and/or in his opponents home board ... he has lost a backgammon, which counts for triple
    a normal loss." (000, 002, 003, 004 likewise.) """
    #  Position ID: AAAAwOeDBxAAAA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X                |   |          X       |
    #  | X                |   |                  |
    #  | X                |   |                  |
    #  | X                |   |                  |
    #  |                  |   |                  |
    #  |                  |BAR|                  |
    #  |             X    |   | X                |
    #  |             X    |   | X                |
    #  |             X    |   | X                |
    #  |             X    |   | X                |
    #  |             X    |   | X                |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 144 pips, 0 off; O: 0 pips, 15 off
    assert game_result(Position.from_position_id("AAAAwOeDBxAAAA")) is ResultKind.BACKGAMMON
    #  Position ID: AAAAwOeDB4AAAA   X on roll
    #  + 13 14 15 16 17 18|   | 19 20 21 22 23 24+
    #  | X                |   |                  |
    #  | X                |   |                  |
    #  | X                |   |                  |
    #  | X                |   |                  |
    #  |                  |   |                  |
    #  |                  |BAR|                  |
    #  |             X    |   | X                |
    #  |             X    |   | X                |
    #  |             X    |   | X                |
    #  |             X    |   | X                |
    #  |             X    | X | X                |
    #  + 12 11 10  9  8  7|   |  6  5  4  3  2  1+
    #  X: 147 pips, 0 off; O: 0 pips, 15 off
    on_bar = Position.from_position_id("AAAAwOeDB4AAAA")
    assert game_result(on_bar) is ResultKind.BACKGAMMON and loser_on_bar(on_bar)


def test_the_game_is_not_over_until_fifteen_are_off():
    """000: "The first player to bear off all fifteen counters wins the game." """
    assert game_result(Position.start()) is None


def test_a_backgammon_counted_as_a_gammon_variant():
    """002: "Note: in some countries, a backgammon is worth only double rather than
    triple." """
    rules = Rules(backgammon_multiplier=2)
    assert game_points(cube=1, kind=ResultKind.BACKGAMMON, rules=rules, cube_turned=False) == 2


def test_a_quadruple_loss_for_a_checker_on_the_bar_variant():
    """001: "Sometimes a distinction is made between pieces in the opponents home board
    (triple loss) and pieces on the bar (quadruple loss)." """
    rules = Rules(bar_backgammon_multiplier=4)
    value = game_points(cube=2, kind=ResultKind.BACKGAMMON, rules=rules, cube_turned=True,
                        on_bar=True)
    assert value == 8
    assert game_points(cube=2, kind=ResultKind.BACKGAMMON, rules=rules, cube_turned=True) == 6


def test_the_jacoby_rule_counts_gammons_single_until_the_cube_is_turned():
    """002: "Jacoby rule: if the cube has not been doubled during the game, gammons and
    backgammons are worth only one point." """
    jacoby = Rules(jacoby=True)
    assert game_points(cube=1, kind=ResultKind.GAMMON, rules=jacoby, cube_turned=False) == 1
    assert game_points(cube=2, kind=ResultKind.GAMMON, rules=jacoby, cube_turned=True) == 4


def test_money_options_do_not_apply_in_match_play():
    """002: "In match play, where you need to reach a set number of points to win, automatic
    doubles and the Jacoby rule generally do not apply." """
    match = Rules(match_length=7, jacoby=True, automatic_doubles=1, beavers=True)
    assert game_points(cube=1, kind=ResultKind.GAMMON, rules=match, cube_turned=False) == 2
    game = Game(match)
    game.roll_opening((5, 5))
    assert game.cube.value == 1
    assert not match.beavers_in_force


def test_automatic_doubles_one_per_game_by_default():
    """002: "Automatic double: when the very first dice roll produces doubles, the cube stays
    in the center but its value automatically goes to 2 (instead of 1). By convention, only
    one automatic double per game is allowed. The dice are re-rolled to determine the first
    move." """
    game = Game(Rules(automatic_doubles=1))
    assert not game.roll_opening((3, 3))
    assert game.cube == CubeState(2, None)
    assert not game.roll_opening((6, 6))
    assert game.cube.value == 2
    assert game.roll_opening((6, 1)) and game.on_roll == 0


def test_the_crawford_game_has_no_doubling():
    """002: "the Crawford rule states that if one player reaches a score of exactly 1 point
    less than the match target, the doubling cube is removed from play for the following
    game (doubling is not allowed)." """
    score = MatchScore(5, (4, 2))
    assert score.is_crawford_game()
    game = opened(Rules(match_length=5), score)
    assert game.can_double() == Rule.CRAWFORD_NO_DOUBLE
    with pytest.raises(CubeError) as caught:
        game.double()
    assert caught.value.rule == Rule.CRAWFORD_NO_DOUBLE


def test_the_crawford_rule_applies_for_one_game_only():
    """002: "This applies for one game only - if the match continues, the cube returns." """
    after = MatchScore(5, (4, 2)).after_game(1, 1)
    assert after.scores == (4, 3) and not after.is_crawford_game() and after.is_post_crawford()
    game = opened(Rules(match_length=5), after)
    assert game.can_double() is None


def test_the_crawford_rule_can_be_turned_off():
    score = MatchScore(5, (4, 2), crawford=False)
    assert not score.is_crawford_game()


def test_the_match_is_won_on_reaching_or_exceeding_the_length():
    """002: "the first player to reach or exceed the set number of points winning the
    match." """
    final = MatchScore(5, (3, 4), crawford_played=True).after_game(0, 4)
    assert final.winner() == 0 and final.is_over() and final.scores == (7, 4)
    with pytest.raises(GameStateError):
        final.after_game(1, 1)
