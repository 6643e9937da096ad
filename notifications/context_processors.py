"""The unread count in the top bar (one indexed count, signed-in users only)."""

from django.utils.functional import SimpleLazyObject

from notifications.selectors import unread_count


def unread(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_notifications": SimpleLazyObject(lambda: unread_count(user=user))}
