from django.apps import AppConfig


class DemoConfig(AppConfig):
    """The demo and seeding commands (``demo_data``, ``seed_club``): on top of every other
    app, so that no app below depends on them."""

    name = "demo"
    verbose_name = "Demo data"
