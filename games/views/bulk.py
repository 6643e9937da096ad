"""A zip of match files, for club admins: the upload form with the latest reports, and one
report (it reloads itself while the worker reads the zip)."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext

from clubs.permissions import club_for_admin
from config.views_refusals import refusal_page
from games.forms_bulk import MatchFilesForm
from games.models import BulkUpload
from games.selectors.bulk import bulk_files, bulk_upload_for_admin, bulk_upload_list
from games.services.bulk import MatchFilesError, match_files_too_big, match_files_upload

#: How often a report still being read reloads itself (seconds).
RELOAD_SECONDS = 3


@login_required
def match_files(request, slug: str):
    club = club_for_admin(user=request.user, slug=slug)
    if request.method == "POST":
        try:  # refused by its declared size before a byte of it is read
            match_files_too_big(size=int(request.META.get("CONTENT_LENGTH") or 0),
                                slack=64 * 1024)
        except MatchFilesError as exc:
            return refusal_page(request, exc, club=club, back_name=gettext("Match files"),
                                back_url=reverse("games:match-files", args=[club.slug]))
    form = MatchFilesForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload_file = form.cleaned_data["file"]
        try:
            upload = match_files_upload(
                club=club, data=upload_file.read(), filename=upload_file.name,
                uploaded_by=request.user, create=form.cleaned_data["create"])
        except MatchFilesError as exc:
            form.add_error("file", str(exc))
        else:
            return redirect(reverse("games:match-files-report", kwargs={"pk": upload.pk}))
    return render(request, "games/manage/match_files.html", {
        "club": club, "form": form, "uploads": bulk_upload_list(club=club),
    }, status=400 if form.errors else 200)


@login_required
def match_files_report(request, pk: int):
    upload = bulk_upload_for_admin(user=request.user, upload_id=pk)
    running = upload.status in (BulkUpload.Status.QUEUED, BulkUpload.Status.RUNNING)
    return render(request, "games/manage/match_files_report.html", {
        "club": upload.club, "upload": upload, "rows": bulk_files(upload=upload),
        "running": running, "reload": RELOAD_SECONDS,
    })
