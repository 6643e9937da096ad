from django.apps import AppConfig


class ChouetteConfig(AppConfig):
    name = "chouette"
    verbose_name = "Chouettes"

    def ready(self) -> None:
        from accounts.selectors import personal_data_section_register
        from chouette.selectors import ledger_lines_of

        # A login's data export lists their player's chouette ledger lines (kept on closing:
        # the other players' balances depend on them).
        personal_data_section_register("chouette_ledger", export=ledger_lines_of)
