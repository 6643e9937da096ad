"""Reversed chouette games and undone payments get their entries in the audit log (the
reversing ledger entries and payments stay as they are: the log explains them)."""

from django.db import migrations


def audit_entries(apps, schema_editor):
    entry_model = apps.get_model("audit", "AuditEntry")
    content_type = apps.get_model("contenttypes", "ContentType")
    game_model = apps.get_model("chouette", "ChouetteGame")
    payment_model = apps.get_model("chouette", "ChouettePayment")
    game_type, _ = content_type.objects.get_or_create(app_label="chouette", model="chouettegame")
    payment_type, _ = content_type.objects.get_or_create(app_label="chouette",
                                                         model="chouettepayment")
    for game in game_model.objects.filter(status="reversed").select_related("session",
                                                                              "reversed_by"):
        entry_model.objects.create(
            club_id=game.session.club_id, actor_id=game.reversed_by_id,
            actor_name=game.reversed_by.username if game.reversed_by else "",
            action="chouette_game_reversed", target_type=game_type, target_id=game.pk,
            target_label=f"Game {game.number} of the chouette of {game.session.date}",
            reason=game.reverse_reason or "(no reason recorded)",
            before={"status": "finished", "points": game.points},
            after={"status": "reversed"}, created_at=game.reversed_at or game.started_at,
        )
    for undo in payment_model.objects.filter(reverses__isnull=False).select_related(
            "created_by", "reverses"):
        entry_model.objects.create(
            club_id=undo.club_id, actor_id=undo.created_by_id,
            actor_name=undo.created_by.username if undo.created_by else "",
            action="chouette_payment_undone", target_type=payment_type,
            target_id=undo.reverses_id, target_label=f"Payment #{undo.reverses_id}",
            reason=undo.reason or "(no reason recorded)", before={"undone": False},
            after={"undone": True, "undo_payment": undo.pk, "amount": str(undo.amount)},
            created_at=undo.created_at,
        )


class Migration(migrations.Migration):

    dependencies = [
        ('audit', '0001_initial'),
        ('chouette', '0001_initial'),
    ]

    operations = [
        migrations.RunPython(audit_entries, migrations.RunPython.noop),
    ]
