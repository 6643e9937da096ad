"""Benchmark: a pack of 200 scoresheets (one A4 page each, with its QR code) made as the
worker makes it (printing.services.pdf.pdf_render_parts: 20 sheets a part, the progress
after each part), in English and in Japanese (the CJK font embedded).

Run:  .venv/bin/python tests/benchmarks/bench_print.py [--sheets 200] [--language ja]

Prints wall and CPU seconds (the machine is shared), the pages and the PDF's size. Target
(issue 36): a 200-page pack in at most 30 s on this machine. No database: the sheets are
the values ``printing.selectors.scoresheet_values`` gives the template. A benchmark, not a
test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.utils import timezone, translation  # noqa: E402

from printing.selectors import SHEETS_PER_PART, sheet_rows  # noqa: E402
from printing.services.pdf import pdf_render_parts  # noqa: E402

NAMES = {"en": ("Player", "Riverside Open"), "ja": ("選手", "月例トーナメント")}


def sheets(count: int, language: str) -> list[dict]:
    player, event = NAMES.get(language, NAMES["en"])
    return [{"tournament_name": event, "round_name": "Round 1", "key": f"M1-{n}",
             "table": n, "length": 7, "player_a": f"{player} {2 * n - 1:03d}",
             "player_b": f"{player} {2 * n:03d}", "rows": range(1, sheet_rows(7) + 1),
             "url": f"https://club.example.org/clubs/riverside/tournaments/1/#report-M1-{n}"}
            for n in range(1, count + 1)]


def run(count: int, language: str) -> None:
    club = SimpleNamespace(name="Riverside Backgammon Club", slug="riverside")
    all_sheets = sheets(count, language)
    contexts = [{"club": club, "printed_at": timezone.now(), "what": "scoresheets",
                 "sheets": all_sheets[i:i + SHEETS_PER_PART]}
                for i in range(0, count, SHEETS_PER_PART)]
    parts = len(contexts)
    wall, cpu = time.perf_counter(), time.process_time()

    def progress(done: int) -> None:
        print(f"  part {done}/{parts} at {time.perf_counter() - wall:.1f} s", flush=True)

    with translation.override(language):
        pdf, pages = pdf_render_parts(template="printing/scoresheets.html", contexts=contexts,
                                      on_part=progress)
    print(f"{language}: {pages} pages, {len(pdf) / 1e6:.2f} MB in "
          f"{time.perf_counter() - wall:.1f} s wall, {time.process_time() - cpu:.1f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sheets", type=int, default=200)
    parser.add_argument("--language", action="append", help="en, ja, ... (default both)")
    args = parser.parse_args()
    for language in args.language or ["en", "ja"]:
        run(args.sheets, language)


if __name__ == "__main__":
    main()
