"""Issue 32 (2 of 3): every row so far was a club's match between two of its members, so the
organiser is the club and both players played for it."""

from django.db import migrations
from django.db.models import F


def players_played_for_the_club(apps, schema_editor):
    matches = apps.get_model("results", "FinishedMatch").objects
    matches.update(organiser_kind="club", player_a_club=F("club"))
    matches.filter(player_b__isnull=False).update(player_b_club=F("club"))


class Migration(migrations.Migration):

    dependencies = [
        ('results', '0005_organiser_and_player_clubs'),
    ]

    operations = [
        migrations.RunPython(players_played_for_the_club, migrations.RunPython.noop),
    ]
