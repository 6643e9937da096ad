"""Plumbing shared by the apps: the worker heartbeat (read by the health check) and the
append-only base of every model whose rows are never edited (ledgers, payments, rulings,
the audit log)."""

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext, gettext_lazy


class AppendOnlyError(ValidationError):
    """Raised on any attempt to change or delete a row of an append-only model."""


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnlyError(self.model.append_only_message)

    def delete(self):
        raise AppendOnlyError(self.model.append_only_message)


class AppendOnlyModel(models.Model):
    """Rows are added, never changed or deleted: a correction is a new row."""

    #: What a refused change says (a ledger says "post a reversing entry").
    append_only_message = "These records are append-only: add a correcting row instead."

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError(self.append_only_message)
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError(self.append_only_message)


class WorkerHeartbeat(models.Model):
    """Written by a Celery worker: proves that a task went through the broker."""

    token = models.CharField(max_length=64, unique=True, verbose_name=gettext_lazy("token"))
    requested_at = models.DateTimeField(auto_now_add=True,
                                        verbose_name=gettext_lazy("requested at"))
    processed_at = models.DateTimeField(null=True, blank=True,
                                        verbose_name=gettext_lazy("processed at"))
    worker = models.CharField(max_length=200, blank=True, verbose_name=gettext_lazy("worker"))

    class Meta:
        db_table = "clubs_workerheartbeat"  # created by clubs' first migration; kept in place
        verbose_name = gettext_lazy("worker heartbeat")
        verbose_name_plural = gettext_lazy("worker heartbeats")

    def __str__(self) -> str:
        return gettext("Heartbeat %(token)s") % {"token": self.token}
