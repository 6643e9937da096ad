"""Match records name players (clubs.Player), as every other row about a person who played
does, instead of memberships. Each record keeps the same two people: the player of the
membership it pointed at."""

import django.db.models.deletion
from django.db import migrations, models


def memberships_to_players(apps, schema_editor):
    record_model = apps.get_model("games", "MatchRecord")
    for record in record_model.objects.select_related("player_left", "player_right"):
        record.left_player_id = record.player_left.player_id
        record.right_player_id = record.player_right.player_id
        record.save(update_fields=["left_player", "right_player"])


def players_to_memberships(apps, schema_editor):
    record_model = apps.get_model("games", "MatchRecord")
    membership_model = apps.get_model("clubs", "Membership")
    for record in record_model.objects.all():
        for side in ("left", "right"):
            membership, _ = membership_model.objects.get_or_create(
                club_id=record.club_id, player_id=getattr(record, f"{side}_player_id"),
                defaults={"role": "player"})
            setattr(record, f"player_{side}_id", membership.pk)
        record.save(update_fields=["player_left", "player_right"])


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
        ('games', '0004_chouette_moves_out'),
    ]

    operations = [
        migrations.RemoveConstraint(model_name='matchrecord', name='games_matchrecord_two_players'),
        migrations.AddField(
            model_name='matchrecord', name='left_player',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT,
                                    related_name='+', to='clubs.player'),
        ),
        migrations.AddField(
            model_name='matchrecord', name='right_player',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT,
                                    related_name='+', to='clubs.player'),
        ),
        migrations.AlterField(
            model_name='matchrecord', name='player_left',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT,
                                    related_name='matches_as_left', to='clubs.membership'),
        ),
        migrations.AlterField(
            model_name='matchrecord', name='player_right',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT,
                                    related_name='matches_as_right', to='clubs.membership'),
        ),
        migrations.RunPython(memberships_to_players, players_to_memberships),
        migrations.RemoveField(model_name='matchrecord', name='player_left'),
        migrations.RemoveField(model_name='matchrecord', name='player_right'),
        migrations.RenameField(model_name='matchrecord', old_name='left_player',
                               new_name='player_left'),
        migrations.RenameField(model_name='matchrecord', old_name='right_player',
                               new_name='player_right'),
        migrations.AlterField(
            model_name='matchrecord', name='player_left',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT,
                                    related_name='matches_as_left', to='clubs.player'),
        ),
        migrations.AlterField(
            model_name='matchrecord', name='player_right',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT,
                                    related_name='matches_as_right', to='clubs.player'),
        ),
        migrations.AddConstraint(
            model_name='matchrecord',
            constraint=models.CheckConstraint(
                condition=models.Q(('player_left', models.F('player_right')), _negated=True),
                name='games_matchrecord_two_players'),
        ),
    ]
