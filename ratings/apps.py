from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ratings and standings"

    def ready(self) -> None:
        from ratings import receivers  # noqa: F401 - connects the ratings' receivers
