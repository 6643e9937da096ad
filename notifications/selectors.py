"""Notification reads."""

from django.core.cache import cache

from notifications.models import Kind, MutedKind, Notification


def notification_list(*, user):
    return Notification.objects.filter(user=user)


def unread_cache_key(user_id: int) -> str:
    return f"notifications:unread:{user_id}"


def unread_count(*, user) -> int:
    """The unread count, cached per user (the top bar of every page shows it; the cache is
    dropped when a notification is made or read, so pages cost no query for it)."""
    key = unread_cache_key(user.pk)
    count = cache.get(key)
    if count is None:
        count = Notification.objects.filter(user=user, read_at__isnull=True).count()
        # A minute: a web process that missed a drop (local memory) is off a minute at most.
        cache.set(key, count, 60)
    return count


def kinds_enabled(*, user) -> set[str]:
    muted = set(MutedKind.objects.filter(user=user).values_list("kind", flat=True))
    return set(Kind.values) - muted
