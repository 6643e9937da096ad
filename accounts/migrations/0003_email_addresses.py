"""Logins made before allauth have an email on the user row but no allauth EmailAddress:
give each one a verified, primary row (the address came from an invitation mailed to it or
from the site's staff), so signing in by email, password reset and the email page work."""

from django.conf import settings
from django.db import migrations


def forward(apps, schema_editor):
    user_model = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    email_address = apps.get_model("account", "EmailAddress")
    taken = {email.lower() for email in email_address.objects.values_list("email", flat=True)}
    has_rows = set(email_address.objects.values_list("user_id", flat=True))
    rows = []
    for user_id, email in (user_model.objects.exclude(email="").order_by("pk")
                           .values_list("pk", "email")):
        email = email.strip().lower()
        if not email or user_id in has_rows or email in taken:
            continue  # two logins sharing an address: the first keeps it
        taken.add(email)
        rows.append(email_address(user_id=user_id, email=email, verified=True, primary=True))
    email_address.objects.bulk_create(rows)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_join_requests"),
        ("account", "0009_emailaddress_unique_primary_email"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
