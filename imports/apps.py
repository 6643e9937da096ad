from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class ImportsConfig(AppConfig):
    name = "imports"
    verbose_name = gettext_lazy("Imports of a club's history")

    def ready(self):
        # the services send the tasks by name: make sure they are registered in every
        # process (the web's too), not only where Celery's autodiscovery ran
        from . import tasks  # noqa: F401
