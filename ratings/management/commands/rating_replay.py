"""Replay rated matches from JSON lines and print the final ratings; no database at all.

Input, one match a line in finishing order (blank lines ignored)::

    {"a": "ann", "b": "bob", "length": 5, "winner": "a"}

Output, one JSON document with the default rating settings::

    {"players": {"ann": {"rating": 1522.36..., "experience": 5}, ...}}

Bad input stops with a CommandError naming the line, before anything is printed.
"""

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from ratings.core import RatedMatch, RatingInputError, replay

KEYS = ("a", "b", "length", "winner")


class Command(BaseCommand):
    help = "Replay rated matches (JSON lines; '-' for standard input) and print the ratings."
    requires_system_checks: list = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("file", help="a JSON-lines file of matches ('-' for standard input)")

    def handle(self, *args, **options):
        matches = [parse_line(text, number)
                   for number, text in enumerate(self._lines(options["file"]), start=1)
                   if text.strip()]
        standings = replay(matches).standings
        players = {name: {"rating": rating, "experience": experience}
                   for name, (rating, experience) in sorted(standings.items())}
        self.stdout.write(json.dumps({"players": players}))

    @staticmethod
    def _lines(name: str) -> list[str]:
        if name == "-":
            return sys.stdin.read().splitlines()
        try:
            return Path(name).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read {name}: {exc}") from exc


def parse_line(text: str, number: int) -> RatedMatch:
    """One input line as a RatedMatch; CommandError naming the line when it is not one."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CommandError(f"line {number}: invalid JSON: {exc.msg}") from exc
    if not isinstance(record, dict):
        raise CommandError(f"line {number}: expected a JSON object")
    missing = [key for key in KEYS if key not in record]
    if missing:
        raise CommandError(f"line {number}: missing key {', '.join(map(repr, missing))}")
    a, b, length, winner = (record[key] for key in KEYS)
    for side, name in (("a", a), ("b", b)):
        if not isinstance(name, str) or not name:
            raise CommandError(f"line {number}: {side!r} must be a non-empty string")
    if a == b:
        raise CommandError(f"line {number}: a and b are the same player ({a!r})")
    if winner not in ("a", "b"):
        raise CommandError(f'line {number}: winner must be "a" or "b", not {winner!r}')
    try:
        return RatedMatch(a, b, length, a if winner == "a" else b, key=number)
    except RatingInputError as exc:
        raise CommandError(f"line {number}: {exc}") from exc
