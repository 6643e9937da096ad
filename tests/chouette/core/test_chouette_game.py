"""One game's transitions, values and refusals (every refusal of issue 5, with its reason)."""

from dataclasses import FrozenInstanceError

import pytest

from chouette.core import (
    ActionRefused,
    AnswerPolicyError,
    AutomaticDoubleNotAllowedError,
    Beaver,
    BeaverNotAllowedError,
    BoxDoubles,
    ChouetteGame,
    ChouetteSettings,
    CubeLimitError,
    DoublePendingError,
    Drop,
    EmptyActionError,
    GameNotOverError,
    GameOverError,
    Lineup,
    LineupError,
    LineupMismatchError,
    MemberOutError,
    MemberStatus,
    NoDoublePendingError,
    NotCubeOwnerError,
    NotInGameError,
    NotUnanimousError,
    RaccoonNotAllowedError,
    Reason,
    RecordResult,
    ResultAlreadyRecordedError,
    Side,
    Take,
    TeamCubeError,
    TeamDoubles,
    replay,
    split_with_partner,
)
from games.engine import CubeState, ResultKind, Rules

BOX, CAPTAIN, M2, M3, M4, M5 = 10, 20, 30, 40, 50, 60
LINEUP = Lineup(line=(BOX, CAPTAIN, M2, M3))


def start(settings=None, lineup=LINEUP, **kwargs):
    return ChouetteGame.start(lineup, settings or ChouetteSettings(), **kwargs)


# --------------------------------------------------------------------------- the state


def test_a_new_game_has_every_cube_centred_on_one():
    game = start()
    assert (game.box, game.captain, game.members) == (BOX, CAPTAIN, (CAPTAIN, M2, M3))
    assert game.acting_captain == CAPTAIN
    for member in game.members:
        cube = game.cube(member)
        assert (cube.value, cube.owner, cube.pending, cube.turned) == (1, None, None, False)
        assert game.member_game(member).status is MemberStatus.PLAYING
    assert not game.is_over and game.captain_won is None


def test_states_are_immutable_and_refusals_change_nothing():
    game = start()
    with pytest.raises(FrozenInstanceError):
        game.result = None
    doubled = game.box_doubles([CAPTAIN])
    assert game.cube(CAPTAIN).pending is None  # the old state is untouched
    with pytest.raises(NoDoublePendingError):
        doubled.take(M2)
    assert doubled.cube(CAPTAIN).pending is Side.BOX
    assert doubled.history == (BoxDoubles((CAPTAIN,)),)


def test_take_turns_the_cube_to_the_taker():
    game = start().box_doubles([CAPTAIN, M2]).take(CAPTAIN)
    assert game.volley is not None  # M2 has not answered yet
    game = game.take(M2)
    assert game.volley is None
    cube = game.cube(CAPTAIN)
    assert (cube.value, cube.owner, cube.pending, cube.turned) == (2, Side.TEAM, None, True)
    assert game.cube(M3).value == 1  # not doubled


def test_member_drop_settles_the_value_before_the_double():
    game = start().box_doubles([M2]).drop(M2)
    member = game.member_game(M2)
    assert (member.status, member.settled) == (MemberStatus.DROPPED, 1)
    assert game.cube(M2).pending is None and game.volley is None
    assert game.playing == (CAPTAIN, M3)


def test_member_drop_after_redouble_pays_the_cube_before_the_redouble():
    game = start().box_doubles([M2]).take(M2).team_doubles([M2]).take(M2)  # box owns 4
    game = game.box_doubles([M2]).drop(M2)
    member = game.member_game(M2)
    assert (member.status, member.settled) == (MemberStatus.DROPPED, 4)


def test_box_drop_cashes_the_member():
    game = start().team_doubles([M3]).drop(M3)
    member = game.member_game(M3)
    assert (member.status, member.settled) == (MemberStatus.CASHED, -1)


def test_beaver_keeps_the_cube_with_the_beaver_at_four():
    game = start().box_doubles([M2]).beaver(M2)
    cube = game.cube(M2)
    assert (cube.value, cube.owner, cube.turned) == (4, Side.TEAM, True)
    game = start().team_doubles([M2]).beaver(M2)  # the box beavers a member's double
    assert (game.cube(M2).value, game.cube(M2).owner) == (4, Side.BOX)


def test_raccoon_answers_a_beaver_and_the_cube_stays_with_the_beaver():
    settings = ChouetteSettings(raccoons=True)
    game = start(settings).box_doubles([M2]).beaver(M2).raccoon(M2)
    cube = game.cube(M2)
    assert (cube.value, cube.owner, cube.raccoon_open) == (8, Side.TEAM, False)
    with pytest.raises(RaccoonNotAllowedError):
        game.raccoon(M2)  # only once
    game = start(settings).team_doubles([M2]).beaver(M2).raccoon(M2)  # the member raccoons
    assert (game.cube(M2).value, game.cube(M2).owner) == (8, Side.BOX)


def test_a_member_cube_is_the_engines_cube_state_box_0_member_1():
    """The chouette's cube is the engine's (issue 18: one cube model): the same value, owner,
    waiting double and ``turned`` as the engine's transitions give, box = player 0."""
    money = Rules(beavers=True, raccoons=True)
    offered = CubeState().double(0, rules=money)
    game = start(ChouetteSettings(raccoons=True)).box_doubles([M2])
    assert game.cube(M2).state == offered
    assert game.take(M2).cube(M2).state == offered.take()
    beavered = offered.beaver(1, rules=money)
    assert game.beaver(M2).cube(M2).state == beavered.take()
    raccooned = beavered.beaver(0, rules=money).take()  # the engine's raccoon, then the take
    assert game.beaver(M2).raccoon(M2).cube(M2).state == raccooned


def test_the_raccoon_window_closes_at_the_next_double():
    settings = ChouetteSettings(raccoons=True)
    game = start(settings).box_doubles([M2]).beaver(M2).box_doubles([M3]).take(M3)
    with pytest.raises(RaccoonNotAllowedError, match="no beaver"):
        game.raccoon(M2)


def test_jacoby_counts_gammons_single_on_unturned_cubes_only():
    game = start().box_doubles([CAPTAIN]).take(CAPTAIN).record_result("team", "gammon")
    assert dict(game.outcome().member_points) == {CAPTAIN: -4, M2: -1, M3: -1}
    no_jacoby = ChouetteSettings(jacoby=False)
    game = start(no_jacoby).record_result(Side.TEAM, ResultKind.BACKGAMMON)
    assert dict(game.outcome().member_points) == {CAPTAIN: -3, M2: -3, M3: -3}


def test_automatic_double_starts_every_cube_on_two_unturned():
    settings = ChouetteSettings(automatic_doubles=1)
    game = start(settings, automatic_double=True)
    assert all(game.cube(m).value == 2 and game.cube(m).centred for m in game.members)
    game = game.record_result(Side.BOX, ResultKind.GAMMON)
    # Jacoby: the automatic double does not turn the cube, so the gammon counts single.
    assert dict(game.outcome().member_points) == {CAPTAIN: 2, M2: 2, M3: 2}
    with pytest.raises(AutomaticDoubleNotAllowedError):
        start(automatic_double=True)


def test_captain_drop_hands_the_dice_to_the_next_member_who_plays_on():
    game = start(lineup=Lineup(line=(BOX, CAPTAIN, M2, M3, M4)))
    game = game.box_doubles([CAPTAIN, M2, M3]).drop(CAPTAIN).drop(M2).take(M3)
    assert game.acting_captain == M3
    assert game.captain_won is False
    game = game.record_result(Side.TEAM, ResultKind.SINGLE)
    assert game.captain_won is False  # the original captain's result decides the rotation
    assert game.next_lineup().line == (BOX, M2, M3, M4, CAPTAIN)


def test_resignation_is_valued_like_the_result_it_concedes():
    game = start().box_doubles([M2]).take(M2)
    game = game.record_result(Side.TEAM, ResultKind.GAMMON, resigned=True)
    assert game.result.resigned and game.result.kind is ResultKind.GAMMON
    assert dict(game.outcome().member_points) == {CAPTAIN: -1, M2: -4, M3: -1}


def test_actions_replay_to_the_same_state():
    actions = [
        BoxDoubles((CAPTAIN, M2)),
        Take(CAPTAIN),
        Beaver(M2),
        TeamDoubles((M3,)),
        Drop(M3),
        RecordResult(Side.BOX, ResultKind.SINGLE),
    ]
    game = replay(LINEUP, ChouetteSettings(), actions)
    assert game.history == tuple(actions)
    assert dict(game.outcome().member_points) == {CAPTAIN: 2, M2: 4, M3: -1}
    direct = start().box_doubles([CAPTAIN, M2]).take(CAPTAIN).beaver(M2)
    direct = direct.team_doubles([M3]).drop(M3).record_result(Side.BOX, ResultKind.SINGLE)
    assert direct == game


# --------------------------------------------------------------------------- box partner


def test_box_partner_shares_the_box_result_odd_point_to_the_box():
    settings = ChouetteSettings(box_partner_from=6)
    lineup = Lineup(line=(BOX, CAPTAIN, M2, M3, M4, M5), box_partner_from=6)
    assert lineup.partner == M5 and lineup.members == (CAPTAIN, M2, M3, M4)
    game = ChouetteGame.start(lineup, settings)
    with pytest.raises(NotInGameError, match="partner"):
        game.box_doubles([M5])
    game = game.box_doubles([CAPTAIN]).take(CAPTAIN).record_result(Side.BOX, ResultKind.SINGLE)
    outcome = game.outcome()
    assert outcome.box_total == 5  # 2 + 1 + 1 + 1
    assert outcome.partner_share == 2
    assert outcome.net_points() == {BOX: 3, M5: 2, CAPTAIN: -2, M2: -1, M3: -1, M4: -1}
    assert dict(outcome.ledger_lines())[M5] == -2
    assert sum(outcome.net_points().values()) == 0
    # The box won: the captain goes to the bottom and partners the box next game.
    following = game.next_lineup()
    assert following.line == (BOX, M2, M3, M4, M5, CAPTAIN)
    assert following.partner == CAPTAIN and following.captain == M2


def test_box_partner_loss_is_split_too():
    settings = ChouetteSettings(box_partner_from=6)
    lineup = Lineup(line=(BOX, CAPTAIN, M2, M3, M4, M5), box_partner_from=6)
    game = ChouetteGame.start(lineup, settings).record_result(Side.TEAM, ResultKind.SINGLE)
    outcome = game.outcome()
    assert outcome.net_points()[BOX] == -2 and outcome.net_points()[M5] == -2
    following = game.next_lineup()
    assert following.box == CAPTAIN and following.partner == BOX
    assert (split_with_partner(5), split_with_partner(-5), split_with_partner(0)) == (2, -2, 0)


def test_lineup_partner_rule_must_match_the_session():
    with pytest.raises(LineupError, match="box_partner_from"):
        ChouetteGame.start(Lineup(line=(1, 2, 3, 4, 5, 6)), ChouetteSettings(box_partner_from=6))


# --------------------------------------------------------------------------- team cube


TEAM = ChouetteSettings(cube_mode="team")


def test_team_cube_box_double_is_answered_member_by_member():
    game = start(TEAM).box_doubles([CAPTAIN, M2, M3]).take(CAPTAIN).drop(M2).take(M3)
    assert game.member_game(M2).status is MemberStatus.DROPPED
    assert game.cube(CAPTAIN).owner is Side.TEAM and game.cube(M3).owner is Side.TEAM


def test_team_cube_box_must_double_the_whole_team():
    with pytest.raises(TeamCubeError, match=r"whole team"):
        start(TEAM).box_doubles([CAPTAIN])


def test_team_cube_team_double_must_be_unanimous():
    game = start(TEAM)
    with pytest.raises(NotUnanimousError) as error:
        game.team_doubles([CAPTAIN, M2])
    assert error.value.reason is Reason.NOT_UNANIMOUS
    # Once a member dropped, unanimity counts the members still playing.
    game = game.box_doubles([CAPTAIN, M2, M3]).take(CAPTAIN).drop(M2).take(M3)
    game = game.team_doubles([CAPTAIN, M3])
    assert game.cube(CAPTAIN).pending is Side.TEAM


def test_team_cube_box_answers_the_team_double_as_one():
    game = start(TEAM).team_doubles([CAPTAIN, M2, M3]).take(CAPTAIN)
    with pytest.raises(TeamCubeError, match="as one"):
        game.drop(M2)
    game = game.answer_all("take")
    assert all(game.cube(m).owner is Side.BOX for m in game.members)
    dropped = start(TEAM).team_doubles([CAPTAIN, M2, M3]).answer_all("drop")
    assert dropped.is_over and dropped.captain_won is True
    assert dict(dropped.outcome().member_points) == {CAPTAIN: -1, M2: -1, M3: -1}


def test_team_cube_raccoon_by_the_team_is_unanimous():
    settings = ChouetteSettings(cube_mode="team", raccoons=True)
    game = start(settings).team_doubles([CAPTAIN, M2, M3]).answer_all("beaver")
    with pytest.raises(NotUnanimousError):
        game.raccoon(CAPTAIN)
    game = game.raccoon(CAPTAIN, M2, M3)
    assert {game.cube(m).value for m in game.members} == {8}


# --------------------------------------------------------------------------- answer policies


def test_policy_take_at_least_half():
    settings = ChouetteSettings(box_answer_policy="take_at_least_half")
    game = start(settings).team_doubles([CAPTAIN, M2, M3]).drop(M3)
    with pytest.raises(AnswerPolicyError, match="at least half") as error:
        game.drop(M2)
    assert error.value.reason is Reason.ANSWER_POLICY
    game = game.take(M2).beaver(CAPTAIN)  # a beaver counts as a take
    assert game.volley is None
    # One cube alone is not "several at once": the box may drop it.
    assert start(settings).team_doubles([M2]).drop(M2).member_game(M2).settled == -1


def test_policy_take_captains():
    settings = ChouetteSettings(box_answer_policy="take_captains")
    game = start(settings).team_doubles([CAPTAIN, M2, M3])
    with pytest.raises(AnswerPolicyError, match="captain"):
        game.take(M2).drop(CAPTAIN)
    with pytest.raises(AnswerPolicyError, match="captain"):
        game.drop(CAPTAIN).take(M2)
    everything_dropped = game.drop(CAPTAIN).drop(M2).drop(M3)
    assert everything_dropped.is_over
    assert game.take(CAPTAIN).drop(M2).take(M3).volley is None


def test_policy_take_captains_follows_the_acting_captain():
    settings = ChouetteSettings(box_answer_policy="take_captains")
    game = start(settings).box_doubles([CAPTAIN]).drop(CAPTAIN)  # M2 acts as captain
    game = game.team_doubles([M2, M3]).take(M3)
    with pytest.raises(AnswerPolicyError):
        game.drop(M2)


def test_free_policy_allows_any_answers():
    game = start().team_doubles([CAPTAIN, M2, M3]).drop(CAPTAIN).drop(M2).take(M3)
    assert game.acting_captain == M3 and game.captain_won is True


# --------------------------------------------------------------------------- refusals


def test_refuse_a_double_by_the_side_that_does_not_hold_the_cube():
    game = start().box_doubles([M2]).take(M2)
    with pytest.raises(NotCubeOwnerError, match=r"member 30 owns it") as error:
        game.box_doubles([M2])
    assert error.value.reason is Reason.CUBE_NOT_OWNED
    assert isinstance(error.value, ValueError)
    game = start().team_doubles([M2]).take(M2)
    with pytest.raises(NotCubeOwnerError, match="the box owns it"):
        game.team_doubles([M2])


def test_refuse_a_take_drop_or_beaver_with_no_double_pending():
    game = start()
    for answer in (game.take, game.drop, game.beaver):
        with pytest.raises(NoDoublePendingError, match="no double") as error:
            answer(M2)
        assert error.value.reason is Reason.NO_DOUBLE_PENDING
    with pytest.raises(NoDoublePendingError):
        game.box_doubles([M2]).take(M3)
    with pytest.raises(NoDoublePendingError):
        game.answer_all("take")


def test_refuse_a_result_recorded_twice():
    game = start().record_result(Side.BOX, ResultKind.SINGLE)
    with pytest.raises(ResultAlreadyRecordedError, match="already recorded") as error:
        game.record_result(Side.TEAM, ResultKind.SINGLE)
    assert error.value.reason is Reason.RESULT_ALREADY_RECORDED


def test_refuse_a_player_who_is_not_in_the_game():
    game = start()
    with pytest.raises(NotInGameError, match="is the box"):
        game.box_doubles([BOX])
    with pytest.raises(NotInGameError, match="not a team member"):
        game.team_doubles([99])
    with pytest.raises(NotInGameError):
        game.box_doubles([M2]).take(99)
    with pytest.raises(NotInGameError):
        game.member_game(99)


def test_refuse_actions_by_a_member_who_is_out():
    game = start().box_doubles([M2]).drop(M2)
    with pytest.raises(MemberOutError, match="out of this game"):
        game.team_doubles([M2])
    with pytest.raises(MemberOutError):
        game.box_doubles([M2])


def test_refuse_actions_after_the_game_ended():
    game = start().record_result(Side.TEAM, ResultKind.SINGLE)
    for action in (
        lambda: game.box_doubles([M2]),
        lambda: game.team_doubles([M2]),
        lambda: game.take(M2),
        lambda: game.raccoon(M2),
    ):
        with pytest.raises(GameOverError) as error:
            action()
        assert error.value.reason is Reason.GAME_OVER
    settled = start().box_doubles([CAPTAIN, M2, M3]).answer_all("drop")
    with pytest.raises(GameOverError, match="every member has settled"):
        settled.box_doubles([M2])


def test_refuse_a_new_double_or_a_result_while_a_double_is_pending():
    game = start().box_doubles([CAPTAIN, M2]).take(CAPTAIN)
    with pytest.raises(DoublePendingError, match=r"\[30\]"):
        game.team_doubles([CAPTAIN])
    with pytest.raises(DoublePendingError):
        game.box_doubles([M3])
    with pytest.raises(DoublePendingError):
        game.record_result(Side.BOX, ResultKind.SINGLE)


def test_refuse_beavers_and_raccoons_when_off():
    no_beavers = ChouetteSettings(beavers=False)
    with pytest.raises(BeaverNotAllowedError):
        start(no_beavers).box_doubles([M2]).beaver(M2)
    with pytest.raises(RaccoonNotAllowedError, match="without raccoons"):
        start().box_doubles([M2]).beaver(M2).raccoon(M2)
    with pytest.raises(RaccoonNotAllowedError, match="no beaver"):
        start(ChouetteSettings(raccoons=True)).box_doubles([M2]).take(M2).raccoon(M2)


def test_refuse_cubes_above_the_limit():
    settings = ChouetteSettings(cube_limit=4)
    game = start(settings).box_doubles([M2]).take(M2).team_doubles([M2]).take(M2)
    assert game.cube(M2).value == 4
    with pytest.raises(CubeLimitError, match="above the limit of 4"):
        game.box_doubles([M2])
    with pytest.raises(CubeLimitError):
        start(settings).box_doubles([M2]).take(M2).team_doubles([M2]).beaver(M2)


def test_refuse_empty_doubles():
    with pytest.raises(EmptyActionError):
        start().box_doubles([])
    with pytest.raises(EmptyActionError):
        start(ChouetteSettings(raccoons=True)).raccoon()


def test_refuse_outcome_and_rotation_before_the_end():
    with pytest.raises(GameNotOverError):
        start().outcome()
    with pytest.raises(GameNotOverError):
        start().next_lineup()


def test_refuse_rotation_on_another_lineup():
    game = start().record_result(Side.BOX, ResultKind.SINGLE)
    with pytest.raises(LineupMismatchError):
        game.next_lineup(Lineup(line=(CAPTAIN, BOX, M2, M3)))


def test_every_refusal_is_a_value_error_with_a_reason():
    with pytest.raises(ActionRefused) as error:
        start().take(M2)
    assert isinstance(error.value, ValueError)
    assert "[no_double_pending]" in str(error.value)
