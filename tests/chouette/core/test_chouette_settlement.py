"""Money: ledger amounts in exact decimal, and the fewest-payments settlement plan."""

from decimal import Decimal

import pytest

from chouette.core import SettlementError, ledger_amounts, settle_check, settlement_plan
from chouette.core.settlement import EXACT_LIMIT

D = Decimal


def test_ledger_amounts_are_points_times_stake_exactly():
    amounts = ledger_amounts({1: 3, 2: -1, 3: 0}, D("0.10"))
    assert amounts == {1: D("0.30"), 2: D("-0.10"), 3: D("0.00")}
    assert sum(amounts.values()) == D("0.20")
    huge = ledger_amounts({1: 10**30 + 1}, D("0.01"))
    assert huge[1] == D("10000000000000000000000000000.01")  # no 28-digit rounding


def test_ledger_amounts_refuse_floats_and_fractions_of_points():
    with pytest.raises(SettlementError, match="Decimal"):
        ledger_amounts({1: 1}, 0.1)
    with pytest.raises(SettlementError, match="whole numbers"):
        ledger_amounts({1: 1.5}, D("1"))
    with pytest.raises(SettlementError, match="negative"):
        ledger_amounts({1: 1}, D("-1"))


def test_nothing_to_settle():
    assert settlement_plan({}) == []
    assert settlement_plan({1: D("0"), 2: D("0.00")}) == []


def test_one_payer_one_payee():
    assert settlement_plan({1: D("-12.50"), 2: D("12.50")}) == [(1, 2, D("12.50"))]


def test_pairs_that_cancel_are_paid_directly():
    # A greedy "biggest pays biggest" would use 3 payments here; two pairs need only 2.
    balances = {1: D("-7"), 2: D("-5"), 3: D("5"), 4: D("7")}
    plan = settlement_plan(balances)
    assert sorted(plan) == [(1, 4, D("7")), (2, 3, D("5"))]


def test_zero_sum_subsets_beat_greedy():
    # {-6, +2, +4} and {-5, +5}, and {-3, +1, +2}: 8 players, 3 groups -> 5 payments.
    balances = {1: -6, 2: 2, 3: 4, 4: -5, 5: 5, 6: -3, 7: 1, 8: 2}
    balances = {p: D(v) for p, v in balances.items()}
    plan = settlement_plan(balances)
    assert settle_check(balances, plan)
    assert len(plan) == 5


def test_amounts_keep_the_input_precision():
    plan = settlement_plan({"a": D("-0.05"), "b": D("0.025"), "c": D("0.025")})
    assert sorted(plan) == [("a", "b", D("0.025")), ("a", "c", D("0.025"))]
    assert all(str(amount) == "0.025" for _, _, amount in plan)


def test_unbalanced_or_inexact_balances_are_refused():
    with pytest.raises(SettlementError, match="sum to zero"):
        settlement_plan({1: D("1"), 2: D("-0.99")})
    with pytest.raises(SettlementError, match="Decimal"):
        settlement_plan({1: 0.5, 2: -0.5})
    with pytest.raises(SettlementError, match="finite"):
        settlement_plan({1: D("NaN")})


def test_beyond_the_exact_limit_the_greedy_fallback_still_settles():
    count = EXACT_LIMIT + 4
    balances = {i: D(i + 1) for i in range(count - 1)}
    balances[count - 1] = -sum(balances.values())
    balances[0], balances[1] = D(-3), D(3)  # one cancelling pair
    balances[count - 1] = -sum(v for k, v in balances.items() if k != count - 1)
    plan = settlement_plan(balances)
    assert settle_check(balances, plan)
    assert len(plan) <= count - 1
    assert (0, 1, D(3)) in plan


def test_sixteen_players_are_settled_exactly():
    values = [5, -5, 3, -3, 7, -2, -5, 1, 1, -2, 4, -4, 6, -6, 10, -10]
    balances = {i: D(v) for i, v in enumerate(values)}
    plan = settlement_plan(balances)
    assert settle_check(balances, plan)
    # Groups: (5,-5) (3,-3) (7,-2,-5) (1,1,-2) (4,-4) (6,-6) (10,-10): 16 - 7 = 9 payments.
    assert len(plan) == 9


def test_settle_check_rejects_wrong_plans():
    balances = {1: D(-2), 2: D(2)}
    assert not settle_check(balances, [(1, 2, D(1))])
    assert not settle_check(balances, [(2, 1, D(-2))])
    assert settle_check(balances, [(1, 2, D(2))])
