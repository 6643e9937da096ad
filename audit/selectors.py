"""Reading the audit log."""

from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models import QuerySet

from .models import AuditEntry


def audit_entries_for(*, target: models.Model) -> QuerySet[AuditEntry]:
    """Every entry about one object, newest first."""
    return AuditEntry.objects.filter(
        target_type=ContentType.objects.get_for_model(type(target)), target_id=target.pk,
    ).select_related("actor").order_by("-created_at", "-pk")
