"""The import pages for a club's admins (and its federation's rating officers): upload,
the dry run's table with verdicts and errors, the choice of names, confirm; the rows with
errors as a CSV to fix."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from config.refusals import Refusal

from . import selectors, services
from .forms import ImportUploadForm
from .models import Import
from .permissions import club_for_importer, import_for_importer
from .services.files import declared_size_check, size_check

#: Rows shown on the page (the errors first); the CSV has all the rows with errors.
ROWS_SHOWN = 500


def _import_of(request, slug: str, import_id: int) -> Import:
    batch = import_for_importer(user=request.user, import_id=import_id)
    if batch.club.slug != slug:
        raise Http404(gettext("No such import."))
    return batch


@csrf_exempt  # checked below, after the size: the CSRF check reads the body
@login_required
def import_list(request, slug: str):
    club = club_for_importer(user=request.user, slug=slug)
    form = ImportUploadForm()
    if request.method == "POST":
        try:
            declared_size_check(meta=request.META)  # refused before the body is read
        except Refusal as exc:
            messages.error(request, str(exc))
            return _list_page(request, club, form, status=400)
        refused = CsrfViewMiddleware(lambda r: None).process_view(request, None, (), {})
        if refused is not None:
            return refused
        try:
            form = ImportUploadForm(request.POST, request.FILES)
            if form.is_valid():
                upload = form.cleaned_data["file"]
                size_check(size=upload.size)
                batch = services.import_upload(
                    club=club, kind=form.cleaned_data["kind"], name=upload.name,
                    data=upload.read(), by=request.user)
                return redirect("imports:detail", slug=club.slug, import_id=batch.pk)
        except Refusal as exc:
            form.add_error("file", str(exc))
    return _list_page(request, club, form)


def _list_page(request, club, form, status: int = 200):
    return render(request, "imports/manage/imports.html", {
        "club": club, "form": form, "imports": selectors.imports_list(club=club),
        "max_bytes": settings.IMPORT_MAX_BYTES}, status=status)


@login_required
def import_detail(request, slug: str, import_id: int):
    batch = _import_of(request, slug, import_id)
    rows = selectors.rows_shown(selectors.import_rows(batch=batch, errors_first=True)
                                [:ROWS_SHOWN])
    return render(request, "imports/manage/import.html", {
        "club": batch.club, "batch": batch, "shown": selectors.import_shown(batch=batch),
        "rows": rows, "more_rows": max(0, batch.rows_total - len(rows)),
        "running": batch.status in (Import.Status.CHECKING, Import.Status.IMPORTING),
        "can_confirm": batch.status in (Import.Status.DRY_RUN, Import.Status.READY)})


def _names_posted(request, batch: Import) -> dict:
    """The choices of the form: ``name-<n>`` is a player id, "new", or "" (left)."""
    chosen = {}
    for n, name in enumerate(sorted(batch.names)):
        value = request.POST.get(f"name-{n}", "").strip()
        if value == "new":
            chosen[name] = "new"
        elif value.isdigit():
            chosen[name] = int(value)
    return chosen


@login_required
@require_POST
def import_confirm(request, slug: str, import_id: int):
    batch = _import_of(request, slug, import_id)
    try:
        batch = services.import_confirm(batch=batch, names=_names_posted(request, batch))
    except Refusal as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, gettext("Imported.") if batch.status == "imported" else
                         gettext("Confirmed: the import runs in the background."))
    return redirect("imports:detail", slug=slug, import_id=import_id)


@login_required
def import_errors_csv(request, slug: str, import_id: int):
    batch = _import_of(request, slug, import_id)
    response = HttpResponse(selectors.error_rows_file(batch=batch),
                            content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="import-{batch.pk}-errors.csv"'
    return response
