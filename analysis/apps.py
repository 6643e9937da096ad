from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class AnalysisConfig(AppConfig):
    name = "analysis"
    verbose_name = gettext_lazy("Match analysis")

    def ready(self):
        from accounts.selectors import personal_data_section_register
        from games.panels import match_panel_register, replay_marker_register

        from . import receivers  # noqa: F401 - connects the listeners
        from .selectors_player import personal_data
        from .views import match_page_panel, match_page_version, replay_marks_for

        match_panel_register(match_page_panel, version=match_page_version)
        # the marks come from the analysis the section's version follows
        replay_marker_register(replay_marks_for, noun=gettext_lazy("error"),
                               plural=gettext_lazy("errors"),
                               severe=gettext_lazy("bad and very bad only"))
        # A login's data export lists their analysed matches and their leaderboard choice.
        personal_data_section_register("analysis", export=personal_data)
