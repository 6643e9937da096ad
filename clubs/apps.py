from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = gettext_lazy("Clubs and players")

    def ready(self) -> None:
        from clubs import signals  # noqa: F401 - connects the page cache's receivers
