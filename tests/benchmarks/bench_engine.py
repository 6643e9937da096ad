"""Benchmark of the engine's move generator, side by side with OpenSpiel's C++ backgammon.

Run: ``python tests/benchmarks/bench_engine.py [--positions N] [--repeat R]``.

It plays seeded OpenSpiel games with a mix of policies (random, hitting, priming, racing)
and keeps the position and roll at the start of every turn: random games, checkers on the
bar, closed boards, bear-offs and doubles. On exactly those positions it times:

- ``legal_plays`` (every distinct legal play, listed as its steps; the Play objects are
  made when the returned sequence is first read), the same with every Play object made,
  and with every play's resulting Position built;
- OpenSpiel ``state.legal_actions()`` (one call per state: for doubles this covers only the
  first two of the four moves, and two move orders of the same play are separate actions);
- OpenSpiel "full turn": the same plus, for doubles, ``child(action).legal_actions()`` for
  each first-half action, which is what it takes to list a double's whole plays;
- checking one recorded play: ``is_legal`` and ``match_play`` on a random legal play.

Without open_spiel installed it builds the positions from the engine's own random games and
prints only the engine's figures. Nothing is cached between positions (the engine keeps no
cache). The timed runs take turns (engine, OpenSpiel, engine, ...) and each figure is the
best of ``--repeat`` rounds, so a slow moment of the machine hits both sides alike.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "games" / "engine"))

from games.engine import Game, Phase, is_legal, legal_plays, match_play  # noqa: E402

SEED = 20240611


def openspiel_positions(count: int) -> list[tuple]:
    from openspiel_bridge import play_games

    rng = random.Random(SEED)
    items = []
    for item in play_games(rng, 10_000):
        items.append(item)
        if len(items) >= count:
            break
    return items


def engine_positions(count: int) -> list[tuple]:
    rng = random.Random(SEED)
    items = []
    while len(items) < count:
        game = Game(rng=rng)
        game.start()
        while game.phase is not Phase.OVER and len(items) < count:
            if game.phase is Phase.ROLL:
                game.roll()
                continue
            items.append((None, game.position, game.dice))
            game.play(rng.choice(game.legal_plays()))
    return items


def describe(items: list[tuple]) -> str:
    kinds = Counter()
    for _, position, dice in items:
        kinds["bar"] += position.mover[25] > 0
        kinds["closed board vs bar"] += position.mover[25] > 0 and all(
            position.opponent[p] >= 2 for p in range(1, 7))
        kinds["bear-off"] += not any(position.mover[7:26])
        kinds["doubles"] += dice[0] == dice[1]
        kinds["contact, no bar"] += not position.mover[25] and any(position.mover[7:26])
    return ", ".join(f"{name} {n}" for name, n in kinds.items())


def best_of_each(repeat: int, runs: dict) -> dict:
    """{name: best time} over ``repeat`` rounds, each round running every function once."""
    times: dict = {name: [] for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            times[name].append(time.perf_counter() - start)
    return {name: min(values) for name, values in times.items()}


def engine_runs(items: list[tuple]) -> dict:
    pairs = [(position, dice) for _, position, dice in items]

    def plays():
        for position, dice in pairs:
            legal_plays(position, dice)

    def plays_read():
        for position, dice in pairs:
            for _ in legal_plays(position, dice):
                pass

    def results():
        for position, dice in pairs:
            for play in legal_plays(position, dice):
                play.result  # noqa: B018 - force the resulting Position

    return {"engine": plays, "engine read": plays_read, "engine results": results}


def openspiel_runs(items: list[tuple]) -> dict:
    states = [state for state, _, _ in items]

    def raw():
        for state in states:
            state.legal_actions()

    def full_turn():
        for state in states:
            actions = state.legal_actions()
            player = state.current_player()
            for action in actions:
                child = state.child(action)
                if not child.is_chance_node() and not child.is_terminal() \
                        and child.current_player() == player:
                    child.legal_actions()

    return {"openspiel": raw, "openspiel full": full_turn}


def best_of(repeat: int, run) -> float:
    return best_of_each(repeat, {"run": run})["run"]


def time_checks(items: list[tuple], repeat: int) -> tuple[float, float, int]:
    rng = random.Random(SEED)
    cases = []
    for _, position, dice in items[:2000]:
        play = rng.choice(legal_plays(position, dice))
        cases.append((position, dice, play.moves, str(play)))

    def check_legal():
        for position, dice, moves, _ in cases:
            assert is_legal(position, dice, moves)

    def check_text():
        for position, dice, _, text in cases:
            match_play(position, dice, text)

    return best_of(repeat, check_legal), best_of(repeat, check_text), len(cases)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=6000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401

        items = openspiel_positions(args.positions)
    except ImportError:
        print("open_spiel is not installed: engine figures only")
        items = engine_positions(args.positions)
    n = len(items)
    print(f"{n} positions (seed {SEED}): {describe(items)}")
    plays = sum(len(legal_plays(position, dice)) for _, position, dice in items)
    runs = engine_runs(items)
    if items[0][0] is not None:
        runs |= openspiel_runs(items)
    best = best_of_each(args.repeat, runs)
    ours = best["engine"]
    print(f"engine legal_plays:              {n / ours:10,.0f} positions/s "
          f"({ours / n * 1e6:6.1f} us each, {plays / n:.1f} distinct plays on average)")
    print(f"engine, every Play object read:  {n / best['engine read']:10,.0f} positions/s "
          f"({best['engine read'] / n * 1e6:6.1f} us each)")
    print(f"engine, every play's result:     {n / best['engine results']:10,.0f} positions/s "
          f"({best['engine results'] / n * 1e6:6.1f} us each)")
    if "openspiel" in best:
        raw, full = best["openspiel"], best["openspiel full"]
        print(f"OpenSpiel legal_actions():       {n / raw:10,.0f} positions/s "
              f"({raw / n * 1e6:6.1f} us each; doubles: first half of the turn only)")
        print(f"OpenSpiel full turn (doubles x2):{n / full:10,.0f} positions/s "
              f"({full / n * 1e6:6.1f} us each)")
        print(f"engine / OpenSpiel legal_actions(): {raw / ours:.2f}x (legal_plays), "
              f"{raw / best['engine read']:.2f}x (every Play read)")
        print(f"engine / OpenSpiel full turn:       {full / ours:.2f}x (legal_plays)")
    legal, text, cases = time_checks(items, args.repeat)
    print(f"check one recorded play: is_legal {legal / cases * 1e6:.1f} us, "
          f"match_play {text / cases * 1e6:.1f} us (mean over {cases} plays)")


if __name__ == "__main__":
    main()
