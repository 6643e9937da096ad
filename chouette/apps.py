from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class ChouetteConfig(AppConfig):
    name = "chouette"
    verbose_name = gettext_lazy("Chouettes")

    def ready(self) -> None:
        from accounts.selectors import personal_data_section_register
        from chouette.selectors import ledger_lines_of

        # A login's data export lists their player's chouette ledger lines (kept on closing:
        # the other players' balances depend on them).
        personal_data_section_register("chouette_ledger", export=ledger_lines_of)
