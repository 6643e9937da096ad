"""Regenerate data/perft.jsonl: ``python tests/games/engine/perft_make.py`` (needs open_spiel).

Each line: a Position ID, the dice, the number of distinct legal plays, and where the count
was cross-checked: ``openspiel`` lines carry the OpenSpiel action history that reaches the
position (test_perft.py replays it), ``reference`` lines (closed boards and other positions
OpenSpiel games rarely reach) were counted by the slow reference generator. Every count is
also checked against both other generators before it is written.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from openspiel_bridge import distinct_results, play_games  # noqa: E402
from reference import reference_results  # noqa: E402
from strategies import random_position  # noqa: E402

from games.engine import legal_plays  # noqa: E402

OUT = Path(__file__).resolve().parent / "data" / "perft.jsonl"
QUOTAS = {"random": 160, "bar": 100, "bearoff": 100, "doubles": 100}


def _category(position, dice) -> list[str]:
    kinds = ["random"]
    if position.mover[25]:
        kinds.append("bar")
    if not any(position.mover[7:26]):
        kinds.append("bearoff")
    if dice[0] == dice[1]:
        kinds.append("doubles")
    return kinds


def _ours(position, dice) -> set[str]:
    return {play.result.position_id() for play in legal_plays(position, dice)}


def openspiel_lines(rng: random.Random) -> list[dict]:
    pool = list(play_games(rng, 120))
    rng.shuffle(pool)
    lines, counts, seen = [], {**dict.fromkeys(QUOTAS, 0), "forced": 0}, set()
    for state, position, dice in pool:
        kinds = [k for k in _category(position, dice)[::-1] if counts[k] < QUOTAS[k]]
        key = (position.position_id(), tuple(sorted(dice)))
        if not kinds or key in seen:
            continue
        theirs = distinct_results(state)
        if len(theirs) == 1 and counts["forced"] >= 40:
            continue
        counts["forced"] += len(theirs) == 1
        if theirs != _ours(position, dice) or theirs != reference_results(position, dice):
            raise SystemExit(f"MISMATCH {position.position_id()} {dice}")
        seen.add(key)
        counts[kinds[0]] += 1
        lines.append({"position_id": position.position_id(), "dice": list(dice),
                      "plays": len(theirs), "kind": kinds[0], "source": "openspiel",
                      "history": state.history()})
    return lines


def reference_lines(rng: random.Random) -> list[dict]:
    lines = []
    for index in range(150):
        kind = ("closed", "bar", "bearoff")[index % 3]
        position = random_position(rng, closed=kind == "closed", home_only=kind == "bearoff",
                                   bar=rng.randint(1, 3) if kind != "bearoff" else 0)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        expected = reference_results(position, dice)
        if expected != _ours(position, dice):
            raise SystemExit(f"MISMATCH {position.position_id()} {dice}")
        lines.append({"position_id": position.position_id(), "dice": list(dice),
                      "plays": len(expected), "kind": kind, "source": "reference"})
    return lines


def main() -> None:
    rng = random.Random(20240601)
    lines = openspiel_lines(rng) + reference_lines(rng)
    OUT.write_text("".join(json.dumps(line) + "\n" for line in lines))
    print(f"wrote {len(lines)} lines to {OUT}")


if __name__ == "__main__":
    main()
