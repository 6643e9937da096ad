"""Drop orders: how soon two players can meet again in a fed flight (no database).

The check follows every player's possible paths through the graph (full brackets, where
every result is possible: byes only remove possibilities). Two arrivals at a match are a
possible rematch when both played some earlier match, one winning it and the other losing
it. A rematch is "immediate" when one of the two has just dropped into the flight.
"""

import itertools
from collections import defaultdict

import pytest

from tournaments.formats import LoserOf, Seed, WinnerOf, build
from tournaments.formats import drops as drops_module


def arrivals(bracket):
    """(match id, slot) -> [(seed, matches won, matches lost, just dropped)].

    A slot with no arrivals is always a bye (byes are fixed by the number of entrants):
    the other side then advances without playing, keeping its "just dropped" mark.
    """
    next_slot = {}
    for match in bracket.matches:
        for side, slot in enumerate(match.slots):
            if isinstance(slot, WinnerOf | LoserOf):
                next_slot[type(slot), slot.match] = (match.id, side)
    found = defaultdict(list)
    for match in bracket.matches:
        for side, slot in enumerate(match.slots):
            if isinstance(slot, Seed):
                found[match.id, side].append((slot.seed, frozenset(), frozenset(), False))
        if match.id == bracket.reset:
            continue  # the reset is a rematch by design
        sides = found[match.id, 0], found[match.id, 1]
        winner, loser = next_slot.get((WinnerOf, match.id)), next_slot.get((LoserOf, match.id))
        if not (sides[0] and sides[1]):  # a bye: the other side walks through
            if winner:
                found[winner].extend(sides[0] or sides[1])
            continue
        for seed, won, lost, _ in sides[0] + sides[1]:
            if winner:
                found[winner].append((seed, won | {match.id}, lost, False))
            if loser:
                found[loser].append((seed, won, lost | {match.id}, True))
    return found


def rematches(bracket):
    """Match id -> (a rematch is possible, an immediate rematch is possible). One player
    can arrive at both slots by different paths; those pairs are not meetings."""
    found, result = arrivals(bracket), {}
    for match in bracket.matches:
        if match.id == bracket.reset:
            continue
        others = found[match.id, 1]
        by_win, by_loss, by_seed = defaultdict(list), defaultdict(list), defaultdict(set)
        for index, (seed, won, lost, _) in enumerate(others):
            by_seed[seed].add(index)
            for m in won:
                by_win[m].append(index)
            for m in lost:
                by_loss[m].append(index)
        possible = immediate = False
        for seed, won, lost, dropped in found[match.id, 0]:
            met = {i for m in won for i in by_loss[m]} | {i for m in lost for i in by_win[m]}
            for index in met - by_seed[seed]:
                possible = True
                immediate = immediate or dropped or others[index][3]
        result[match.id] = (possible, immediate)
    return result


def first_round_with_a_rematch(bracket, flight):
    rounds = [bracket.match(m).round for m, (possible, _) in rematches(bracket).items()
              if possible and bracket.match(m).flight == flight]
    return min(rounds, default=None)


def immediate(bracket):
    return [m for m, (_, now) in rematches(bracket).items() if now]


# Double elimination. A losers' bracket survivor has come through one block of the winners'
# bracket per earlier drop; a drop is rematch-free while the survivors' blocks can all be
# kept apart, which a 2^k bracket allows for drops r with r <= 2^(k-r-1). Past that, the
# first possible rematch is at losers' round 2r-2 or 2r-1: the best any drop order can do.
BEST_FIRST_LOSERS_REMATCH = {4: 2, 8: 3, 16: 4, 32: 5, 64: 7, 128: 8, 256: 9, 512: 11, 1024: 13}


@pytest.mark.parametrize("size", BEST_FIRST_LOSERS_REMATCH)
def test_the_first_possible_losers_bracket_rematch_is_as_late_as_possible(size):
    bracket = build("double_elimination", size)
    assert first_round_with_a_rematch(bracket, "losers") == BEST_FIRST_LOSERS_REMATCH[size]


def xor_orders(size):
    """Every sequence of XOR drop constants for a double elimination of ``size``."""
    counts = [size >> r for r in range(2, size.bit_length())]  # droppers per drop
    return itertools.product(*(range(n) for n in counts))


@pytest.mark.parametrize("size", [8, 16, 32])
def test_no_xor_drop_order_does_better(size, monkeypatch):
    best = 0
    for order in xor_orders(size):
        monkeypatch.setattr(drops_module, "drop_constant",
                            lambda flight, drop, n, order=order: order[drop - 1] % n)
        best = max(best, first_round_with_a_rematch(build("double_elimination", size),
                                                    "losers") or 99)
    assert best == BEST_FIRST_LOSERS_REMATCH[size]


def test_without_reordering_a_dropped_player_can_meet_their_victim_at_once(monkeypatch):
    # the check can fail: laying round-2 losers in natural order allows it at L2
    monkeypatch.setattr(drops_module, "drop_constant", lambda flight, drop, n: 0)
    assert "L2-1" in immediate(build("double_elimination", 16))


@pytest.mark.parametrize("size, allowed", [
    (4, ["L2-1"]),  # the only order there is
    (8, ["L4-1"]),  # the winners' final loser can have met anyone
    (16, ["L4-1", "L4-2", "L6-1"]),  # keeping L3 free costs the next drop
    (32, ["L6-1", "L6-2", "L8-1"]),
    (64, ["L8-1", "L8-2", "L10-1"]),
])
def test_double_elimination_immediate_rematches_only_in_the_last_drops(size, allowed):
    assert immediate(build("double_elimination", size)) == allowed


@pytest.mark.parametrize("size", [8, 16, 32, 64, 128])
def test_no_consolation_player_can_meet_an_old_opponent_before_the_final(size):
    bracket = build("consolation_last_chance", size)
    assert first_round_with_a_rematch(bracket, "consolation") == bracket.rounds("consolation")
    assert not [m for m in immediate(bracket) if m.startswith("C")]


@pytest.mark.parametrize("size", [16, 32, 64, 128])
def test_no_dropped_player_meets_an_old_opponent_in_their_first_last_chance_match(size):
    assert not immediate(build("consolation_last_chance", size))


def test_the_eight_player_last_chance_cannot_avoid_one():
    # the two consolation round-2 losers may be a main round-1 winner and the player they
    # beat; with one match between two players there is no other order
    assert immediate(build("consolation_last_chance", 8)) == ["LC2-1"]


@pytest.mark.parametrize("size, first", [(16, 3), (32, 4), (64, 5), (128, 6)])
def test_the_last_chance_first_possible_rematch_is_its_semi_final(size, first):
    bracket = build("consolation_last_chance", size)
    assert first_round_with_a_rematch(bracket, "last_chance") == first
    assert bracket.rounds("last_chance") - 1 <= first


def consolation_orders(entrants):
    """Every pair of XOR constants for the default feeds' two drops (consolation, last
    chance)."""
    size = 1 << (entrants - 1).bit_length()
    return itertools.product(range(max(size // 4, 1)), range(max(size // 8, 1)))


@pytest.mark.parametrize("entrants", range(3, 33))
def test_with_byes_no_order_makes_fewer_first_matches_rematches(entrants, monkeypatch):
    # a bye can make a later match a player's first real one (13 players: the C1-2 loser
    # has a bye in LC1-1, then LC3-1 may be a rematch whichever order is used)
    ours = len(immediate(build("consolation_last_chance", entrants)))
    best = ours
    for consolation, last_chance in consolation_orders(entrants):
        constants = {"consolation": consolation, "last_chance": last_chance}
        monkeypatch.setattr(drops_module, "drop_constant",
                            lambda flight, drop, n, c=constants: c[flight] % n)
        best = min(best, len(immediate(build("consolation_last_chance", entrants))))
    assert ours == best


@pytest.mark.parametrize("entrants", [3, 5, 6, 7, 9, 11, 12, 13, 14, 15])
def test_with_byes_no_order_delays_the_first_losers_bracket_rematch_more(entrants,
                                                                         monkeypatch):
    ours = first_round_with_a_rematch(build("double_elimination", entrants), "losers")
    size = 1 << (entrants - 1).bit_length()
    for order in xor_orders(size):
        monkeypatch.setattr(drops_module, "drop_constant",
                            lambda flight, drop, n, order=order: order[drop - 1] % n)
        other = first_round_with_a_rematch(build("double_elimination", entrants), "losers")
        assert other is None or other <= ours


def test_the_hand_checked_events_have_only_the_unavoidable_rematches(monkeypatch):
    assert immediate(build("consolation_last_chance", 13)) == ["LC3-1"]  # see above
    assert immediate(build("double_elimination", 9)) == ["L4-1", "L6-1"]
    for order in xor_orders(16):
        monkeypatch.setattr(drops_module, "drop_constant",
                            lambda flight, drop, n, order=order: order[drop - 1] % n)
        assert len(immediate(build("double_elimination", 9))) >= 2
