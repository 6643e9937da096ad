"""Benchmark: GNU Backgammon's analysis of a match in the worker (analysis.gnubg_runner).

Run:  .venv/bin/python tests/benchmarks/bench_analysis.py [--matches 200] [--processes 1]
                                                           [--skip-two-ply]

Prints the time to analyse a 7-, 11- and 25-point match (gnubg playing itself with noise,
tests/analysis/data) at 0 ply and at 2 ply, with CPU time beside wall time (the machine is
shared), then the throughput on N queued matches (the 5-, 7- and 11-point files in turn,
0 ply) in worker-like processes (each holds its own gnubg, as Celery's prefork children do).
Target (issue 20): a 25-point match at 0 ply in under 5 s on the 2-core machine.
A benchmark, not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from analysis.gnubg_runner import analyse_text, gnubg_version  # noqa: E402

DATA = ROOT / "tests" / "analysis" / "data"
MATCHES = {7: "selfplay_7p.mat", 11: "selfplay_11p.mat", 25: "selfplay_25p.mat"}
QUEUE = ["selfplay_5p.mat", "selfplay_7p.mat", "selfplay_11p.mat"]


def timed(text: str, plies: int) -> tuple[float, float, int]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = analyse_text(text, plies=plies)
    return time.perf_counter() - wall, time.process_time() - cpu, len(result.decisions)


def one_match(name: str) -> float:
    return timed((DATA / name).read_text(), 0)[1]


def throughput(count: int, processes: int) -> None:
    # spawned, not forked: this process has used gnubg already, and gnubg's threads do not
    # survive a fork (Celery's prefork parent never imports gnubg; its children do)
    names = [QUEUE[i % len(QUEUE)] for i in range(count)]
    start = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        cpu = sum(pool.map(one_match, names, chunksize=1))
    wall = time.perf_counter() - start
    print(f"\n{count} queued matches (5/7/11 points, 0 ply), {processes} process(es): "
          f"{wall:.1f} s wall, {cpu:.1f} s CPU; {count / wall * 60:.0f} matches/minute, "
          f"{wall / count:.2f} s per match")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--skip-two-ply", action="store_true")
    args = parser.parse_args()
    print(f"GNU Backgammon {gnubg_version()} (the gnubg package)", flush=True)
    print(f"{'match':>10} {'ply':>4} {'decisions':>10} {'wall s':>8} {'CPU s':>8}")
    for plies in (0,) if args.skip_two_ply else (0, 2):
        for length, name in MATCHES.items():
            wall, cpu, decisions = timed((DATA / name).read_text(), plies)
            print(f"{length:>4}-point {plies:>4} {decisions:>10} {wall:>8.2f} {cpu:>8.2f}",
                  flush=True)
    throughput(args.matches, args.processes)


if __name__ == "__main__":
    main()
