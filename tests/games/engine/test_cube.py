"""CubeState: double, take, drop, beaver, raccoon, limits and pending answers."""

import pytest

from games.engine import CubeError, CubeState, Rule, Rules

MONEY = Rules(beavers=True, raccoons=True)


def test_a_double_keeps_the_value_until_it_is_taken():
    cube = CubeState().double(0, rules=MONEY)
    assert cube == CubeState(1, None, 0)
    assert cube.take() == CubeState(2, 1, turned=True)


def test_answering_without_a_pending_double_is_refused():
    with pytest.raises(CubeError) as caught:
        CubeState().take()
    assert caught.value.rule == Rule.NO_DOUBLE_PENDING


def test_a_beaver_redoubles_and_keeps_the_cube():
    cube = CubeState().double(0, rules=MONEY).beaver(1, rules=MONEY)
    assert cube.pending == 1 and cube.value == 2
    assert cube.take() == CubeState(4, 1, turned=True)
    assert cube.drop() == (1, 2)


def test_a_raccoon_follows_a_beaver_by_the_original_doubler_and_the_beaver_keeps_the_cube():
    # "If A believes that B's beaver was in error ... 'raccoon', turning the cube yet another
    # notch (to 8 in the example). Cube ownership remains with B." (as the chouette has it)
    cube = CubeState().double(0, rules=MONEY).beaver(1, rules=MONEY).beaver(0, rules=MONEY)
    assert cube.take() == CubeState(8, 1, turned=True)
    assert cube.drop() == (0, 4)  # the beaver refuses the raccoon: 4, the value before it
    with pytest.raises(CubeError):
        cube.beaver(1, rules=MONEY)


def test_beavers_need_the_setting_and_money_play():
    pending = CubeState().double(0, rules=Rules())
    for rules in (Rules(), Rules(match_length=5, beavers=True)):
        with pytest.raises(CubeError) as caught:
            pending.beaver(1, rules=rules)
        assert caught.value.rule == Rule.BEAVER_NOT_ALLOWED


def test_raccoons_need_their_own_setting():
    beavered = CubeState().double(0, rules=MONEY).beaver(1, rules=Rules(beavers=True))
    with pytest.raises(CubeError):
        beavered.beaver(0, rules=Rules(beavers=True))


def test_the_doubler_cannot_beaver_his_own_double():
    with pytest.raises(CubeError):
        CubeState().double(0, rules=MONEY).beaver(0, rules=MONEY)


def test_a_beaver_respects_the_cube_limit():
    with pytest.raises(CubeError) as caught:
        CubeState(2, 0).double(0, rules=Rules(beavers=True, cube_limit=4)).beaver(
            1, rules=Rules(beavers=True, cube_limit=4))
    assert caught.value.rule == Rule.CUBE_LIMIT


def test_no_double_while_one_is_pending():
    assert CubeState(1, None, 0).can_double(1, rules=MONEY) == Rule.CUBE_NOT_OWNED


def test_a_cube_is_turned_once_a_double_is_accepted():
    offered = CubeState().double(0, rules=MONEY)
    assert not offered.turned and not CubeState().automatic_double().turned
    assert offered.take().turned
    assert offered.take().double(1, rules=MONEY).turned  # stays turned
    assert offered.beaver(1, rules=MONEY).turned  # a beaver is a take and a redouble


def test_as_played_keeps_a_forbidden_double_or_beaver():
    owned = CubeState(2, 1, turned=True)
    with pytest.raises(CubeError):
        owned.double(0, rules=Rules())
    assert owned.double(0, rules=Rules(), as_played=True) == CubeState(2, 1, 0, turned=True)
    pending = CubeState().double(0, rules=Rules())
    assert pending.beaver(1, rules=Rules(), as_played=True) == CubeState(2, 1, 1, 1, True)


def test_the_cube_is_available_to_its_owner_or_to_both_when_centred():
    assert CubeState().available_to(0) and CubeState().available_to(1)
    assert CubeState(2, 1).available_to(1) and not CubeState(2, 1).available_to(0)
    assert not CubeState(1, None, 0).available_to(0)  # a double waits for its answer
