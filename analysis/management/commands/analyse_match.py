"""Analyse one match file with GNU Backgammon from the shell; no database.

``--json`` prints the public contract: ``{"players": {NAME: {...}}}`` with gnubg's own
statistics (its ``show statistics match``: errors as positive EMG totals and mEMG rates,
luck signed, moves marked at gnubg's own thresholds 0.03/0.06/0.12). Exit status: 0 done,
2 the file cannot be read or analysed.
"""

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from analysis.core.errors import AnalysisFileError
from analysis.gnubg_runner import PLIES, AnalysisInputError, analyse_text


class Command(BaseCommand):
    help = "Analyse a match file with GNU Backgammon and print each player's figures."
    requires_system_checks: list = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("file", help="a .mat/.txt or .sgf match file ('-' for standard input)")
        parser.add_argument("--json", action="store_true", help="print the JSON contract")
        parser.add_argument("--plies", type=int, default=0, choices=PLIES,
                            help="gnubg's evaluation depth (0 by default; 2 is slower)")

    def handle(self, *args, **options):
        name = options["file"]
        try:
            data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
            result = analyse_text(data, name=name, plies=options["plies"])
        except (OSError, AnalysisInputError, AnalysisFileError) as exc:
            message = {"error": str(exc)}
            self.stdout.write(json.dumps(message) if options["json"] else f"error: {exc}")
            sys.exit(2)
        contract = result.contract()
        if options["json"]:
            self.stdout.write(json.dumps(contract))
            return
        for player, figures in contract["players"].items():
            self.stdout.write(
                f"{player}: {figures['error_rate']:.1f} mEMG error rate "
                f"({figures['chequer_error_rate']:.1f} chequer, {figures['cube_error_rate']:.1f}"
                f" cube), {figures['doubtful']}/{figures['bad']}/{figures['very_bad']} "
                f"doubtful/bad/very bad, luck {figures['luck_total']:+.3f} EMG")
