"""A printed document, kept: the PDF of one version of what it prints (a bracket, a round's
scoresheets, a rating list...) in one language. Its ``key`` names the thing, its version and
the language, so a change to the thing printed makes a new key and the old pack is dropped
when the new one is made (``printing.services.packs``). A big pack is made by the worker:
its status and progress are here."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy, pgettext_lazy


class PrintPack(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", pgettext_lazy("print pack", "Queued")
        RUNNING = "running", pgettext_lazy("print pack", "Being made")
        DONE = "done", pgettext_lazy("print pack", "Ready")
        FAILED = "failed", pgettext_lazy("print pack", "Failed")

    #: What is printed, the language and its version: ``tournament:7:scoresheets:r3:ja:v12``.
    key = models.CharField(max_length=200, unique=True, verbose_name=gettext_lazy("key"))
    #: The same without the version: the packs of its older versions are dropped.
    subject = models.CharField(max_length=200, db_index=True,
                               verbose_name=gettext_lazy("subject"))
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+",
                             verbose_name=gettext_lazy("club"))
    what = models.CharField(max_length=32, verbose_name=gettext_lazy("what"))
    #: What the worker needs to make it again: the object's id and the options.
    params = models.JSONField(default=dict, blank=True, verbose_name=gettext_lazy("params"))
    language = models.CharField(max_length=12, verbose_name=gettext_lazy("language"))
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED,
                              verbose_name=gettext_lazy("status"))
    done = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("done"))
    total = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("total"))
    pages = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("pages"))
    pdf = models.BinaryField(null=True, blank=True, verbose_name=gettext_lazy("PDF"))
    error = models.TextField(blank=True, verbose_name=gettext_lazy("error"))
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+",
                                     verbose_name=gettext_lazy("requested by"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))
    finished_at = models.DateTimeField(null=True, blank=True,
                                       verbose_name=gettext_lazy("finished at"))

    class Meta:
        verbose_name = gettext_lazy("print pack")
        verbose_name_plural = gettext_lazy("print packs")
        constraints = [
            models.CheckConstraint(condition=Q(done__lte=models.F("total")),
                                   name="printing_printpack_done_within_total"),
        ]

    def __str__(self) -> str:
        return self.key

    @property
    def progress(self) -> int:
        """Per cent made (100 when done)."""
        if self.status == self.Status.DONE:
            return 100
        return int(100 * self.done / self.total) if self.total else 0
