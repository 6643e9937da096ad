from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = gettext_lazy("Accounts: sign-in, invitations, the mail outbox, API tokens")

    def ready(self) -> None:
        # A login made outside allauth keeps its address (accounts.receivers). The outbox
        # dispatches its send task by name: registered in web processes too, else Celery's
        # lazy discovery leaves it to the worker and every mail queued by a page waits for
        # the periodic requeue.
        from django.contrib import admin
        from rest_framework.authtoken.models import TokenProxy

        from accounts import receivers, tasks  # noqa: F401

        # DRF's token admin lists every user's key in clear: tokens are created and revoked
        # by their owner on the account page only (a superuser can still remove a user).
        if admin.site.is_registered(TokenProxy):
            admin.site.unregister(TokenProxy)
