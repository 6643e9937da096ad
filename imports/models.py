"""A club's past brought in from a spreadsheet: one ``Import`` per uploaded file, one
``ImportRow`` per line of it with its verdict (issue 36).

An import is checked first (the dry run: every row gets a verdict, every name a player or
candidates) and saves nothing of the club while an error or an unmatched name is left; the
admin confirms once, and its rows become members or finished matches (``source="import"``,
``source_id`` = the row's id: importing the same row twice stores it once).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, gettext_lazy


class Import(models.Model):
    class Kind(models.TextChoices):
        MEMBERS = "members", gettext_lazy("Members")
        RESULTS = "results", gettext_lazy("Results")

    class Status(models.TextChoices):
        #: Being read and checked (in the worker for a large file).
        CHECKING = "checking", gettext_lazy("Checking")
        #: Checked: errors or unmatched names are left.
        DRY_RUN = "dry_run", gettext_lazy("Dry run")
        #: Checked: nothing left to fix, waiting for the admin's confirmation.
        READY = "ready", gettext_lazy("Ready")
        #: Confirmed, being stored (in the worker for a large file).
        IMPORTING = "importing", gettext_lazy("Importing")
        IMPORTED = "imported", gettext_lazy("Imported")
        FAILED = "failed", gettext_lazy("Failed")

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="imports",
                             verbose_name=gettext_lazy("club"))
    kind = models.CharField(max_length=8, choices=Kind.choices,
                            verbose_name=gettext_lazy("kind"))
    file_name = models.CharField(max_length=200, verbose_name=gettext_lazy("file name"))
    sha256 = models.CharField(max_length=64, verbose_name=gettext_lazy("SHA-256"))
    #: The file as uploaded (at most ``IMPORT_MAX_BYTES``): the worker reads it from here.
    content = models.BinaryField(verbose_name=gettext_lazy("content"))
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=gettext_lazy("uploaded by"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.CHECKING,
                              verbose_name=gettext_lazy("status"))
    #: Percent done of the step running (checking or importing).
    progress = models.PositiveSmallIntegerField(default=0,
                                                verbose_name=gettext_lazy("progress"))
    rows_total = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("rows"))
    rows_new = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("new rows"))
    rows_same = models.PositiveIntegerField(default=0,
                                            verbose_name=gettext_lazy("rows already stored"))
    rows_error = models.PositiveIntegerField(default=0,
                                             verbose_name=gettext_lazy("rows with errors"))
    #: Each name as written -> {"match": player id or "new" or None, "candidates": [...]}.
    names = models.JSONField(default=dict, blank=True, verbose_name=gettext_lazy("names"))
    #: Why a step failed (a whole-file refusal read in the worker), in English.
    error = models.TextField(blank=True, verbose_name=gettext_lazy("error"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))
    imported_at = models.DateTimeField(null=True, blank=True,
                                       verbose_name=gettext_lazy("imported at"))

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = gettext_lazy("import")
        verbose_name_plural = gettext_lazy("imports")
        constraints = [
            models.CheckConstraint(condition=Q(kind__in=["members", "results"]),
                                   name="imports_import_kind_valid"),
            models.CheckConstraint(condition=Q(progress__lte=100),
                                   name="imports_import_progress_percent"),
        ]

    def __str__(self) -> str:
        return gettext("%(file)s (%(kind)s) for %(club)s") % {
            "file": self.file_name, "kind": self.get_kind_display(), "club": self.club}


class ImportRow(models.Model):
    class Verdict(models.TextChoices):
        NEW = "new", gettext_lazy("New")
        SAME = "same", gettext_lazy("Same as a stored one")
        ERROR = "error", gettext_lazy("Error")

    batch = models.ForeignKey(Import, on_delete=models.CASCADE, related_name="rows",
                              verbose_name=gettext_lazy("import"))
    #: The line in the file (the header is line 1).
    number = models.PositiveIntegerField(verbose_name=gettext_lazy("row"))
    #: The row's cells, read (the columns the import knows, as strings).
    data = models.JSONField(default=dict, verbose_name=gettext_lazy("data"))
    verdict = models.CharField(max_length=5, choices=Verdict.choices, default=Verdict.NEW,
                               verbose_name=gettext_lazy("verdict"))
    #: Each reason as ``[template, values]`` (``config.texts``-style: shown translated).
    errors = models.JSONField(default=list, blank=True, verbose_name=gettext_lazy("errors"))
    #: The member the row made (a members import); a result's match is the finished match
    #: with ``source="import"`` and ``source_id`` = this row's id.
    player = models.ForeignKey("clubs.Player", null=True, blank=True,
                               on_delete=models.SET_NULL, related_name="+",
                               verbose_name=gettext_lazy("player"))

    class Meta:
        ordering = ["batch", "number"]
        verbose_name = gettext_lazy("import row")
        verbose_name_plural = gettext_lazy("import rows")
        constraints = [
            models.UniqueConstraint(fields=["batch", "number"], name="imports_importrow_once"),
            models.CheckConstraint(condition=Q(verdict__in=["new", "same", "error"]),
                                   name="imports_importrow_verdict_valid"),
        ]

    def __str__(self) -> str:
        return gettext("row %(number)s of %(import)s") % {"number": self.number,
                                                         "import": self.batch}
