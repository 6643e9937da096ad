from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "live"
    verbose_name = "Live play"

    def ready(self):
        # The services send the computer's turn by name: the task must be registered in
        # every process that sends it (the web's too), not only in the workers.
        from . import tasks  # noqa: F401
