"""Writing the audit log: called by every service that corrects something, inside the
transaction that makes the correction (so both land or neither does)."""

from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils.translation import gettext

from .models import AuditEntry


class AuditError(ValueError):
    """An audit entry that cannot be written as asked (a correction without a reason)."""


def audit_record(
    *, club_id: int | None = None, actor, action: str, target: models.Model, reason: str = "",
    before: dict | None = None, after: dict | None = None, federation_id: int | None = None,
) -> AuditEntry:
    """Append one entry to the log of ``club_id``, of ``federation_id``, or of both (a club
    joining a federation). ``before`` and ``after`` are JSON-ready dicts of what changed."""
    if club_id is None and federation_id is None:
        raise AuditError("An audit entry belongs to a club's log or a federation's.")
    reason = (reason or "").strip()
    if action in AuditEntry.REASON_REQUIRED and not reason:
        raise AuditError(gettext("A correction needs a reason (it is kept in the audit "
                                 "log)."))
    user = actor if actor is not None and actor.is_authenticated else None
    return AuditEntry.objects.create(
        club_id=club_id, federation_id=federation_id, actor=user,
        actor_name=user.get_username() if user else "",
        action=action, target_type=ContentType.objects.get_for_model(type(target)),
        target_id=target.pk, target_label=str(target)[:300], reason=reason,
        before=before or {}, after=after or {},
    )
