"""Counted vectors (like chess perft): data/perft.jsonl, cross-checked against OpenSpiel.

Regenerate with ``python tests/games/engine/perft_make.py``.
"""

import json
import random
from pathlib import Path

import pytest

from games.engine import Position, legal_plays

from .reference import reference_results
from .strategies import random_position

LINES = [json.loads(line) for line in
         (Path(__file__).parent / "data" / "perft.jsonl").read_text().splitlines()]


def test_the_vector_file_is_big_and_varied():
    kinds = {line["kind"] for line in LINES}
    assert len(LINES) >= 500
    assert kinds >= {"random", "bar", "bearoff", "doubles", "closed"}


@pytest.mark.parametrize("line", LINES, ids=lambda line: f"{line['position_id']}-{line['dice']}")
def test_perft_count(line):
    position = Position.from_position_id(line["position_id"])
    plays = legal_plays(position, line["dice"])
    assert len(plays) == line["plays"]
    assert len({play.result for play in plays}) == len(plays)


def test_openspiel_reaches_each_vector_and_agrees():
    pyspiel = pytest.importorskip("pyspiel")
    from .openspiel_bridge import distinct_results, position

    game = pyspiel.load_game("backgammon")
    for line in [line for line in LINES if line["source"] == "openspiel"][::3]:
        state = game.new_initial_state()
        for action in line["history"]:
            state.apply_action(action)
        assert position(state).position_id() == line["position_id"]
        ours = {p.result.position_id() for p in legal_plays(position(state), line["dice"])}
        assert distinct_results(state) == ours


def test_fast_generator_matches_the_reference_generator_on_random_positions():
    """Every path of the generator (plain, bar, several on the bar, bear-off, doubles)."""
    rng = random.Random(99)
    for index in range(800):
        kind = index % 5
        position = random_position(rng, home_only=kind == 1, closed=kind == 3,
                                   bar=rng.randint(1, 3) if kind in (2, 3) else
                                   rng.choice((0, 0, 1, 2)) if kind == 4 else 0)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if kind == 4:
            dice = (dice[0], dice[0])
        ours = {play.result.position_id() for play in legal_plays(position, dice)}
        assert ours == reference_results(position, dice), (position.position_id(), dice)
