"""Properties over every knockout format and 2 to 128 entrants (hypothesis, no database):
random results in a random valid order always play the bracket out, players leave after
the losses the format allows, the number of matches played is the format's, and the order
in which results arrive never changes the outcome."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import (
    BYE,
    FORMATS,
    LoserOf,
    Seed,
    Status,
    Winner,
    WinnerOf,
    bracket_size,
    bracket_state,
    build,
    placings,
)

formats = st.sampled_from(FORMATS)
sizes = st.integers(2, 128)
seeds = st.integers(0, 2**32)


def names(entrants):
    return [f"p{seed}" for seed in range(1, entrants + 1)]


def play_out(bracket, rng):
    """Random winners, reported a random batch of ready matches at a time in random order
    (any order is valid as long as each match is ready when reported)."""
    entrants, results = names(bracket.entrants), {}
    while ready := list(bracket_state(bracket, entrants, results).ready):
        rng.shuffle(ready)
        for match in ready[: rng.randint(1, len(ready))]:
            results[match.id] = (rng.randint(0, 1) if rng.random() < 0.5
                                 else Winner(rng.choice(match.participants)))
    return results, bracket_state(bracket, entrants, results)


def losses(state, flights=None):
    return Counter(s.loser for s in state.states if s.status == Status.FINISHED
                   and (flights is None or s.match.flight in flights))


def entered(state, flight):
    """Real players who entered a flight."""
    return {p for s in state.states if s.match.flight == flight for p in s.participants if p}


@settings(max_examples=40, deadline=None)
@given(fmt=formats, entrants=sizes)
def test_every_entrant_starts_once_in_the_first_main_round(fmt, entrants):
    bracket = build(fmt, entrants)
    first = [s for m in bracket.matches if m.flight == "main" and m.round == 1 for s in m.slots]
    placed = [s.seed for s in first if isinstance(s, Seed)]
    assert sorted(placed) == list(range(1, entrants + 1))
    assert len(first) - len(placed) == bracket_size(entrants) - entrants  # the rest: byes
    assert not any(isinstance(s, Seed) for m in bracket.matches if m.round > 1 or
                   m.flight != "main" for s in m.slots)


@settings(max_examples=50, deadline=None)
@given(fmt=formats, entrants=sizes, seed=seeds)
def test_random_results_play_every_format_out(fmt, entrants, seed):
    bracket = build(fmt, entrants)
    _, state = play_out(bracket, random.Random(seed))
    assert state.finished
    for s in state.states:
        # every match was played, or was a bye, or is the reset that was not needed
        assert s.status in (Status.FINISHED, Status.BYE) or s.id == bracket.reset
        if s.status == Status.BYE:
            assert BYE in s.participants
    assert BYE not in losses(state)


@settings(max_examples=30, deadline=None)
@given(entrants=sizes, seed=seeds)
def test_single_elimination_is_one_loss_and_out(entrants, seed):
    _, state = play_out(build("single_elimination", entrants), random.Random(seed))
    lost = losses(state)
    assert sum(lost.values()) == entrants - 1 and set(lost.values()) == {1}
    assert len(placings(state)["main"][0].entrants) == 1


@settings(max_examples=30, deadline=None)
@given(entrants=sizes, seed=seeds)
def test_double_elimination_is_two_losses_and_out_never_one(entrants, seed):
    bracket = build("double_elimination", entrants)
    _, state = play_out(bracket, random.Random(seed))
    lost = losses(state)
    champion = placings(state)["main"][0].entrants[0]
    assert lost[champion] <= 1
    assert {p: n for p, n in lost.items() if p != champion} == {
        p: 2 for p in names(entrants) if p != champion}
    played = sum(lost.values())
    reset_played = state["F2"].status == Status.FINISHED
    assert played == (2 * entrants - 1 if reset_played else 2 * entrants - 2)


@settings(max_examples=30, deadline=None)
@given(fmt=st.sampled_from(["consolation", "consolation_last_chance"]), entrants=sizes,
       seed=seeds)
def test_each_flight_plays_one_match_fewer_than_it_has_players(fmt, entrants, seed):
    _, state = play_out(build(fmt, entrants), random.Random(seed))
    flights = ["main", "consolation", "last_chance"][: 2 if fmt == "consolation" else 3]
    for flight in flights:
        lost = losses(state, {flight})
        assert set(lost.values()) <= {1}, f"out of {flight} after one loss"
        assert sum(lost.values()) == max(len(entered(state, flight)) - 1, 0)
    # who enters the consolation: the losers of main rounds 1 and 2 (not of the final)
    fed = {s.loser for s in state.states if s.match.flight == "main" and s.match.round <= 2
           and s.status == Status.FINISHED and s.match.round < state.bracket.rounds("main")}
    assert entered(state, "consolation") == fed


@settings(max_examples=40, deadline=None)
@given(fmt=formats, entrants=sizes, seed=seeds)
def test_results_in_another_valid_order_give_the_same_state(fmt, entrants, seed):
    bracket = build(fmt, entrants)
    rng = random.Random(seed)
    results, state = play_out(bracket, rng)
    # Replay the same results, each reported as soon as it is ready, in a new random order.
    replayed, pending = {}, list(results)
    while pending:
        ready = {s.id for s in bracket_state(bracket, names(entrants), replayed).ready}
        playable = [m for m in pending if m in ready]
        assert playable, "a reported match never became ready"
        choice = rng.choice(playable)
        replayed[choice] = results[choice]
        pending.remove(choice)
    assert bracket_state(bracket, names(entrants), replayed) == state
    shuffled = dict(rng.sample(sorted(results.items()), len(results)))
    assert bracket_state(bracket, names(entrants), shuffled) == state


def reachable(bracket):
    """Match id -> (seeds that can reach slot 0, seeds that can reach slot 1)."""
    found, result = {}, {}
    for match in bracket.matches:
        sides = []
        for slot in match.slots:
            if isinstance(slot, Seed):
                sides.append({slot.seed})
            elif isinstance(slot, WinnerOf | LoserOf):
                sides.append(found[slot.match])
            else:
                sides.append(set())
        result[match.id] = sides
        found[match.id] = sides[0] | sides[1]
    return result


def test_seeds_one_and_two_can_only_meet_in_the_main_final():
    for entrants in range(2, 129):
        bracket = build("single_elimination", entrants)
        meet = [m for m, (a, b) in reachable(bracket).items()
                if (1 in a and 2 in b) or (2 in a and 1 in b)]
        assert meet == [bracket.matches[-1].id], entrants


def test_the_top_four_seeds_can_only_meet_from_the_semi_finals():
    bracket = build("single_elimination", 64)
    semis = bracket.rounds("main") - 1
    for match_id, (a, b) in reachable(bracket).items():
        if bracket.match(match_id).round < semis:
            assert len((a | b) & {1, 2, 3, 4}) <= 1, match_id
