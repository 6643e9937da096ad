"""The signed-in user comes with their unread count, in the query that loads them.

Django's session middleware loads the user on every request through the authentication
backend's ``get_user``; counting the unread notifications there (a subquery on an indexed
column) puts the top bar's count on every page without a query of its own.
"""

from allauth.account.auth_backends import AuthenticationBackend
from django.contrib.auth import get_user_model
from django.db.models import Count, IntegerField, OuterRef, Subquery
from django.db.models.functions import Coalesce

from notifications.models import Notification


def unread_subquery():
    unread = (Notification.objects.filter(user=OuterRef("pk"), read_at__isnull=True)
              .order_by().values("user").annotate(n=Count("pk")).values("n"))
    return Coalesce(Subquery(unread, output_field=IntegerField()), 0)


class UserWithUnreadBackend(AuthenticationBackend):
    """allauth's backend (Django's ModelBackend that also signs in by email address)."""

    def get_user(self, user_id):
        user_model = get_user_model()
        user = (user_model._default_manager.annotate(unread_notifications=unread_subquery())
                .filter(pk=user_id).first())
        return user if user is not None and self.user_can_authenticate(user) else None
