"""The unread count in the top bar: read off the signed-in user, who comes with it from the
sign-in backend (``notifications.apps`` registers the annotation with ``accounts.auth``):
no query of its own. A user loaded another way is counted if the page shows the count."""

from django.utils.functional import SimpleLazyObject

from notifications.selectors import unread_count


def unread(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    if hasattr(user, "unread_notifications"):
        return {"unread_notifications": user.unread_notifications}
    return {"unread_notifications": SimpleLazyObject(lambda: unread_count(user=user))}
