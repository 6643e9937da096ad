import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    """A team league's board played live (issue 35, point 4): the live match names its
    card's fixture and board (one live match a board), and keeps its match score."""

    dependencies = [
        ('live', '0006_admin_field_names'),
        ('teamleagues', '0003_board_finished_at'),
    ]

    operations = [
        migrations.AddField(
            model_name='livematch',
            name='team_fixture',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='live_matches', to='teamleagues.fixture', verbose_name='team fixture'),
        ),
        migrations.AddField(
            model_name='livematch',
            name='team_board',
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='board'),
        ),
        migrations.AddField(
            model_name='livematch',
            name='score_a',
            field=models.PositiveSmallIntegerField(default=0, verbose_name='score A'),
        ),
        migrations.AddField(
            model_name='livematch',
            name='score_b',
            field=models.PositiveSmallIntegerField(default=0, verbose_name='score B'),
        ),
        migrations.AddConstraint(
            model_name='livematch',
            constraint=models.UniqueConstraint(condition=models.Q(('team_fixture__isnull', False)), fields=('team_fixture', 'team_board'), name='live_livematch_one_per_team_board'),
        ),
        migrations.AddConstraint(
            model_name='livematch',
            constraint=models.CheckConstraint(condition=models.Q(('team_board__isnull', True), ('team_board__gte', 1), _connector='OR'), name='live_livematch_team_board_valid'),
        ),
    ]
