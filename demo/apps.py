from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class DemoConfig(AppConfig):
    """The demo and seeding commands (``demo_data``, ``seed_club``): on top of every other
    app, so that no app below depends on them."""

    name = "demo"
    verbose_name = gettext_lazy("Demo data")
