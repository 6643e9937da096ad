"""Issue 32 (1 of 3: the columns; the data in 0006, the constraints in 0007, each its own
transaction, as PostgreSQL will not alter a table with pending trigger events): a finished match names its organiser (a club today) and each player's own club.

Every row so far was a club's match between two of its members: the organiser is the club
and both players played for it (the data step below), so the columns start filled.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0010_i18n_field_names'),
        ('results', '0004_finished_match_event_message'),
    ]

    operations = [
        migrations.AddField(
            model_name='finishedmatch',
            name='organiser_kind',
            field=models.CharField(choices=[('club', 'Club')], default='club', max_length=12, verbose_name='organiser kind'),
        ),
        migrations.AddField(
            model_name='finishedmatch',
            name='player_a_club',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='clubs.club', verbose_name="player A's club"),
        ),
        migrations.AddField(
            model_name='finishedmatch',
            name='player_b_club',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='clubs.club', verbose_name="player B's club"),
        ),
    ]
