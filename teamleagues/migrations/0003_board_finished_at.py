from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('teamleagues', '0002_next_league'),
    ]

    operations = [
        migrations.AddField(
            model_name='board',
            name='finished_at',
            field=models.DateTimeField(blank=True, null=True, verbose_name='finished at'),
        ),
    ]
