from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class TeamLeaguesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "teamleagues"
    verbose_name = gettext_lazy("Team leagues")
