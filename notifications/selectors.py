"""Notification reads."""

from django.db.models import Count, IntegerField, OuterRef, Subquery
from django.db.models.functions import Coalesce

from notifications.models import Kind, MutedKind, Notification


def notification_list(*, user):
    return Notification.objects.filter(user=user)


def kinds_enabled(*, user) -> set[str]:
    muted = set(MutedKind.objects.filter(user=user).values_list("kind", flat=True))
    return set(Kind.values) - muted


def personal_data(*, user, player=None) -> dict:
    """The login's notifications and the kinds they turned off (their data export)."""
    return {"items": [{"kind": n.kind, "text": n.text, "url": n.url,
                       "created_at": n.created_at.isoformat(),
                       "read_at": n.read_at.isoformat() if n.read_at else None}
                      for n in Notification.objects.filter(user=user)],
            "muted_kinds": sorted(MutedKind.objects.filter(user=user)
                                  .values_list("kind", flat=True))}


def unread_count(*, user) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def unread_subquery():
    """The unread count of the user in the outer query (an indexed subquery): the sign-in
    backend loads the user with it (registered in ``notifications.apps``)."""
    unread = (Notification.objects.filter(user=OuterRef("pk"), read_at__isnull=True)
              .order_by().values("user").annotate(n=Count("pk")).values("n"))
    return Coalesce(Subquery(unread, output_field=IntegerField()), 0)
