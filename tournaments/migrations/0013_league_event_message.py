"""A league's finished matches keep their event as a sentence to translate ("<season> —
Division 2", the division's word in the reader's language), as tournaments' rounds do: the
rows published before are given theirs here. A division the club named stays as written."""

from django.db import migrations


def forwards(apps, schema_editor):
    FinishedMatch = apps.get_model("results", "FinishedMatch")
    Fixture = apps.get_model("tournaments", "Fixture")
    rows = FinishedMatch.objects.filter(source="league").only("pk", "source_id",
                                                              "event_message")
    for row in rows.iterator():
        if row.event_message:
            continue
        fixture = (Fixture.objects.select_related("division__season")
                   .filter(pk=row.source_id).first())
        if fixture is None:
            continue
        number = fixture.division.name.removeprefix("Division ")
        if not number.isdigit() or number == fixture.division.name:
            continue
        division = {"texts": [{"msgid": "Division %(number)s",
                               "params": {"number": int(number)}}]}
        FinishedMatch.objects.filter(pk=row.pk).update(event_message=[{
            "msgid": "%(event)s — %(round)s",
            "params": {"event": fixture.division.season.name, "round": division}}])


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0012_result_person_decides'),
        ('results', '0008_federation_organiser_venue'),
    ]

    operations = [
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
