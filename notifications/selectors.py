"""Notification reads."""

from notifications.models import Kind, MutedKind, Notification


def notification_list(*, user):
    return Notification.objects.filter(user=user)


def kinds_enabled(*, user) -> set[str]:
    muted = set(MutedKind.objects.filter(user=user).values_list("kind", flat=True))
    return set(Kind.values) - muted
