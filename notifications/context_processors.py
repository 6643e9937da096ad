"""The unread count in the top bar: read off the signed-in user, loaded with it by
``notifications.auth.UserWithUnreadBackend`` (no query of its own)."""


def unread(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_notifications": getattr(user, "unread_notifications", 0)}
