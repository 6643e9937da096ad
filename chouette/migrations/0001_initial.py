"""The chouette app takes over the chouette tables of the games app (no data moves)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from ops.migration_helpers import move_content_types

MODELS = ["chouettesession", "chouetteseat", "chouettegame", "chouettecubeaction",
          "chouetteledgerentry", "chouettepayment"]


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('clubs', '0002_workerheartbeat_moves_to_ops'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('games', '0004_chouette_moves_out'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    # The tables were made by the games app's migrations (0002, 0003): only the state moves
    # here, and the content types follow so that granted permissions are kept.
    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.CreateModel(
                name='ChouetteGame',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('number', models.PositiveIntegerField()),
                    ('status', models.CharField(choices=[('playing', 'Playing'), ('finished', 'Finished'), ('reversed', 'Reversed')], default='playing', max_length=10)),
                    ('lineup', models.JSONField()),
                    ('lineup_after', models.JSONField(blank=True, null=True)),
                    ('automatic_double', models.BooleanField(default=False)),
                    ('winner', models.CharField(blank=True, choices=[('box', 'The box'), ('team', 'The team')], max_length=4)),
                    ('kind', models.CharField(blank=True, choices=[('single', 'Single game'), ('gammon', 'Gammon'), ('backgammon', 'Backgammon')], max_length=10)),
                    ('resigned', models.BooleanField(default=False)),
                    ('captain_won', models.BooleanField(blank=True, null=True)),
                    ('points', models.JSONField(blank=True, default=list)),
                    ('started_at', models.DateTimeField(auto_now_add=True)),
                    ('finished_at', models.DateTimeField(blank=True, null=True)),
                    ('reversed_at', models.DateTimeField(blank=True, null=True)),
                    ('reverse_reason', models.TextField(blank=True)),
                    ('box', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='clubs.player')),
                    ('captain', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='clubs.player')),
                    ('finished_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('partner', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='clubs.player')),
                    ('reversed_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('started_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'db_table': 'games_chouettegame',
                    'ordering': ['session', 'number'],
                },
            ),
            migrations.CreateModel(
                name='ChouetteSession',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('date', models.DateField()),
                    ('stake', models.DecimalField(decimal_places=2, help_text="Money per point, in the club's currency.", max_digits=10)),
                    ('currency', models.CharField(max_length=3)),
                    ('cube_mode', models.CharField(choices=[('per_member', 'One cube per team member'), ('team', 'One team cube')], default='per_member', max_length=16)),
                    ('jacoby', models.BooleanField(default=True)),
                    ('beavers', models.BooleanField(default=True)),
                    ('raccoons', models.BooleanField(default=False)),
                    ('automatic_doubles', models.PositiveSmallIntegerField(default=0)),
                    ('consultation', models.CharField(choices=[('no_cube_no_talk', 'No cube, no talk'), ('free', 'Free consultation'), ('none', 'No consultation')], default='no_cube_no_talk', max_length=20)),
                    ('box_partner_from', models.PositiveSmallIntegerField(blank=True, null=True)),
                    ('box_answer_policy', models.CharField(choices=[('free', 'Free'), ('take_at_least_half', 'Take at least half'), ('take_captains', "Take the captain's if any")], default='free', max_length=20)),
                    ('cube_limit', models.PositiveIntegerField(blank=True, null=True)),
                    ('status', models.CharField(choices=[('open', 'Open'), ('closed', 'Closed')], default='open', max_length=8)),
                    ('opening_rounds', models.JSONField(blank=True, default=list)),
                    ('version', models.PositiveIntegerField(default=0)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('closed_at', models.DateTimeField(blank=True, null=True)),
                    ('club', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='chouette_sessions', to='clubs.club')),
                    ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'db_table': 'games_chouettesession',
                    'ordering': ['-date', '-pk'],
                },
            ),
            migrations.CreateModel(
                name='ChouetteSeat',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('status', models.CharField(choices=[('rolling', 'Rolling for the order'), ('active', 'In the line'), ('sitting_out', 'Sitting out'), ('left', 'Left')], default='rolling', max_length=12)),
                    ('position', models.PositiveSmallIntegerField(blank=True, null=True)),
                    ('joined_at', models.DateTimeField(auto_now_add=True)),
                    ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='chouette_seats', to='clubs.player')),
                    ('session', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='chouette.chouettesession')),
                ],
                options={
                    'db_table': 'games_chouetteseat',
                    'ordering': ['session', 'position', 'pk'],
                },
            ),
            migrations.CreateModel(
                name='ChouettePayment',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('amount', models.DecimalField(decimal_places=2, max_digits=14)),
                    ('currency', models.CharField(max_length=3)),
                    ('reason', models.TextField(blank=True)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('club', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='chouette_payments', to='clubs.club')),
                    ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('payee', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='clubs.player')),
                    ('payer', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='clubs.player')),
                    ('reverses', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='reversed_by', to='chouette.chouettepayment')),
                    ('session', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='payments', to='chouette.chouettesession')),
                ],
                options={
                    'db_table': 'games_chouettepayment',
                    'ordering': ['club', '-created_at', '-pk'],
                },
            ),
            migrations.CreateModel(
                name='ChouetteLedgerEntry',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('points', models.IntegerField()),
                    ('amount', models.DecimalField(decimal_places=2, max_digits=14)),
                    ('reason', models.TextField(blank=True)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('box', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='clubs.player')),
                    ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('game', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='ledger_entries', to='chouette.chouettegame')),
                    ('member', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='clubs.player')),
                    ('reverses', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='reversed_by', to='chouette.chouetteledgerentry')),
                    ('session', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='ledger_entries', to='chouette.chouettesession')),
                ],
                options={
                    'verbose_name_plural': 'chouette ledger entries',
                    'db_table': 'games_chouetteledgerentry',
                    'ordering': ['session', 'game', 'pk'],
                },
            ),
            migrations.AddField(
                model_name='chouettegame',
                name='session',
                field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='games', to='chouette.chouettesession'),
            ),
            migrations.CreateModel(
                name='ChouetteCubeAction',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('seq', models.PositiveIntegerField()),
                    ('kind', models.CharField(choices=[('box_double', 'Box doubles'), ('team_double', 'Member doubles'), ('take', 'Take'), ('drop', 'Drop'), ('beaver', 'Beaver'), ('raccoon', 'Raccoon')], max_length=12)),
                    ('side', models.CharField(choices=[('box', 'The box'), ('team', 'The team')], help_text='Who acted: the box or the team (this member).', max_length=4)),
                    ('value', models.PositiveIntegerField(help_text="The member's cube value after the action.")),
                    ('undone', models.BooleanField(default=False)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('member', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='clubs.player')),
                    ('game', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='cube_actions', to='chouette.chouettegame')),
                ],
                options={
                    'db_table': 'games_chouettecubeaction',
                    'ordering': ['game', 'seq', 'pk'],
                    'constraints': [models.UniqueConstraint(fields=('game', 'seq', 'member'), name='games_chouettecubeaction_unique_step')],
                },
            ),
            migrations.AddConstraint(
                model_name='chouettesession',
                constraint=models.CheckConstraint(condition=models.Q(('stake__gt', 0)), name='games_chouettesession_stake'),
            ),
            migrations.AddConstraint(
                model_name='chouettesession',
                constraint=models.CheckConstraint(condition=models.Q(('automatic_doubles__lte', 1)), name='games_chouettesession_autodoubles'),
            ),
            migrations.AddConstraint(
                model_name='chouetteseat',
                constraint=models.UniqueConstraint(fields=('session', 'player'), name='games_chouetteseat_one_per_player'),
            ),
            migrations.AddConstraint(
                model_name='chouettepayment',
                constraint=models.CheckConstraint(condition=models.Q(('amount__gt', 0)), name='games_chouettepayment_positive'),
            ),
            migrations.AddConstraint(
                model_name='chouettepayment',
                constraint=models.CheckConstraint(condition=models.Q(('reverses__isnull', True), models.Q(('reason', ''), _negated=True), _connector='OR'), name='games_chouettepayment_reversal_reason'),
            ),
            migrations.AddConstraint(
                model_name='chouettepayment',
                constraint=models.CheckConstraint(condition=models.Q(('payer', models.F('payee')), _negated=True), name='games_chouettepayment_two_players'),
            ),
            migrations.AddConstraint(
                model_name='chouetteledgerentry',
                constraint=models.UniqueConstraint(condition=models.Q(('reverses__isnull', True)), fields=('game', 'member'), name='games_chouetteledgerentry_one_per_member'),
            ),
            migrations.AddConstraint(
                model_name='chouetteledgerentry',
                constraint=models.CheckConstraint(condition=models.Q(('box', models.F('member')), _negated=True), name='games_chouetteledgerentry_two_players'),
            ),
            migrations.AddConstraint(
                model_name='chouetteledgerentry',
                constraint=models.CheckConstraint(condition=models.Q(models.Q(('amount__gt', 0), ('points__gt', 0)), models.Q(('amount__lt', 0), ('points__lt', 0)), models.Q(('amount', 0), ('points', 0)), _connector='OR'), name='games_chouetteledgerentry_amount_sign'),
            ),
            migrations.AddConstraint(
                model_name='chouetteledgerentry',
                constraint=models.CheckConstraint(condition=models.Q(('reverses__isnull', True), models.Q(('reason', ''), _negated=True), _connector='OR'), name='games_chouetteledgerentry_reversal_reason'),
            ),
            migrations.AddConstraint(
                model_name='chouettegame',
                constraint=models.UniqueConstraint(fields=('session', 'number'), name='games_chouettegame_unique_number'),
            ),
            migrations.AddConstraint(
                model_name='chouettegame',
                constraint=models.UniqueConstraint(condition=models.Q(('status', 'playing')), fields=('session',), name='games_chouettegame_one_playing'),
            ),
            migrations.AddConstraint(
                model_name='chouettegame',
                constraint=models.CheckConstraint(condition=models.Q(('status', 'playing'), ('finished_at__isnull', False), _connector='OR'), name='games_chouettegame_finished_at'),
            ),
            migrations.AddConstraint(
                model_name='chouettegame',
                constraint=models.CheckConstraint(condition=models.Q(models.Q(('status', 'reversed'), _negated=True), models.Q(('reverse_reason', ''), _negated=True), _connector='OR'), name='games_chouettegame_reversal_reason'),
            ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(*move_content_types("games", "chouette", MODELS)),
    ]
