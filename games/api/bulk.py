"""A zip of match files (club admins): upload it, read its report (with its progress while
the worker reads a big one)."""

from django.urls import reverse
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from accounts.throttling import UploadThrottle
from clubs.permissions import club_for_admin
from games.models import BulkFile, BulkUpload
from games.selectors.bulk import bulk_files, bulk_upload_for_admin
from games.services.bulk import match_files_names, match_files_too_big, match_files_upload


class MatchFilesInput(serializers.Serializer):
    file = serializers.FileField(help_text="A .zip of match files: .mat/.txt (gnubg's, "
                                           "Jellyfish's, XG's) and .sgf (GNU Backgammon's).")
    create = serializers.BooleanField(default=False, help_text="Create a result for a file "
                                      "that matches no stored one (else it is refused).")


class MatchFileOutput(serializers.ModelSerializer):
    match_record = serializers.IntegerField(source="match_record_id", allow_null=True,
                                            help_text="The match record stored from the file.")
    finished_match = serializers.IntegerField(
        source="finished_match_id", allow_null=True,
        help_text="The result it is filed with (a created one once its rules check has run).")
    check_status = serializers.CharField(source="match_record.rules_check.status",
                                         default=None, allow_null=True)

    names = serializers.ListField(
        child=serializers.CharField(), read_only=True,
        help_text="The names in the file no member answers to: choose a player for each "
                  "(POST .../names/) and the file is filed again.")

    class Meta:
        model = BulkFile
        fields = ["name", "verdict", "reason", "match_record", "finished_match",
                  "check_status", "names"]


class MatchFilesOutput(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    progress = serializers.IntegerField(help_text="Percent of the files read.")
    files = MatchFileOutput(many=True, read_only=True, source="report_rows")
    names = serializers.DictField(child=serializers.IntegerField(), read_only=True,
                                  help_text="The players chosen for names: name -> player id.")

    class Meta:
        model = BulkUpload
        fields = ["id", "club", "name", "create", "status", "total", "done", "progress",
                  "error", "created_at", "finished_at", "names", "files"]


class MatchFilesNamesInput(serializers.Serializer):
    names = serializers.DictField(
        child=serializers.JSONField(), allow_empty=False,
        help_text='Each name as written in the files -> a player id of the club, or "new" '
                  "for a guest (made once).")

    def validate_names(self, names):
        for name, choice in names.items():
            if choice != "new" and (isinstance(choice, bool) or not isinstance(choice, int)):
                raise serializers.ValidationError(
                    gettext('Choose a player\'s id or "new" for %(name)s.')
                    % {"name": repr(name)})
        return names


def _report(upload: BulkUpload) -> dict:
    upload.report_rows = bulk_files(upload=upload)
    return MatchFilesOutput(upload).data


class MatchFilesUploadApi(APIView):
    """Upload a zip of match files to a club (its admins): 201 with the report when it was
    read at once, 202 while the worker reads it (follow ``Location``)."""

    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [MultiPartParser, FormParser]
    throttle_classes = [*api_settings.DEFAULT_THROTTLE_CLASSES, UploadThrottle]

    @extend_schema(request={"multipart/form-data": MatchFilesInput},
                   responses={201: MatchFilesOutput, 202: MatchFilesOutput})
    def post(self, request, slug: str):
        club = club_for_admin(user=request.user, slug=slug)
        # Refused by its declared size before a byte of it is read.
        match_files_too_big(size=int(request.META.get("CONTENT_LENGTH") or 0),
                            slack=64 * 1024)
        data = MatchFilesInput(data=request.data)
        data.is_valid(raise_exception=True)
        upload_file = data.validated_data["file"]
        match_files_too_big(size=upload_file.size)
        upload = match_files_upload(
            club=club, data=upload_file.read(), filename=upload_file.name,
            uploaded_by=request.user, create=data.validated_data["create"])
        done = upload.status in (BulkUpload.Status.DONE, BulkUpload.Status.FAILED)
        location = reverse("match-files-api", kwargs={"pk": upload.pk})
        return Response(_report(upload),
                        status=status.HTTP_201_CREATED if done else status.HTTP_202_ACCEPTED,
                        headers={"Location": location})


class MatchFilesDetailApi(APIView):
    """A zip's report: each file's verdict and reason, and the progress while it runs."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=MatchFilesOutput)
    def get(self, request, pk: int):
        upload = bulk_upload_for_admin(user=request.user, upload_id=pk)
        return Response(_report(upload))



class MatchFilesNamesApi(APIView):
    """Choose the players for the names no member answered to (the report's files' ``names``):
    the files waiting for them are filed again; a guest is made only for "new", once."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=MatchFilesNamesInput, responses=MatchFilesOutput)
    def post(self, request, pk: int):
        upload = bulk_upload_for_admin(user=request.user, upload_id=pk)
        data = MatchFilesNamesInput(data=request.data)
        data.is_valid(raise_exception=True)
        upload = match_files_names(upload_id=upload.pk, names=data.validated_data["names"])
        return Response(_report(upload))
