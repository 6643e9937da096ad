from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class AuditConfig(AppConfig):
    name = "audit"
    verbose_name = gettext_lazy("Audit log")
