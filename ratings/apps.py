from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = gettext_lazy("Ratings and standings")

    def ready(self) -> None:
        from accounts.selectors import personal_data_section_register
        from ratings import receivers  # noqa: F401 - connects the ratings' receivers
        from ratings.selectors import personal_data

        # A login's data export lists their results and ratings (kept on closing: the
        # other players' ratings depend on them).
        personal_data_section_register("results", export=personal_data)

        # A team league checks its line-ups' board order against these ratings (issue 35).
        from ratings.selectors.teamleagues import board_ratings
        from teamleagues.selectors import rating_source_register

        rating_source_register(board_ratings)
