from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = gettext_lazy("Notifications: what happened to you, on the site and by mail")

    def ready(self) -> None:
        from accounts.auth import user_annotation_register
        from accounts.selectors import personal_data_section_register
        from notifications import receivers  # noqa: F401 - registers the listeners
        from notifications.selectors import personal_data, unread_subquery
        from notifications.services import personal_data_erase

        personal_data_section_register("notifications", export=personal_data,
                                       erase=personal_data_erase)
        # The top bar's count comes with the signed-in user (no query of its own).
        user_annotation_register("unread_notifications", unread_subquery)
