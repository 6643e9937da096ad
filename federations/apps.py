from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class FederationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "federations"
    verbose_name = gettext_lazy("Federations")

    def ready(self) -> None:
        from federations import signals  # noqa: F401 - connects the page cache's receivers
