"""Issue 32: rating lists become pools. Each club with ratings gets its pool (the FIBS
formula, the club's settings as its policy) and its ratings and history move into it,
keyed by pool instead of by club. Backwards, each row gets its pool's club again.
"""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def clubs_into_pools(apps, schema_editor):
    Pool = apps.get_model("ratings", "Pool")
    Rating = apps.get_model("ratings", "Rating")
    RatingChange = apps.get_model("ratings", "RatingChange")
    RatingSettings = apps.get_model("ratings", "RatingSettings")
    clubs = (set(Rating.objects.values_list("club_id", flat=True))
             | set(RatingChange.objects.values_list("club_id", flat=True))
             | set(RatingSettings.objects.values_list("club_id", flat=True)))
    for club_id in sorted(clubs):
        pool = Pool.objects.create(owner_kind="club", club_id=club_id, formula="fibs")
        Rating.objects.filter(club_id=club_id).update(pool=pool)
        RatingChange.objects.filter(club_id=club_id).update(pool=pool)


def pools_into_clubs(apps, schema_editor):
    Pool = apps.get_model("ratings", "Pool")
    for name in ("Rating", "RatingChange"):
        apps.get_model("ratings", name).objects.update(club_id=Subquery(
            Pool.objects.filter(pk=OuterRef("pool_id")).values("club_id")[:1]))


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0010_i18n_field_names'),
        ('results', '0007_organiser_and_player_clubs_required'),
        ('ratings', '0004_admin_field_names'),
    ]

    operations = [
        migrations.CreateModel(
            name='Pool',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('owner_kind', models.CharField(choices=[('club', 'Club')], default='club', max_length=12, verbose_name='owner kind')),
                ('formula', models.CharField(choices=[('fibs', 'FIBS')], default='fibs', max_length=16, verbose_name='formula')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created at')),
                ('club', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='rating_pools', to='clubs.club', verbose_name='club')),
            ],
            options={
                'verbose_name': 'rating pool',
                'verbose_name_plural': 'rating pools',
                'ordering': ['owner_kind', 'club_id'],
                'constraints': [
                    models.CheckConstraint(condition=models.Q(('club__isnull', False), ('owner_kind', 'club')), name='ratings_pool_owner_named'),
                    models.UniqueConstraint(condition=models.Q(('owner_kind', 'club')), fields=('club',), name='ratings_pool_one_per_club'),
                ],
            },
        ),
        migrations.AddField(
            model_name='rating',
            name='pool',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='ratings.pool', verbose_name='pool'),
        ),
        migrations.AddField(
            model_name='ratingchange',
            name='pool',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='rating_changes', to='ratings.pool', verbose_name='pool'),
        ),
        migrations.RunPython(clubs_into_pools, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='rating',
            name='pool',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='ratings.pool', verbose_name='pool'),
        ),
        migrations.AlterField(
            model_name='ratingchange',
            name='pool',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_changes', to='ratings.pool', verbose_name='pool'),
        ),
        migrations.RemoveConstraint(model_name='rating', name='clubs_rating_one_per_club'),
        migrations.RemoveConstraint(model_name='ratingchange', name='clubs_ratingchange_once'),
        migrations.RemoveIndex(model_name='ratingchange', name='clubs_rc_club_order'),
        migrations.RemoveIndex(model_name='ratingchange', name='clubs_rc_player_order'),
        migrations.AlterField(
            model_name='rating',
            name='club',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='clubs.club'),
        ),
        migrations.AlterField(
            model_name='ratingchange',
            name='club',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='rating_changes', to='clubs.club'),
        ),
        # Backwards only: the club column is back (empty) before it becomes required again.
        migrations.RunPython(migrations.RunPython.noop, pools_into_clubs),
        migrations.RemoveField(model_name='rating', name='club'),
        migrations.RemoveField(model_name='ratingchange', name='club'),
        migrations.AlterModelOptions(
            name='rating',
            options={'ordering': ['pool', '-rating', 'player_id'], 'verbose_name': 'rating', 'verbose_name_plural': 'ratings'},
        ),
        migrations.AlterModelOptions(
            name='ratingchange',
            options={'ordering': ['pool', 'finished_at', 'match_id', 'won'], 'verbose_name': 'rating change', 'verbose_name_plural': 'rating changes'},
        ),
        migrations.AddIndex(
            model_name='ratingchange',
            index=models.Index(fields=['pool', 'finished_at', 'match'], name='ratings_rc_pool_order'),
        ),
        migrations.AddIndex(
            model_name='ratingchange',
            index=models.Index(fields=['player', 'pool', 'finished_at'], name='ratings_rc_player_order'),
        ),
        migrations.AddConstraint(
            model_name='rating',
            constraint=models.UniqueConstraint(fields=('pool', 'player'), name='ratings_rating_one_per_pool'),
        ),
        migrations.AddConstraint(
            model_name='ratingchange',
            constraint=models.UniqueConstraint(fields=('pool', 'match', 'player'), name='ratings_ratingchange_once_per_pool'),
        ),
    ]
