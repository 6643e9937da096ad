"""Check one match file from the shell; no database writes.

Prints one JSON report. Exit status: 0 no violations, 1 violations, 2 not a match file.
"""

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from games.engine import matchfile, sgf
from games.engine.replay import replay, rules_for


class Command(BaseCommand):
    help = "Replay a match file through the rules engine and report every violation."
    requires_system_checks: list = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("file", help="a .mat/.txt or .sgf match file ('-' for standard input)")
        parser.add_argument("--json", action="store_true", help="print the JSON report")
        parser.add_argument("--jacoby", action="store_true", help="money play: Jacoby rule on")
        parser.add_argument("--beavers", action="store_true", help="money play: beavers on")
        parser.add_argument("--no-crawford", action="store_true", help="no Crawford rule")

    def handle(self, *args, **options):
        try:
            data = self._read(options["file"])
            parsed = sgf.parse_record(data, name=options["file"])
        except (OSError, matchfile.MatchFileError) as exc:
            self._emit({"error": str(exc)}, options, fallback=f"error: {exc}")
            sys.exit(2)
        rules = rules_for(parsed, jacoby=options["jacoby"], beavers=options["beavers"],
                          crawford=not options["no_crawford"])
        report = replay(parsed, rules).to_dict()
        self._emit(report, options, fallback=self._summary(report))
        sys.exit(1 if report["violations"] else 0)

    @staticmethod
    def _read(name: str) -> bytes:
        return sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()

    def _emit(self, report: dict, options, *, fallback: str) -> None:
        self.stdout.write(json.dumps(report) if options["json"] else fallback)

    @staticmethod
    def _summary(report: dict) -> str:
        lines = [f"{len(report['games'])} games, final score "
                 f"{report['final_score'][0]}-{report['final_score'][1]}"]
        lines += [f"line {v['line']} (game {v['game']}): {v['rule']}: {v['message']}"
                  for v in report["violations"]]
        return "\n".join(lines) if report["violations"] else lines[0] + "; no violations"
