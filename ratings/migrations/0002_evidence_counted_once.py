"""A tournament or ladder match reported with its file was in the table of finished matches
twice (as itself and as the file's match record), so it was rated twice. The files become
evidence (no row of their own), their rows are voided (kept, as every void row), and each
club concerned has its ratings recomputed from the beginning (marked pending here; the next
change to its results, or a rating settings save, runs it)."""

import datetime

from django.db import migrations

BEGINNING = datetime.datetime(1900, 1, 1, tzinfo=datetime.UTC)


def forwards(apps, schema_editor):
    MatchRecord = apps.get_model("games", "MatchRecord")
    FinishedMatch = apps.get_model("results", "FinishedMatch")
    RatingSettings = apps.get_model("ratings", "RatingSettings")
    evidence = set()
    for model, field in (("TournamentMatch", "match_record"), ("ResultReport", "match_record"),
                         ("Challenge", "match_record")):
        rows = apps.get_model("tournaments", model).objects.filter(**{f"{field}__isnull": False})
        evidence.update(rows.values_list(f"{field}_id", flat=True))
    if not evidence:
        return
    MatchRecord.objects.filter(pk__in=evidence).update(is_evidence=True)
    rows = FinishedMatch.objects.filter(source="match_record", source_id__in=evidence) \
        .exclude(outcome="void")
    clubs = set(rows.values_list("club_id", flat=True))
    rows.update(outcome="void", winner=None)
    for club_id in clubs:
        RatingSettings.objects.get_or_create(club_id=club_id)
    RatingSettings.objects.filter(club_id__in=clubs).update(recompute_from_at=BEGINNING,
                                                            recompute_from_match=0)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0009_matchrecord_is_evidence"),
        ("ratings", "0001_initial"),
        ("results", "0001_initial"),
        ("tournaments", "0006_challenge_live"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
