from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class PrintingConfig(AppConfig):
    name = "printing"
    verbose_name = gettext_lazy("Printing")
