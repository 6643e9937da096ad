"""Print a knockout format's graph of matches as one JSON document (no database needed).

    python manage.py bracket_plan --format double_elimination --entrants 9

prints ``{"matches": [{"id", "flight", "round", "slots": [SLOT, SLOT]}, ...]}``, SLOT one
of ``{"seed": k}``, ``{"bye": true}``, ``{"winner_of": ID}``, ``{"loser_of": ID}``. Every
match of the graph is listed, byes included (see tournaments/formats/README.md).
"""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.formats import FORMATS, MAX_ENTRANTS, FormatError, build, to_json


class Command(BaseCommand):
    help = "Print the graph of matches of a knockout format as JSON."
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--format", required=True, choices=FORMATS)
        parser.add_argument("--entrants", required=True, type=int,
                            help=f"Number of entrants, 2 to {MAX_ENTRANTS}.")
        parser.add_argument("--no-reset", action="store_true",
                            help="Double elimination without the grand final's reset (F2).")
        parser.add_argument("--indent", type=int, default=None, help="Pretty-print the JSON.")

    def handle(self, *args, **options):
        try:
            bracket = build(options["format"], options["entrants"],
                            reset=not options["no_reset"])
        except FormatError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(json.dumps(to_json(bracket), indent=options["indent"]))
