from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = gettext_lazy("Ratings and standings")

    def ready(self) -> None:
        from accounts.selectors import personal_data_section_register
        from games.panels import match_panel_register
        from ratings import receivers  # noqa: F401 - connects the ratings' receivers
        from ratings.selectors import personal_data
        from ratings.selectors.club_list_policy import club_list_policies
        from ratings.views_rated import rated_panel, rated_panel_version
        from results.selectors_rated import club_list_policies_register

        # A login's data export lists their results and ratings (kept on closing: the
        # other players' ratings depend on them).
        personal_data_section_register("results", export=personal_data)
        # Every finished match the API shows says whether the club list rates it, and why.
        club_list_policies_register(club_list_policies)
        # ... and the match page says so too.
        match_panel_register(rated_panel, version=rated_panel_version)

        # A team league checks its line-ups' board order against these ratings (issue 35).
        from ratings.selectors.teamleagues import board_ratings
        from teamleagues.selectors import rating_source_register

        rating_source_register(board_ratings)
