from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class LiveConfig(AppConfig):
    name = "live"
    verbose_name = gettext_lazy("Live play")

    def ready(self):
        from accounts.selectors import personal_data_section_register
        from teamleagues.selectors import live_boards_register

        # The services send the computer's turn by name: the task must be registered in
        # every process that sends it (the web's too), not only in the workers.
        from . import receivers, tasks  # noqa: F401
        from .selectors import personal_data, team_board_start_url, team_live_boards

        # A login's data export lists the live matches their player played.
        personal_data_section_register("live_matches", export=personal_data)
        # A team card links its boards played here and offers to start one.
        live_boards_register(read=team_live_boards, start_url=team_board_start_url)
