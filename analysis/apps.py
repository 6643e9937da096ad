from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    name = "analysis"
    verbose_name = "Match analysis"

    def ready(self):
        from . import receivers  # noqa: F401 - connects the listeners
