"""Import many match files into a club, with a progress bar and a summary."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from clubs.models import Club
from games.services.match_import import MatchImportError, RuleOptions, match_import

SUFFIXES = {".mat", ".txt", ".sgf"}


class Command(BaseCommand):
    help = "Import match files (.mat/.txt/.sgf) into a club; each gets a rules check."

    def add_arguments(self, parser):
        parser.add_argument("club", help="the club's slug")
        parser.add_argument("paths", nargs="+", help="files, or folders to search")
        parser.add_argument("--jacoby", action="store_true")
        parser.add_argument("--beavers", action="store_true")
        parser.add_argument("--no-crawford", action="store_true")

    def handle(self, *args, **options):
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(f"No club with the slug {options['club']!r}.")
        files = self._files(options["paths"])
        rules = RuleOptions(jacoby=options["jacoby"], beavers=options["beavers"],
                            crawford=not options["no_crawford"])
        imported, failed = 0, []
        for path in tqdm(files, desc="Importing", unit="file", file=self.stderr._out):
            try:
                match_import(club=club, data=path.read_bytes(), filename=path.name,
                             options=rules)
                imported += 1
            except (MatchImportError, OSError) as exc:
                failed.append((path, str(exc)))
        for path, reason in failed:
            self.stderr.write(f"  {path}: {reason}")
        self.stdout.write(self.style.SUCCESS(
            f"{imported} imported, {len(failed)} rejected, {len(files)} files in all."
        ))

    @staticmethod
    def _files(paths: list[str]) -> list[Path]:
        found: list[Path] = []
        for name in paths:
            path = Path(name)
            if path.is_dir():
                found += sorted(p for p in path.rglob("*") if p.suffix.lower() in SUFFIXES)
            elif path.exists():
                found.append(path)
            else:
                raise CommandError(f"{path} does not exist.")
        return found
