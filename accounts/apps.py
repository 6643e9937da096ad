from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts: API tokens and sign-in limits"

    def ready(self) -> None:
        # DRF's token admin lists every user's key in clear: tokens are created and revoked
        # by their owner on the account page only (a superuser can still remove a user).
        from django.contrib import admin
        from rest_framework.authtoken.models import TokenProxy

        from accounts import receivers  # noqa: F401 - a new login's address, kept

        if admin.site.is_registered(TokenProxy):
            admin.site.unregister(TokenProxy)
