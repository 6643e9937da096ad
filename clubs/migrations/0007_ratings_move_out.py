"""The ratings become an app of their own: their models leave the clubs app's state; their
tables stay where they are (the ratings app's first migration takes them over)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0006_club_join_requests_open'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.RemoveField(
                model_name='rating',
                name='club',
            ),
            migrations.RemoveField(
                model_name='rating',
                name='player',
            ),
            migrations.RemoveField(
                model_name='ratingchange',
                name='club',
            ),
            migrations.RemoveField(
                model_name='ratingchange',
                name='match',
            ),
            migrations.RemoveField(
                model_name='ratingchange',
                name='opponent',
            ),
            migrations.RemoveField(
                model_name='ratingchange',
                name='player',
            ),
            migrations.RemoveField(
                model_name='ratingsettings',
                name='club',
            ),
            migrations.RemoveField(
                model_name='season',
                name='club',
            ),
            migrations.DeleteModel(
                name='MasterPointAward',
            ),
            migrations.DeleteModel(
                name='Rating',
            ),
            migrations.DeleteModel(
                name='RatingChange',
            ),
            migrations.DeleteModel(
                name='RatingSettings',
            ),
            migrations.DeleteModel(
                name='Season',
            ),
            ],
        ),
    ]
