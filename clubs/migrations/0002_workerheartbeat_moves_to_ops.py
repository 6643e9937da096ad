"""The worker heartbeat moves to the ops app (beside the health check); its table stays."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name='WorkerHeartbeat')],
            database_operations=[],
        ),
    ]
