"""The sign-in backend: allauth's (Django's ModelBackend that also signs in by email
address), loading the signed-in user with what the apps above ask to ride along.

Django's session middleware loads the user on every request through ``get_user``. An app
above accounts that every page needs a figure from (the top bar's unread count) registers
an annotation in its ``AppConfig.ready()`` (``user_annotation_register``), so the figure
comes in the query that loads the user, without a query of its own, and accounts does not
know the app.
"""

from collections.abc import Callable

from allauth.account.auth_backends import AuthenticationBackend
from django.contrib.auth import get_user_model

#: name -> a function returning the expression (e.g. a subquery on ``OuterRef("pk")``).
USER_ANNOTATIONS: dict[str, Callable] = {}


def user_annotation_register(name: str, expression: Callable) -> None:
    USER_ANNOTATIONS[name] = expression


class SignInBackend(AuthenticationBackend):
    def get_user(self, user_id):
        users = get_user_model()._default_manager.filter(pk=user_id)
        if USER_ANNOTATIONS:
            users = users.annotate(**{name: expression()
                                      for name, expression in USER_ANNOTATIONS.items()})
        user = users.first()
        return user if user is not None and self.user_can_authenticate(user) else None
