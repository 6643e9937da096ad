"""Imports API (issue 36): upload a club's members or results (the dry run), see an
import with its progress, confirm it with the names chosen, export the club's history."""

from django.http import HttpResponse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import parsers, permissions, serializers
from rest_framework.response import Response
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
    names = NameOutput(many=True)
    rows = RowOutput(many=True)


class ConfirmRefusedOutput(serializers.Serializer):
    detail = serializers.CharField(help_text="Why, in words")
    rows = RowOutput(many=True, help_text="The rows with errors")


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
        return Response(ImportOutput(selectors.import_shown(batch=batch)).data, status=201)


class ImportDetailApi(APIView):
    """An import: its status, progress, rows with their verdicts, and names."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=ImportOutput)
    def get(self, request, import_id: int):
        batch = import_for_importer(user=request.user, import_id=import_id)
        return Response(ImportOutput(selectors.import_shown(batch=batch)).data)


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
            if "rows" not in exc.fields:
                raise
            return Response(ConfirmRefusedOutput({"detail": str(exc),
                                                  "rows": exc.fields["rows"]}).data,
                            status=400)
        batch.refresh_from_db()
        return Response(ImportOutput(selectors.import_shown(batch=batch)).data)


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


