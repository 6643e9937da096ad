from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class PeopleConfig(AppConfig):
    """One person, one Player across clubs (issue 32): duplicate rows suggested and merged.
    On top of the other rooms: a merge moves each room's rows through its own function."""

    name = "people"
    verbose_name = gettext_lazy("People")
