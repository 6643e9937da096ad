"""A zip of match files uploaded at once, and its report: one row per file in the zip.

The zip is kept (``data``) only until the worker has read it; the report stays. Each file
is matched to a stored result (its record is attached to it as evidence), or creates one
when the admin asked, or is refused with the reason a person reads.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, gettext_lazy


class BulkUpload(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", gettext_lazy("Queued")
        RUNNING = "running", gettext_lazy("Running")
        DONE = "done", gettext_lazy("Done")
        FAILED = "failed", gettext_lazy("Failed")

    club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="+",
                             verbose_name=gettext_lazy("club"))
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=gettext_lazy("uploaded by"))
    name = models.CharField(max_length=255, blank=True, verbose_name=gettext_lazy("file name"))
    #: The admin asked for a result to be created for a file that matches none.
    create = models.BooleanField(default=False,
                                 verbose_name=gettext_lazy("create unmatched results"))
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED,
                              verbose_name=gettext_lazy("status"))
    #: The zip, until the worker has read it (emptied then, unless a file waits for the
    #: admin to choose its players: emptied once none does).
    data = models.BinaryField(blank=True, default=b"", editable=False)
    #: The players the admin chose for names no member answered to: name as written ->
    #: player id (a guest made once for "new": the next file of that name reuses it).
    names = models.JSONField(default=dict, blank=True,
                             verbose_name=gettext_lazy("names chosen"))
    total = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("files"))
    done = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("files read"))
    error = models.TextField(blank=True, verbose_name=gettext_lazy("error"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("uploaded at"))
    finished_at = models.DateTimeField(null=True, blank=True,
                                       verbose_name=gettext_lazy("finished at"))

    class Meta:
        verbose_name = gettext_lazy("bulk upload of match files")
        verbose_name_plural = gettext_lazy("bulk uploads of match files")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(condition=Q(done__lte=models.F("total")),
                                   name="games_bulkupload_done_of_total"),
        ]

    def __str__(self) -> str:
        return gettext("%(name)s (%(done)s of %(total)s files)") % {
            "name": self.name, "done": self.done, "total": self.total}

    @property
    def progress(self) -> int:
        """Percent of the files read."""
        return 100 if not self.total else round(100 * self.done / self.total)


class BulkFile(models.Model):
    """What became of one file of the zip."""

    class Verdict(models.TextChoices):
        MATCHED = "matched", gettext_lazy("Matched")
        CREATED = "created", gettext_lazy("Created")
        REFUSED = "refused", gettext_lazy("Refused")
        DUPLICATE = "duplicate", gettext_lazy("Duplicate")

    upload = models.ForeignKey(BulkUpload, on_delete=models.CASCADE, related_name="files",
                               verbose_name=gettext_lazy("upload"))
    index = models.PositiveIntegerField(verbose_name=gettext_lazy("index"))
    name = models.CharField(max_length=255, verbose_name=gettext_lazy("file name"))
    verdict = models.CharField(max_length=10, choices=Verdict.choices,
                               verbose_name=gettext_lazy("verdict"))
    reason = models.TextField(blank=True, verbose_name=gettext_lazy("reason"))
    #: The names in the file no member answers to (or more than one): refused until the
    #: admin chooses a player for each (``match_files_names``).
    names = models.JSONField(default=list, blank=True,
                             verbose_name=gettext_lazy("names to choose"))
    match_record = models.ForeignKey("games.MatchRecord", null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+",
                                     verbose_name=gettext_lazy("match record"))
    finished_match = models.ForeignKey("results.FinishedMatch", null=True, blank=True,
                                       on_delete=models.SET_NULL, related_name="+",
                                       verbose_name=gettext_lazy("finished match"))

    class Meta:
        verbose_name = gettext_lazy("file of a bulk upload")
        verbose_name_plural = gettext_lazy("files of a bulk upload")
        ordering = ["upload", "index"]
        constraints = [
            models.UniqueConstraint(fields=["upload", "index"], name="games_bulkfile_index"),
        ]

    def __str__(self) -> str:
        return f"{self.name}: {self.get_verdict_display()}"
