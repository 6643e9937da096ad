from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Notifications: what happened to you, on the site and by mail"

    def ready(self) -> None:
        from notifications import receivers  # noqa: F401 - registers the listeners
