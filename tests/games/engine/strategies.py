"""Hypothesis strategies and seeded generators of valid, varied positions."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from games.engine import Position


def random_position(rng: random.Random, *, home_only: bool = False, bar: int = 0,
                    closed: bool = False) -> Position:
    """A valid position: ``bar`` mover checkers on the bar, ``closed`` = the opponent holds
    all six home points, or five of them (one point open), ``home_only`` = the mover has
    every checker home (a bear-off)."""
    opponent = [0] * 26
    if closed:
        for point in rng.sample(range(1, 7), rng.choice((5, 6))):
            opponent[point] = 2
    _scatter(rng, opponent, 15 - sum(opponent), range(1, 26 if not closed else 25),
             blocked=set())
    taken = {25 - p for p in range(1, 25) if opponent[p]}
    mover = [0] * 26
    mover[25] = bar
    points = range(1, 7) if home_only else range(1, 25)
    _scatter(rng, mover, 15 - bar, points, blocked=taken)
    mover[0] = 15 - sum(mover)
    opponent[0] = 15 - sum(opponent)
    return Position(tuple(mover), tuple(opponent))


def _scatter(rng, side, count, points, blocked) -> None:
    free = [p for p in points if p not in blocked]
    if not free:
        return
    keep_off = rng.randint(0, count // 2) if rng.random() < 0.3 else 0
    for _ in range(count - keep_off):
        side[rng.choice(free)] += 1


@st.composite
def positions(draw) -> Position:
    seed = draw(st.integers(0, 2**32 - 1))
    kind = draw(st.sampled_from(["any", "home", "bar", "closed"]))
    rng = random.Random(seed)
    if kind == "home":
        return random_position(rng, home_only=True)
    if kind == "bar":
        return random_position(rng, bar=rng.randint(1, 3))
    if kind == "closed":
        return random_position(rng, bar=rng.randint(1, 2), closed=True)
    return random_position(rng)


dice = st.tuples(st.integers(1, 6), st.integers(1, 6))
