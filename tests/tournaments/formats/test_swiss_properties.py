"""The four Swiss criteria on random tournaments (hypothesis, no database).

Histories are random: 4 to 128 players, up to 9 rounds played, each round either paired by
``pair`` itself or shuffled at random (which makes rematch-constrained rounds likely in
small fields), random winners, sometimes withdrawals and late entries. The checks use
independent computations: maximum *cardinality* matchings for criteria 1 and 2, a brute
force over every pairing for small fields (all four criteria), and no improving swap of
two pairs for the large ones (criteria 3 and 4)."""

import itertools
import random

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import swiss
from tournaments.formats.swiss import Game, _groups, _rank_cost, half_points, pair, records


def history(n, rounds, rng, *, shuffled, losses_out=None):
    players = [(i, i) for i in range(1, n + 1)]
    played = []
    for _ in range(rounds):
        if shuffled:
            field = [p for p, _ in players]
            rng.shuffle(field)
            pairs = [(field[i], field[i + 1] if i + 1 < len(field) else None)
                     for i in range(0, len(field), 2)]
        else:
            pairs = pair(players, played, losses_out=losses_out).pairs
            if not pairs:
                break
        played.append([Game(a, b, a if b is None else rng.choice((a, b))) for a, b in pairs])
        if rng.random() < 0.15 and len(players) > 4:  # a withdrawal
            players.pop(rng.randrange(len(players)))
        if rng.random() < 0.1:  # a late entry
            late = 1000 + len(played)
            players.append((late, late))
    return players, played


def facts(players, played):
    found = records(played)
    ids = [p for p, _ in sorted(players, key=lambda pr: pr[1])]
    met = {p: (found[p].opponents if p in found else set()) for p in ids}
    byes = {p: (found[p].byes if p in found else 0) for p in ids}
    score = {p: half_points(found[p], rounds_played=len(played)) if p in found else 0
             for p in ids}
    return ids, met, byes, score


def fewest_rematches(ids, met):
    """(n+1)//2 pairs minus the largest set of rematch-free pairs (a bye is never one)."""
    graph = nx.Graph()
    graph.add_nodes_from(ids)
    graph.add_edges_from((a, b) for a, b in itertools.combinations(ids, 2) if b not in met[a])
    if len(ids) % 2:
        graph.add_edges_from(("bye", p) for p in ids)
    return (len(ids) + 1) // 2 - len(nx.max_weight_matching(graph, maxcardinality=True))


def check_criteria_1_and_2(ids, met, byes, result, score):
    assert sorted(p for pr in result.pairs for p in pr if p is not None) == sorted(ids)
    rematches = sum(1 for a, b in result.pairs if b is not None and b in met[a])
    assert rematches == result.rematches == fewest_rematches(ids, met)
    if len(ids) % 2 == 0:
        assert all(b is not None for _, b in result.pairs)
        return
    (bye,) = [a for a, b in result.pairs if b is None]
    assert result.pairs[-1] == (bye, None)
    # Anyone with fewer byes, or as few and a lower score, or as few, the same score and
    # ranked lower, could not have had the bye without more rematches among the others.
    position = {p: i for i, p in enumerate(ids)}
    for other in ids:
        if bye_order(other, byes, score, position) < bye_order(bye, byes, score, position):
            rest = [p for p in ids if p != other]
            assert fewest_rematches(rest, met) > result.rematches


def bye_order(player, byes, score, position):
    """Who gets the bye first: fewest byes, then the lowest score, then the lowest rank."""
    return byes[player], score[player], -position[player]


def costs(pairs, met, byes, score, ids):
    """The four criteria of a pairing, as one comparable tuple."""
    place = _groups(ids, score)
    position = {p: i for i, p in enumerate(ids)}
    rematches = sum(1 for a, b in pairs if b is not None and b in met[a])
    bye = [a for a, b in pairs if b is None]
    bye_cost = bye_order(bye[0], byes, score, position) if bye else ()
    squared = sum((score[a] - score[b]) ** 2 for a, b in pairs if b is not None)
    rank = sum(_rank_cost(*sorted((a, b), key=position.get), score, place)
               for a, b in pairs if b is not None)
    return rematches, bye_cost, squared, rank


def all_pairings(ids):
    if not ids:
        yield []
        return
    first, rest = ids[0], ids[1:]
    if len(ids) % 2:
        yield from ([(first, None), *more] for more in all_pairings(rest))
        # the bye is someone else: pair first now and give the bye further on
    for i, other in enumerate(rest):
        remaining = rest[:i] + rest[i + 1:]
        for more in all_pairings(remaining):
            yield [(first, other), *more]


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 9), st.integers(0, 8), st.integers(0, 2**32), st.booleans())
def test_small_fields_get_the_best_pairing_of_all_by_the_four_criteria(n, rounds, seed,
                                                                       shuffled):
    players, played = history(n, rounds, random.Random(seed), shuffled=shuffled)
    ids, met, byes, score = facts(players, played)
    result = pair(players, played)
    check_criteria_1_and_2(ids, met, byes, result, score)
    best = min(costs(p, met, byes, score, ids) for p in all_pairings(ids)
               if sum(b is None for _, b in p) == len(ids) % 2)
    assert costs(result.pairs, met, byes, score, ids) == best


@settings(max_examples=25, deadline=None)
@given(st.integers(4, 128), st.integers(0, 9), st.integers(0, 2**32), st.booleans())
def test_random_tournaments_meet_the_four_criteria(n, rounds, seed, shuffled):
    players, played = history(n, rounds, random.Random(seed), shuffled=shuffled)
    ids, met, byes, score = facts(players, played)
    result = pair(players, played)
    check_criteria_1_and_2(ids, met, byes, result, score)
    # Criteria 3 then 4: no swap of partners between two pairs keeps the rematch count and
    # the bye and lowers the squared differences, or keeps those and lowers the rank cost.
    pairs = [p for p in result.pairs if p[1] is not None]
    for (a, b), (c, d) in itertools.combinations(pairs, 2):
        now = costs([(a, b), (c, d)], met, byes, score, ids)
        for swapped in ([(a, c), (b, d)], [(a, d), (b, c)]):
            then = costs(swapped, met, byes, score, ids)
            assert then >= now or then[0] > now[0]


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 40), st.integers(1, 9), st.integers(0, 2**32), st.booleans())
def test_the_bye_never_goes_above_a_lower_score_unless_a_rematch_forces_it(n, rounds, seed,
                                                                            shuffled):
    """Issue 18: among the players with the fewest byes, nobody with a lower score than the
    bye's player could have had it without a rematch more among the others."""
    players, played = history(2 * n + 1, rounds, random.Random(seed), shuffled=shuffled)
    if len(players) % 2 == 0:
        players = players[:-1]
    ids, met, byes, score = facts(players, played)
    result = pair(players, played)
    (bye,) = [a for a, b in result.pairs if b is None]
    for other in ids:
        if byes[other] == byes[bye] and score[other] < score[bye]:
            rest = [p for p in ids if p != other]
            assert fewest_rematches(rest, met) > result.rematches, (other, bye)


@settings(max_examples=20, deadline=None)
@given(st.integers(4, 64), st.integers(1, 9), st.integers(0, 2**32))
def test_moreswiss_pairs_only_players_still_in(n, rounds, seed):
    players, played = history(n, rounds, random.Random(seed), shuffled=False, losses_out=3)
    found = records(played)
    result = pair(players, played, losses_out=3)
    paired = [p for pr in result.pairs for p in pr if p is not None]
    assert all(found[p].losses < 3 for p in paired if p in found)
    still_in = [p for p, _ in players if p not in found or found[p].losses < 3]
    assert sorted(paired) == (sorted(still_in) if len(still_in) > 1 else [])


@settings(max_examples=20, deadline=None)
@given(st.integers(4, 128))
def test_round_one_is_exactly_top_half_against_bottom_half(n):
    result = pair([(i, i) for i in range(1, n + 1)], [])
    half = n // 2
    expected = [(i, i + half) for i in range(1, half + 1)]
    assert list(result.pairs[:half]) == expected
    assert result.pairs[half:] == (((n, None),) if n % 2 else ())


@settings(max_examples=25, deadline=None)
@given(st.integers(10, 64), st.integers(1, 9), st.integers(0, 2**32), st.booleans())
def test_leaving_out_far_apart_pairs_never_changes_the_optimum(n, rounds, seed, shuffled):
    """The pairs ``_between`` drops are in no optimal pairing: the same four costs as
    the matching over every possible pair."""
    players, played = history(n, rounds, random.Random(seed), shuffled=shuffled)
    ids, met, byes, score = facts(players, played)
    pruned = pair(players, played)
    original = swiss._between
    swiss._between = lambda playing, score: (lambda a, b: 0)
    try:
        full = pair(players, played)
    finally:
        swiss._between = original
    assert costs(pruned.pairs, met, byes, score, ids) == costs(full.pairs, met, byes, score,
                                                                ids)
