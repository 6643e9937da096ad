"""Every finished match record gets its row in the table of finished matches, and every
ruling its entry in the audit log (the rulings themselves stay as they are)."""

import datetime
import re

from django.db import migrations

DATE = re.compile(r"^\s*(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})")


def _played_at(record):
    for key, value in (record.tags or {}).items():
        if key.lower() in ("eventdate", "date"):
            found = DATE.match(value or "")
            if found:
                try:
                    day = datetime.date(*map(int, found.groups()))
                except ValueError:
                    continue
                return datetime.datetime.combine(day, datetime.time(12),
                                                 tzinfo=datetime.timezone.utc)
    return record.uploaded_at


def finished_matches(apps, schema_editor):
    record_model = apps.get_model("games", "MatchRecord")
    finished = apps.get_model("results", "FinishedMatch")
    for record in record_model.objects.filter(match_length__gt=0, winner__isnull=False):
        if finished.objects.filter(source="match_record", source_id=record.pk).exists():
            continue
        winner_id = record.player_left_id if record.winner == 0 else record.player_right_id
        finished.objects.create(
            club_id=record.club_id, player_a_id=record.player_left_id,
            player_b_id=record.player_right_id, length=record.match_length,
            winner_id=winner_id, score_a=record.score_left, score_b=record.score_right,
            finished_at=_played_at(record), source="match_record", source_id=record.pk,
            event=(record.tags or {}).get("Event", "")[:200], outcome="played",
        )


def ruling_entries(apps, schema_editor):
    ruling_model = apps.get_model("games", "Ruling")
    entry_model = apps.get_model("audit", "AuditEntry")
    content_type = apps.get_model("contenttypes", "ContentType")
    record_type, _ = content_type.objects.get_or_create(app_label="games", model="matchrecord")
    for ruling in ruling_model.objects.select_related("record", "referee"):
        entry_model.objects.create(
            club_id=ruling.record.club_id, actor_id=ruling.referee_id,
            actor_name=ruling.referee.username, action="ruling", target_type=record_type,
            target_id=ruling.record_id, target_label=f"Match record #{ruling.record_id}",
            reason=ruling.reason, before=ruling.before,
            after={**ruling.after, "ruling": ruling.kind, "ruling_id": ruling.pk,
                   "violation_id": ruling.violation_id},
            created_at=ruling.created_at,
        )


class Migration(migrations.Migration):

    dependencies = [
        ('audit', '0001_initial'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('games', '0005_match_players_are_players'),
        ('results', '0001_initial'),
    ]

    operations = [
        migrations.RunPython(finished_matches, migrations.RunPython.noop),
        migrations.RunPython(ruling_entries, migrations.RunPython.noop),
    ]
