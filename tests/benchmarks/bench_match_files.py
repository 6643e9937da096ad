"""Benchmark: a zip of match files filed at once (games.services.bulk).

Run:  .venv/bin/python tests/benchmarks/bench_match_files.py [--files 200]

In a database of its own (SQLite under a temporary DATA_DIR unless DATABASE_URL is set):
a zip of ``--files`` copies of gnubg's 7-point self-play match (shared/data/matches), each
dated a day apart (so each is its own match), half of them given a stored result to be
matched to, the rest created. Prints the time to judge the zip by its directory, then to
file every file (parse, replay for the score, match, store the record and its turns), per
file and in all, wall and CPU (the machine is shared), and the process's peak memory. The
rules checks are queued, not run (Celery is not eager here: the broker may be down, they
wait for the requeue).

Figures are printed; nothing is asserted about time.
"""

from __future__ import annotations

import argparse
import datetime
import io
import os
import resource
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def _setup_django(data_dir: str) -> None:
    os.environ["DATA_DIR"] = data_dir  # never the developer's own database
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _zip(count: int, text: str, first: datetime.date) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for n in range(count):
            day = first + datetime.timedelta(days=n)
            body = text.replace("2026.09.24", day.strftime("%Y.%m.%d"))
            archive.writestr(f"matches/{n:04}.mat", body)
    return buffer.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        _setup_django(data_dir)
        from django.conf import settings
        from django.test.utils import override_settings
        from django.utils import timezone

        from clubs.models import Club, Membership, Player
        from games.services.bulk import match_files_entries, match_files_upload
        from results.services import finished_match_record
        from tests.samples import SAMPLES

        text = (SAMPLES / "gnubg_selfplay_drops_7p.mat").read_text()
        first = datetime.date(2020, 1, 1)
        club = Club.objects.create(name="Bench", slug="bench")
        one, two = (Player.objects.create(name=n) for n in ("charlot1", "charlot2"))
        for player in (one, two):
            Membership.objects.create(club=club, player=player)
        for n in range(0, args.files, 2):  # every other file has its result stored
            at = timezone.make_aware(datetime.datetime.combine(
                first + datetime.timedelta(days=n), datetime.time(20)))
            finished_match_record(club=club, source="import", source_id=n + 1, player_a=two,
                                  player_b=one, length=7, winner=two, score_a=7, score_b=3,
                                  finished_at=at)
        data = _zip(args.files, text, first)
        print(f"{args.files} files, zip {len(data):,} bytes "
              f"(unpacked {len(text.encode()) * args.files:,})")
        wall = time.perf_counter()
        match_files_entries(data=data)
        print(f"directory judged: {1000 * (time.perf_counter() - wall):.1f} ms")
        wall, cpu = time.perf_counter(), time.process_time()
        with override_settings(BULK_INLINE_MAX_FILES=args.files):  # the worker's path, here
            upload = match_files_upload(club=club, data=data, filename="bench.zip",
                                        uploaded_by=None, create=True)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        verdicts = {}
        for verdict in upload.files.values_list("verdict", flat=True):
            verdicts[verdict] = verdicts.get(verdict, 0) + 1
        print(f"filed: {wall:.1f} s wall, {cpu:.1f} s CPU, "
              f"{1000 * wall / args.files:.0f} ms a file; {verdicts}")
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"peak memory: {peak:.0f} MB; database {settings.DATABASES['default']['ENGINE']}")


if __name__ == "__main__":
    main()
