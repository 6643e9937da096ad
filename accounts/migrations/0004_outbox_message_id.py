"""The outbox: one Message-ID per mail (kept for every try), an HTML part, "being sent"
while the SMTP conversation runs, and rows of a closed login (address and text gone).

The Message-ID is added empty, filled row by row (a callable default would give every
existing row the same one), then made unique with its default."""

from django.db import migrations, models

import accounts.models


def fill_message_ids(apps, schema_editor):
    mail = apps.get_model("accounts", "OutboundMail")
    for pk in mail.objects.filter(message_id__isnull=True).values_list("pk", flat=True):
        mail.objects.filter(pk=pk).update(message_id=accounts.models.new_message_id())


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0003_email_addresses'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='outboundmail',
            name='accounts_outboundmail_status_valid',
        ),
        migrations.AddField(
            model_name='outboundmail',
            name='html_body',
            field=models.TextField(blank=True, help_text='The same as HTML (optional).'),
        ),
        migrations.AddField(
            model_name='outboundmail',
            name='message_id',
            field=models.CharField(max_length=255, null=True),
        ),
        migrations.RunPython(fill_message_ids, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='outboundmail',
            name='message_id',
            field=models.CharField(default=accounts.models.new_message_id, max_length=255,
                                   unique=True),
        ),
        migrations.AddField(
            model_name='outboundmail',
            name='to_closed_login',
            field=models.BooleanField(default=False, help_text="Sent to a login since closed: "
                                      "its address and the mail's text are gone."),
        ),
        migrations.AlterField(
            model_name='outboundmail',
            name='body',
            field=models.TextField(blank=True, help_text='The plain text.'),
        ),
        migrations.AlterField(
            model_name='outboundmail',
            name='status',
            field=models.CharField(choices=[('pending', 'Waiting to be sent'),
                                            ('sending', 'Being sent'), ('sent', 'Sent'),
                                            ('failed', 'Failed (gave up)')],
                                   default='pending', max_length=10),
        ),
        migrations.AlterField(
            model_name='outboundmail',
            name='to',
            field=models.EmailField(blank=True, max_length=254),
        ),
        migrations.AddConstraint(
            model_name='outboundmail',
            constraint=models.CheckConstraint(
                condition=models.Q(('status__in', ['pending', 'sending', 'sent', 'failed'])),
                name='accounts_outboundmail_status_valid'),
        ),
    ]
