from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class ResultsConfig(AppConfig):
    name = "results"
    verbose_name = gettext_lazy("Finished matches")
