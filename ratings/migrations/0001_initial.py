"""The ratings app takes over the ratings tables of the clubs app (no data moves)."""

import django.db.models.deletion
import django.db.models.expressions
import ratings.models
from django.db import migrations, models

from ops.migration_helpers import move_content_types

MODELS = ["ratingsettings", "rating", "ratingchange", "season", "masterpointaward"]


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('clubs', '0007_ratings_move_out'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('results', '0001_initial'),
        ('tournaments', '0002_placings'),
    ]

    # The tables were made by the clubs app's migrations (0004, 0005): only the state moves
    # here, and the content types follow so that granted permissions are kept.
    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.CreateModel(
                name='MasterPointAward',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('competition', models.CharField(max_length=12)),
                    ('match_wins', models.PositiveIntegerField(default=0)),
                    ('match_points', models.FloatField(default=0.0)),
                    ('placement_points', models.FloatField(default=0.0)),
                    ('place', models.PositiveSmallIntegerField(blank=True, null=True)),
                    ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='master_points', to='clubs.club')),
                    ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='clubs.player')),
                    ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.tournament')),
                ],
                options={
                    'db_table': 'clubs_masterpointaward',
                    'ordering': ['club', 'tournament', 'competition', 'player_id'],
                    'constraints': [models.UniqueConstraint(fields=('tournament', 'competition', 'player'), name='clubs_masterpointaward_once'), models.CheckConstraint(condition=models.Q(('match_points__gte', 0), ('placement_points__gte', 0)), name='clubs_masterpointaward_never_negative')],
                },
            ),
            migrations.CreateModel(
                name='Rating',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('rating', models.FloatField()),
                    ('experience', models.PositiveIntegerField(default=0)),
                    ('matches', models.PositiveIntegerField(default=0)),
                    ('wins', models.PositiveIntegerField(default=0)),
                    ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='clubs.club')),
                    ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='clubs.player')),
                ],
                options={
                    'db_table': 'clubs_rating',
                    'ordering': ['club', '-rating', 'player_id'],
                    'constraints': [models.UniqueConstraint(fields=('club', 'player'), name='clubs_rating_one_per_club'), models.CheckConstraint(condition=models.Q(('wins__lte', models.F('matches'))), name='clubs_rating_wins_within_matches')],
                },
            ),
            migrations.CreateModel(
                name='RatingChange',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('finished_at', models.DateTimeField()),
                    ('length', models.PositiveSmallIntegerField()),
                    ('won', models.BooleanField()),
                    ('rating_before', models.FloatField()),
                    ('rating_after', models.FloatField()),
                    ('change', models.FloatField()),
                    ('experience_before', models.PositiveIntegerField()),
                    ('experience_after', models.PositiveIntegerField()),
                    ('k', models.FloatField()),
                    ('p', models.FloatField()),
                    ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_changes', to='clubs.club')),
                    ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_changes', to='results.finishedmatch')),
                    ('opponent', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='clubs.player')),
                    ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='clubs.player')),
                ],
                options={
                    'db_table': 'clubs_ratingchange',
                    'ordering': ['club', 'finished_at', 'match_id', 'won'],
                    'indexes': [models.Index(fields=['club', 'finished_at', 'match'], name='clubs_rc_club_order'), models.Index(fields=['player', 'club', 'finished_at'], name='clubs_rc_player_order')],
                    'constraints': [models.UniqueConstraint(fields=('match', 'player'), name='clubs_ratingchange_once'), models.CheckConstraint(condition=models.Q(('player', models.F('opponent')), _negated=True), name='clubs_ratingchange_two_players'), models.CheckConstraint(condition=models.Q(('experience_after', django.db.models.expressions.CombinedExpression(models.F('experience_before'), '+', models.F('length')))), name='clubs_ratingchange_experience_adds_length'), models.CheckConstraint(condition=models.Q(models.Q(('change__gte', 0), ('won', True)), models.Q(('change__lte', 0), ('won', False)), _connector='OR'), name='clubs_ratingchange_sign_follows_result')],
                },
            ),
            migrations.CreateModel(
                name='RatingSettings',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('start_rating', models.FloatField(default=1500.0)),
                    ('experience_ramp', models.BooleanField(default=True)),
                    ('ramp_counts_current_match', models.BooleanField(default=False)),
                    ('rate_one_point', models.BooleanField(default=True, verbose_name='Rate 1-point matches')),
                    ('rate_ladder', models.BooleanField(default=True, verbose_name='Rate ladder matches')),
                    ('rate_friendly', models.BooleanField(default=False, verbose_name='Rate uploaded friendly match records')),
                    ('points_per_match_win', models.FloatField(default=1.0)),
                    ('points_per_attendance', models.FloatField(default=1.0)),
                    ('points_first', models.FloatField(default=1.0, verbose_name='Share of the field for 1st')),
                    ('points_second', models.FloatField(default=0.5, verbose_name='Share of the field for 2nd')),
                    ('points_third', models.FloatField(default=0.25, verbose_name='Share of the field for 3rd')),
                    ('leaderboard_columns', models.JSONField(default=ratings.models._default_columns)),
                    ('recompute_from_at', models.DateTimeField(blank=True, null=True)),
                    ('recompute_from_match', models.BigIntegerField(blank=True, null=True)),
                    ('recomputed_at', models.DateTimeField(blank=True, null=True)),
                    ('version', models.PositiveIntegerField(default=0)),
                    ('club', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='rating_settings', to='clubs.club')),
                ],
                options={
                    'verbose_name_plural': 'rating settings',
                    'db_table': 'clubs_ratingsettings',
                    'constraints': [models.CheckConstraint(condition=models.Q(('points_per_match_win__gte', 0), ('points_per_attendance__gte', 0), ('points_first__gte', 0), ('points_second__gte', 0), ('points_third__gte', 0)), name='clubs_ratingsettings_points_not_negative'), models.CheckConstraint(condition=models.Q(models.Q(('recompute_from_at__isnull', True), ('recompute_from_match__isnull', True)), models.Q(('recompute_from_at__isnull', False), ('recompute_from_match__isnull', False)), _connector='OR'), name='clubs_ratingsettings_marker_whole')],
                },
            ),
            migrations.CreateModel(
                name='Season',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('name', models.CharField(max_length=60)),
                    ('starts_on', models.DateField()),
                    ('ends_on', models.DateField()),
                    ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seasons', to='clubs.club')),
                ],
                options={
                    'db_table': 'clubs_season',
                    'ordering': ['club', '-starts_on'],
                    'constraints': [models.UniqueConstraint(fields=('club', 'name'), name='clubs_season_unique_name'), models.CheckConstraint(condition=models.Q(('ends_on__gte', models.F('starts_on'))), name='clubs_season_ends_after_start')],
                },
            ),
            ],
        ),
        migrations.RunPython(*move_content_types("clubs", "ratings", MODELS)),
    ]
