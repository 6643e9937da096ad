from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class PrintingConfig(AppConfig):
    name = "printing"
    verbose_name = gettext_lazy("Printing")

    def ready(self):
        # Registers the task: the services send it by its name (importing it would be a cycle).
        from . import tasks  # noqa: F401
