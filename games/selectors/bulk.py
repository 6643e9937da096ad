"""Reads for zips of match files: an upload with its report, asked for by a club admin."""

from django.db.models import QuerySet

from clubs.models import Club
from clubs.permissions import club_for_admin
from games.models import BulkFile, BulkUpload
from results.models import FinishedMatch


def bulk_upload_for_admin(*, user, upload_id: int) -> BulkUpload:
    """The upload, if ``user`` administers its club (404 when there is none; 403 else)."""
    upload = BulkUpload.objects.select_related("club").defer("data").get(pk=upload_id)
    club_for_admin(user=user, club_id=upload.club_id)
    return upload


def bulk_upload_list(*, club: Club, limit: int = 20) -> QuerySet[BulkUpload]:
    """The club's latest uploads, newest first (the caller has passed the admin gate)."""
    return BulkUpload.objects.filter(club=club).defer("data")[:limit]


def bulk_files(*, upload: BulkUpload) -> list[BulkFile]:
    """The report's rows in zip order, in two queries whatever their number: a created
    file's result is found by its record (the rules check stores it once it has run)."""
    rows = list(BulkFile.objects.filter(upload=upload).select_related(
        "match_record__rules_check").order_by("index"))
    created = {row.match_record_id: row for row in rows
               if row.finished_match_id is None and row.match_record_id is not None}
    if created:
        for source_id, pk in FinishedMatch.objects.filter(
                source=FinishedMatch.Source.MATCH_RECORD,
                source_id__in=list(created)).values_list("source_id", "pk"):
            created[source_id].finished_match_id = pk
    return rows
