"""Money: points to exact decimal amounts, and the end-of-session "who pays whom" plan.

Balances are signed: a positive balance is money the player **receives**, a negative one money
they **pay**.  Every amount is a :class:`~decimal.Decimal` handled exactly (floats are refused:
0.1 is not a club amount).

Fewest payments.  A plan settles a set of ``n`` non-zero balances that sum to zero.  Any plan
can be cut into groups of players whose balances sum to zero and who only pay each other; a
group of ``s`` players needs at least ``s - 1`` payments, and ``s - 1`` are always enough
(the biggest payer pays the biggest receiver as much as one of them needs, which clears at
least one of the two each time).  So the fewest payments is ``n - k`` where ``k`` is the
largest number of disjoint zero-sum groups covering everyone.  Finding ``k`` is NP-hard in
general, but a club evening has few players:

- up to :data:`EXACT_LIMIT` (16) players with a non-zero balance: an exact dynamic programme
  over subsets.  ``best[S]`` is the largest number of zero-sum groups met as prefixes when the
  players of ``S`` are taken in some order: ``best[S] = max over p in S of best[S - p]``, plus one
  when ``S`` itself sums to zero.  ``best[everyone]`` is ``k``; walking back gives an order
  whose zero-sum prefixes cut the groups.  2^16 subsets x 16: well under a second.
- beyond that: a greedy fallback — pairs that cancel exactly (one payment each) are settled
  first, the rest as one group.  Never more than ``n - 1`` payments, not always the fewest.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from decimal import Decimal, Inexact, localcontext

from chouette.core.errors import ChouetteError

Player = Hashable

#: The largest number of non-zero balances settled with the exact minimum of payments.
EXACT_LIMIT = 16


class SettlementError(ChouetteError):
    """Balances that cannot be settled (not summing to zero, not exact decimals)."""


Payment = tuple[Player, Player, Decimal]


def ledger_amounts(
    points_by_member: Mapping[Player, int], stake: Decimal | int
) -> dict[Player, Decimal]:
    """Each member's amount: points x stake per point, exact (``Decimal``, no rounding)."""
    stake = _exact(stake, "stake")
    if stake < 0:
        raise SettlementError(f"the stake per point must not be negative, got {stake}")
    amounts: dict[Player, Decimal] = {}
    with localcontext() as context:
        context.prec = 200
        context.traps[Inexact] = True
        for member, points in points_by_member.items():
            if isinstance(points, bool) or not isinstance(points, int):
                raise SettlementError(f"points must be whole numbers, {member!r} has {points!r}")
            amounts[member] = Decimal(points) * stake
    return amounts


def add_balances(*balances: Mapping[Player, Decimal | int]) -> dict[Player, Decimal | int]:
    """Sum several balance mappings player by player (e.g. a session's games, or evenings)."""
    total: dict[Player, Decimal | int] = {}
    for mapping in balances:
        for player, amount in mapping.items():
            total[player] = total.get(player, 0) + amount
    return total


def settlement_plan(balances: Mapping[Player, Decimal | int]) -> list[Payment]:
    """The payments ``(payer, payee, amount)`` that settle every balance exactly.

    Positive balance: the player receives; negative: the player pays.  The balances must sum
    to exactly zero.  Uses the fewest payments for up to :data:`EXACT_LIMIT` non-zero balances
    (never more than ``n - 1`` beyond).  Deterministic: players keep the mapping's order.
    """
    exact = {
        player: _exact(amount, f"balance of {player!r}") for player, amount in balances.items()
    }
    if sum(exact.values(), Decimal(0)) != 0:
        raise SettlementError(
            f"balances must sum to zero to be settled, they sum to {sum(exact.values())}"
        )
    players = [player for player, amount in exact.items() if amount != 0]
    if not players:
        return []
    exponent = min(int(exact[player].as_tuple().exponent) for player in players)
    units = [_to_units(exact[player], exponent) for player in players]
    if len(players) <= EXACT_LIMIT:
        groups = _zero_sum_groups_exact(units)
    else:
        groups = _zero_sum_groups_greedy(units)
    plan: list[Payment] = []
    for group in groups:
        for payer, payee, amount in _settle_group(group, units):
            plan.append((players[payer], players[payee], _from_units(amount, exponent)))
    return plan


# --------------------------------------------------------------------------- internals


def _exact(value: object, what: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, (Decimal, int)):
        raise SettlementError(f"{what} must be a Decimal (exact), not {value!r}")
    value = Decimal(value)
    if not value.is_finite():
        raise SettlementError(f"{what} must be a finite amount, not {value}")
    return value


def _to_units(amount: Decimal, exponent: int) -> int:
    """The amount as an integer count of ``10**exponent`` (exact, no context rounding)."""
    sign, digits, own_exponent = amount.as_tuple()
    number = int("".join(map(str, digits)) or "0") * 10 ** (int(own_exponent) - exponent)
    return -number if sign else number


def _from_units(units: int, exponent: int) -> Decimal:
    sign = 1 if units < 0 else 0
    return Decimal((sign, tuple(int(d) for d in str(abs(units))), exponent))


def _zero_sum_groups_exact(units: list[int]) -> list[list[int]]:
    n = len(units)
    full = (1 << n) - 1
    sums = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + units[low.bit_length() - 1]
        top = 0
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            value = best[mask ^ bit]
            if value > top:
                top = value
        best[mask] = top + (sums[mask] == 0)
    # Walk back from everyone: remove a player that keeps the optimum, building the order
    # from its end; the zero-sum prefixes of that order cut the groups.
    order: list[int] = []
    mask = full
    while mask:
        target = best[mask] - (sums[mask] == 0)
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            if best[mask ^ bit] == target:
                order.append(bit.bit_length() - 1)
                mask ^= bit
                break
    order.reverse()
    groups: list[list[int]] = []
    current: list[int] = []
    running = 0
    for index in order:
        current.append(index)
        running += units[index]
        if running == 0:
            groups.append(sorted(current))
            current = []
    assert not current and len(groups) == best[full]
    return sorted(groups)


def _zero_sum_groups_greedy(units: list[int]) -> list[list[int]]:
    groups: list[list[int]] = []
    used: set[int] = set()
    waiting: dict[int, list[int]] = {}
    for index, value in enumerate(units):
        partners = waiting.get(-value)
        if partners:
            other = partners.pop(0)
            groups.append([other, index])
            used.update((other, index))
        else:
            waiting.setdefault(value, []).append(index)
    rest = [index for index in range(len(units)) if index not in used]
    if rest:
        groups.append(rest)
    return groups


def _settle_group(group: list[int], units: list[int]) -> list[tuple[int, int, int]]:
    """``len(group) - 1`` payments at most: the biggest payer pays the biggest receiver."""
    left = {index: units[index] for index in group}
    payments: list[tuple[int, int, int]] = []
    while True:
        payers = [i for i in group if left[i] < 0]
        payees = [i for i in group if left[i] > 0]
        if not payers:
            assert not payees
            return payments
        payer = min(payers, key=lambda i: (left[i], i))
        payee = max(payees, key=lambda i: (left[i], -i))
        amount = min(-left[payer], left[payee])
        payments.append((payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount


def settle_check(balances: Mapping[Player, Decimal | int], plan: Iterable[Payment]) -> bool:
    """Whether ``plan`` pays every balance exactly (for tests and for the web layer's asserts)."""
    left = {player: Decimal(amount) for player, amount in balances.items()}
    for payer, payee, amount in plan:
        if amount <= 0 or payer == payee:
            return False
        left[payer] = left.get(payer, Decimal(0)) + amount
        left[payee] = left.get(payee, Decimal(0)) - amount
    return all(value == 0 for value in left.values())
