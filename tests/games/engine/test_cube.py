"""CubeState: double, take, drop, beaver, raccoon, limits and pending answers."""

import pytest

from games.engine import CubeError, CubeState, Rule, Rules

MONEY = Rules(beavers=True, raccoons=True)


def test_a_double_keeps_the_value_until_it_is_taken():
    cube = CubeState().double(0, rules=MONEY)
    assert cube == CubeState(1, None, 0)
    assert cube.take() == CubeState(2, 1)


def test_answering_without_a_pending_double_is_refused():
    with pytest.raises(CubeError) as caught:
        CubeState().take()
    assert caught.value.rule == Rule.NO_DOUBLE_PENDING


def test_a_beaver_redoubles_and_keeps_the_cube():
    cube = CubeState().double(0, rules=MONEY).beaver(1, rules=MONEY)
    assert cube.pending == 1 and cube.value == 2
    assert cube.take() == CubeState(4, 1)
    assert cube.drop() == (1, 2)


def test_a_raccoon_follows_a_beaver_by_the_original_doubler():
    cube = CubeState().double(0, rules=MONEY).beaver(1, rules=MONEY).beaver(0, rules=MONEY)
    assert cube.take() == CubeState(8, 0)
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
