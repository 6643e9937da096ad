"""Issue 32 (3 of 3): the organiser and player A's club are required from now on."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('results', '0006_organiser_and_player_clubs_data'),
    ]

    operations = [
        migrations.AlterField(
            model_name='finishedmatch',
            name='player_a_club',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='clubs.club', verbose_name="player A's club"),
        ),
        migrations.AlterField(
            model_name='finishedmatch',
            name='club',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='finished_matches', to='clubs.club', verbose_name='organising club'),
        ),
        migrations.AddConstraint(
            model_name='finishedmatch',
            constraint=models.CheckConstraint(condition=models.Q(('club__isnull', False), ('organiser_kind', 'club')), name='results_finishedmatch_organiser_named'),
        ),
        migrations.AddConstraint(
            model_name='finishedmatch',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('player_b__isnull', True), ('player_b_club__isnull', True)), models.Q(('player_b__isnull', False), ('player_b_club__isnull', False)), _connector='OR'), name='results_finishedmatch_opponent_has_club'),
        ),
    ]
