"""Recompute a club's ratings now, in this process (without a Celery worker).

    python manage.py ratings_recompute riverside          # what is pending, if anything
    python manage.py ratings_recompute riverside --full   # everything, from the first match
"""

from django.core.management.base import BaseCommand, CommandError

from clubs.models import Club
from ratings.services.recompute import BEGINNING, ratings_recompute
from ratings.services.updates import ratings_recompute_request


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--full", action="store_true",
                            help="Replay every match, not only from the pending mark on.")

    def handle(self, *args, slug: str, full: bool, **options):
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(f"No club with the slug {slug!r}.")
        if full:
            ratings_recompute_request(club_id=club.pk, from_at=BEGINNING[0],
                                      from_match_id=BEGINNING[1])
        replayed = ratings_recompute(club_id=club.pk)
        self.stdout.write(f"{club.slug}: {replayed} rated matches replayed"
                          if replayed else f"{club.slug}: nothing was pending")
