from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = gettext_lazy("Tournaments")

    def ready(self):
        from . import receivers  # noqa: F401 - connects the listeners
