"""Issue 32: a finished match names its organiser (a club today) and each player's own club.

Every row so far was a club's match between two of its members: the organiser is the club
and both players played for it (the data step below), so the columns start filled.
"""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import F


def players_played_for_the_club(apps, schema_editor):
    matches = apps.get_model("results", "FinishedMatch").objects
    matches.update(organiser_kind="club", player_a_club=F("club"))
    matches.filter(player_b__isnull=False).update(player_b_club=F("club"))


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
        migrations.RunPython(players_played_for_the_club, migrations.RunPython.noop),
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
