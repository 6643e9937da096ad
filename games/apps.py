from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = gettext_lazy("Match records, rules checks and chouettes")
