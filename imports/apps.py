from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class ImportsConfig(AppConfig):
    name = "imports"
    verbose_name = gettext_lazy("Imports of a club's history")
