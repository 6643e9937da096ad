"""Benchmark: how long the rules check of a match file takes (parse + replay).

Run:  .venv/bin/python tests/benchmarks/bench_replay.py [--repeat N]

Prints, for every text match file in shared/data/matches and for a synthetic long
25-point match (random legal play with a fixed seed), the time per match and per play.
Target (issue 4): the check of a 25-point match of about 1,500 plays takes under 0.25 s.
A benchmark, not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games.engine import Game, MatchScore, Phase, Rules  # noqa: E402
from games.engine.matchfile import (  # noqa: E402
    Double,
    Drop,
    GameRecord,
    MatchFile,
    Roll,
    RollKind,
    Tags,
    Take,
    Win,
    parse_match_file,
    write_match_file,
)
from games.engine.replay import replay, rules_for  # noqa: E402
from tests.samples import SAMPLES  # noqa: E402

SHARED = SAMPLES
LONG_SEED = 2025
LONG_LENGTH = 25


def _gnubg_text(play) -> str:
    """The play written as gnubg does: one ``from/to`` token per die, 25 = bar, 0 = off."""
    return " ".join(f"{m.src}/{m.dst}{'*' if m.hit else ''}" for m in play.moves)


def random_match(seed: int, length: int, double_rate: float = 0.03) -> tuple[str, int]:
    """A legal match to ``length`` points by random play: (file text, number of plays).

    Each turn the player on roll may double (when allowed) with probability
    ``double_rate``; the opponent takes or drops at random. Every play is chosen at
    random among the legal plays, so the file replays without a violation. The games are
    played on the engine's ``Game`` (the one game machine) and written down as events.
    """
    rng = random.Random(seed)
    rules = Rules(match_length=length)
    score = MatchScore(length=length)
    games: list[GameRecord] = []
    plays = 0
    while not score.is_over():
        game = Game(rules, score=score)
        events: list = []
        first = rng.randrange(1, 7)
        game.roll_opening((first, rng.choice([d for d in range(1, 7) if d != first])))
        while game.phase is not Phase.OVER:
            if game.phase is Phase.ROLL:
                if game.can_double() is None and rng.random() < double_rate:
                    events.append(Double(game.on_roll, game.cube.value * 2))
                    game.double()
                    if rng.random() < 0.5:
                        events.append(Drop(game.turn))
                        game.drop()
                        break
                    events.append(Take(game.turn))
                    game.take()
                game.roll((rng.randrange(1, 7), rng.randrange(1, 7)))
            play = rng.choice(game.legal_plays())
            plays += 1
            kind = RollKind.PLAY if play.moves else RollKind.EMPTY
            events.append(Roll(game.on_roll, game.dice, kind, _gnubg_text(play)))
            game.play(play)
        events.append(Win(game.result.winner, game.result.points))
        games.append(GameRecord(len(games) + 1, score.scores, tuple(events)))
        score = game.score_after()
    match = MatchFile(
        tags=Tags((("Site", "bench_replay.py"), ("Crawford", "On"))),
        notes=(f"random legal play, seed {seed}",),
        match_length=length,
        players=("Random Left", "Random Right"),
        games=tuple(games),
    )
    return write_match_file(match), plays


def _time(func, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best


def _check(data: bytes | str):
    match = parse_match_file(data)
    return replay(match, rules_for(match))


def _row(name: str, data: bytes | str, repeat: int) -> tuple[int, float]:
    match = parse_match_file(data)
    plays = sum(1 for g in match.games for e in g.events if isinstance(e, Roll))
    parse_s = _time(lambda: parse_match_file(data), repeat)
    check_s = _time(lambda: _check(data), repeat)
    report = _check(data)
    print(
        f"{name:44s} {len(match.games):5d} {plays:6d} {parse_s * 1e3:9.2f} "
        f"{check_s * 1e3:9.2f} {check_s / max(plays, 1) * 1e6:8.1f}   "
        f"{len(report.errors)} errors"
    )
    return plays, check_s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="best of N runs (default 5)")
    args = parser.parse_args()
    print(f"{'file':44s} {'games':>5s} {'plays':>6s} {'parse ms':>9s} {'check ms':>9s} "
          f"{'us/play':>8s}")
    total_plays, total_s = 0, 0.0
    for path in sorted(SHARED.glob("*")):
        if path.suffix in (".mat", ".txt"):
            plays, seconds = _row(path.name, path.read_bytes(), args.repeat)
            total_plays += plays
            total_s += seconds
    if total_plays:
        print(f"{'all samples':44s} {'':5s} {total_plays:6d} {'':9s} {total_s * 1e3:9.2f} "
              f"{total_s / total_plays * 1e6:8.1f}")
    text, plays = random_match(LONG_SEED, LONG_LENGTH)
    _, seconds = _row(f"synthetic {LONG_LENGTH}-point match (seed {LONG_SEED})", text,
                      args.repeat)
    verdict = "OK" if seconds < 0.25 else "OVER"
    print(f"\n{LONG_LENGTH}-point match, {plays} plays: {seconds:.3f} s "
          f"(target < 0.25 s: {verdict})")


if __name__ == "__main__":
    main()
