from django.apps import AppConfig


class ChouetteConfig(AppConfig):
    name = "chouette"
    verbose_name = "Chouettes"
