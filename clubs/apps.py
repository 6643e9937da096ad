from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = "Clubs and players"

    def ready(self) -> None:
        from clubs import signals  # noqa: F401 - connects the page cache's receivers
