"""Command line: ``python -m games.engine plays`` (JSON lines) and ``show ID`` (a diagram).

``plays`` reads ``{"position_id": ID, "dice": [d1, d2]}`` per line on standard input and
writes ``{"plays": [...]}`` per line: the Position ID after each distinct legal play, seen by
the opponent now on roll (when no play is possible, the single entry is the passed
position). A bad line gives ``{"error": "..."}``; the exit status is then 1 at the end.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import TextIO

from .errors import EngineError
from .plays import legal_plays
from .position import Position


def plays_line(line: str) -> dict:
    """The answer to one input line (raises ValueError on bad input)."""
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON: {exc.msg}") from None
    if not isinstance(request, dict) or "position_id" not in request or "dice" not in request:
        raise ValueError('expected {"position_id": ID, "dice": [d1, d2]}')
    dice = request["dice"]
    if not isinstance(dice, list) or not all(type(die) is int for die in dice):
        raise ValueError(f"dice must be a list of two integers, not {dice!r}")
    position = Position.from_position_id(request["position_id"])
    return {"plays": [play.result.position_id() for play in legal_plays(position, dice)]}


def run_plays(lines: Iterable[str], out: TextIO) -> int:
    status = 0
    for line in lines:
        if not line.strip():
            continue
        try:
            answer = plays_line(line)
        except (EngineError, ValueError) as exc:
            answer, status = {"error": str(exc)}, 1
        out.write(json.dumps(answer) + "\n")
        out.flush()
    return status


def run_show(position_id: str, out: TextIO) -> int:
    try:
        out.write(Position.from_position_id(position_id).diagram() + "\n")
    except EngineError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine",
                                     description="Backgammon rules engine.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("plays", help="legal plays for JSON lines on standard input")
    show = commands.add_parser("show", help="print the board of a Position ID")
    show.add_argument("position_id")
    args = parser.parse_args(argv)
    if args.command == "show":
        return run_show(args.position_id, sys.stdout)
    return run_plays(sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
