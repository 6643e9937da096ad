"""Imports API (issue 36): upload a club's members or results (the dry run), see an
import with its progress, confirm it with the names chosen, export the club's history."""

from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import parsers, permissions, serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.utils.urls import remove_query_param, replace_query_param
from rest_framework.views import APIView

from imports import selectors, services
from imports.permissions import club_for_importer, import_for_importer
from imports.services.files import declared_size_check, size_check

# --------------------------------------------------------------------------- shapes


class CandidateOutput(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField(help_text="The club's name (this club or another member "
                                           "club of its federation)")


class NameOutput(serializers.Serializer):
    name = serializers.CharField(help_text="As written in the file")
    match = serializers.JSONField(
        allow_null=True, help_text='The player id it stands for, "new" (a guest made at the '
                                   "import), or null: unmatched, to choose")
    candidates = CandidateOutput(many=True)


class RowOutput(serializers.Serializer):
    row = serializers.IntegerField(help_text="The line in the file (the header is line 1)")
    verdict = serializers.ChoiceField(choices=["new", "same", "error"])
    errors = serializers.ListField(child=serializers.CharField())
    data = serializers.DictField(child=serializers.CharField(allow_blank=True),
                                 help_text="The row's cells, as read")


class CountsOutput(serializers.Serializer):
    total = serializers.IntegerField()
    new = serializers.IntegerField()
    same = serializers.IntegerField()
    error = serializers.IntegerField()


class ImportOutput(serializers.Serializer):
    id = serializers.IntegerField()
    club = serializers.CharField(help_text="The club's slug")
    kind = serializers.ChoiceField(choices=["members", "results"])
    file_name = serializers.CharField()
    sha256 = serializers.CharField()
    status = serializers.ChoiceField(
        choices=["checking", "dry_run", "ready", "importing", "imported", "failed"],
        help_text="dry_run: errors or unmatched names left; ready: to confirm")
    progress = serializers.IntegerField(help_text="Percent of the step running")
    error = serializers.CharField(allow_blank=True, help_text="Why the file failed")
    counts = CountsOutput()
    names = NameOutput(many=True, help_text="A page of the names (``names_page``)")
    rows = RowOutput(many=True, help_text="A page of the rows (``page``, ``page_size``)")
    count = serializers.IntegerField(help_text="The rows there are (of the verdict asked)")
    next = serializers.URLField(allow_null=True, help_text="The next page of rows")
    previous = serializers.URLField(allow_null=True, help_text="The previous page of rows")
    names_count = serializers.IntegerField(help_text="The names there are")
    names_next = serializers.URLField(allow_null=True, help_text="The next page of names")
    names_previous = serializers.URLField(allow_null=True,
                                          help_text="The previous page of names")


class ConfirmRefusedOutput(serializers.Serializer):
    detail = serializers.CharField(help_text="Why, in words")
    counts = CountsOutput()
    rows = RowOutput(many=True, help_text="The first page of the rows with errors")
    count = serializers.IntegerField(help_text="The rows with errors")
    next = serializers.URLField(allow_null=True,
                                help_text="The next page of the rows with errors")


class UploadInput(serializers.Serializer):
    file = serializers.FileField()
    kind = serializers.ChoiceField(choices=["results", "members"])


class ConfirmInput(serializers.Serializer):
    names = serializers.DictField(
        child=serializers.JSONField(), required=False, default=dict,
        help_text='Each name as written -> a player id, or "new" for a guest')

    def validate_names(self, names):
        for name, choice in names.items():
            if choice != "new" and (isinstance(choice, bool) or not isinstance(choice, int)):
                raise serializers.ValidationError(
                    gettext('Choose a player\'s id or "new" for %(name)s.')
                    % {"name": repr(name)})
        return names


# --------------------------------------------------------------------------- pages


class ImportPagination(PageNumberPagination):
    """The project's pages (``page``, ``PAGE_SIZE`` rows) over one of an import's lists,
    ``page_size`` up to 1,000; its links to the import's own address (also from the upload
    and the confirmation)."""

    page_size_query_param = "page_size"
    max_page_size = 1000

    def __init__(self, *, url: str, page_query_param: str = "page") -> None:
        self.url, self.page_query_param = url, page_query_param

    def get_next_link(self):
        if not self.page.has_next():
            return None
        return replace_query_param(self.url, self.page_query_param,
                                   self.page.next_page_number())

    def get_previous_link(self):
        if not self.page.has_previous():
            return None
        number = self.page.previous_page_number()
        if number == 1:
            return remove_query_param(self.url, self.page_query_param)
        return replace_query_param(self.url, self.page_query_param, number)

    def links(self, prefix: str = "") -> dict:
        return {f"{prefix}count": self.page.paginator.count,
                f"{prefix}next": self.get_next_link(),
                f"{prefix}previous": self.get_previous_link()}


VERDICTS = ["new", "same", "error"]
PAGE_PARAMETERS = [
    OpenApiParameter("page", int, required=False, description="The page of rows"),
    OpenApiParameter("page_size", int, required=False,
                     description="Rows (and names) a page, at most 1,000"),
    OpenApiParameter("names_page", int, required=False, description="The page of names"),
    OpenApiParameter("verdict", str, enum=VERDICTS, required=False,
                     description="Only the rows of this verdict"),
]


def _import_url(request, batch, **query) -> str:
    url = request.build_absolute_uri(reverse("import-api", args=[batch.pk]))
    for key, value in query.items():
        url = replace_query_param(url, key, value)
    return url


def _paged(request, view, batch, *, url: str | None = None) -> dict:
    """The import with a page of its rows and a page of its names (the request's pages;
    the first ones for an upload), and the links to the pages around them."""
    verdict = request.query_params.get("verdict") or None
    if verdict is not None and verdict not in VERDICTS:
        raise serializers.ValidationError(
            {"verdict": [gettext("A verdict is new, same or error.")]})
    url = url or request.build_absolute_uri()
    rows = ImportPagination(url=url)
    names = ImportPagination(url=url, page_query_param="names_page")
    shown = selectors.import_shown(
        batch=batch,
        rows=rows.paginate_queryset(selectors.import_rows(batch=batch, verdict=verdict),
                                    request, view=view),
        names=names.paginate_queryset(selectors.import_names(batch=batch), request,
                                      view=view))
    return {**shown, **rows.links(), **names.links("names_")}


# --------------------------------------------------------------------------- views


class ImportUploadApi(APIView):
    """Upload a CSV, XLSX or ODS file of the club's members or results: the dry run (a
    large file is checked in the worker: follow ``GET /api/imports/<id>/``)."""

    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [parsers.MultiPartParser]

    def initial(self, request, *args, **kwargs):
        # refused by size before the body is read: the session's CSRF check (in the
        # authentication, next) reads the form
        declared_size_check(meta=request.META)
        super().initial(request, *args, **kwargs)

    @extend_schema(request={"multipart/form-data": UploadInput},
                   responses={201: ImportOutput})
    def post(self, request, slug: str):
        club = club_for_importer(user=request.user, slug=slug)
        data = UploadInput(data=request.data)
        data.is_valid(raise_exception=True)
        upload = data.validated_data["file"]
        size_check(size=upload.size)
        batch = services.import_upload(club=club, kind=data.validated_data["kind"],
                                       name=upload.name, data=upload.read(), by=request.user)
        batch.refresh_from_db()
        return Response(ImportOutput(_paged(request, self, batch,
                                            url=_import_url(request, batch))).data,
                        status=201)


class ImportDetailApi(APIView):
    """An import: its status, progress, rows with their verdicts, and names."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(parameters=PAGE_PARAMETERS, responses=ImportOutput)
    def get(self, request, import_id: int):
        batch = import_for_importer(user=request.user, import_id=import_id)
        return Response(ImportOutput(_paged(request, self, batch)).data)


class ImportConfirmApi(APIView):
    """Confirm the dry run with the names chosen: refused (400, with the rows) while an
    error or an unmatched name is left; else the import, once."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ConfirmInput,
                   responses={200: ImportOutput, 400: ConfirmRefusedOutput})
    def post(self, request, import_id: int):
        batch = import_for_importer(user=request.user, import_id=import_id)
        data = ConfirmInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            batch = services.import_confirm(batch=batch, names=data.validated_data["names"])
        except services.ImportRefused as exc:
            if "counts" not in exc.fields:
                raise
            return Response(ConfirmRefusedOutput(self._refused(request, batch, exc)).data,
                            status=400)
        batch.refresh_from_db()
        return Response(ImportOutput(_paged(request, self, batch,
                                            url=_import_url(request, batch))).data)

    def _refused(self, request, batch, exc) -> dict:
        """The reason, the counts and the first page of the rows with errors (the rest
        are paged at the import's address, ``verdict=error``)."""
        pages = ImportPagination(url=_import_url(request, batch, verdict="error"))
        rows = pages.paginate_queryset(
            selectors.import_rows(batch=batch, verdict="error"), request, view=self)
        links = pages.links()
        return {"detail": str(exc), "counts": exc.fields["counts"],
                "rows": selectors.rows_shown(rows), "count": links["count"],
                "next": links["next"]}


CONTENT_TYPES = {"csv": "text/csv; charset=utf-8",
                 "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}


class HistoryExportApi(APIView):
    """The club's whole history in the import's columns (CSV or XLSX), cells a spreadsheet
    would run as a formula neutralised."""

    permission_classes = [permissions.IsAuthenticated]
    file_format = "csv"

    @extend_schema(responses={(200, "text/csv"): OpenApiResponse(OpenApiTypes.BINARY),
                              (200, CONTENT_TYPES["xlsx"]): OpenApiResponse(
                                  OpenApiTypes.BINARY)})
    def get(self, request, slug: str):
        club = club_for_importer(user=request.user, slug=slug)
        body = selectors.history_file(club=club, file_format=self.file_format)
        response = HttpResponse(body, content_type=CONTENT_TYPES[self.file_format])
        response["Content-Disposition"] = (
            f'attachment; filename="{club.slug}-history.{self.file_format}"')
        return response


class ImportErrorsApi(APIView):
    """The rows with errors as a CSV (the file's columns and an ``errors`` column) to fix
    and upload again."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={(200, "text/csv"): OpenApiResponse(OpenApiTypes.BINARY)})
    def get(self, request, import_id: int):
        batch = import_for_importer(user=request.user, import_id=import_id)
        response = HttpResponse(selectors.error_rows_file(batch=batch),
                                content_type=CONTENT_TYPES["csv"])
        response["Content-Disposition"] = f'attachment; filename="import-{batch.pk}-errors.csv"'
        return response


