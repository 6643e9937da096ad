from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = gettext_lazy("Match records, rules checks and chouettes")

    def ready(self) -> None:
        # The senders find the tasks by name (the tasks import the services that send
        # them): registered here in every process, the web's too, not only the worker's.
        from games import tasks  # noqa: F401
