"""The match page's section saying, for each rating list a finished match could enter,
whether it is rated and why (``results.selectors_rated``): registered with the games'
match page, which does not know the ratings (``games.panels``)."""

from ratings.models import RatingSettings
from results.models import FinishedMatch
from results.selectors_rated import rated_verdicts

PANEL = "ratings/_rated_panel.html"


def rated_panel(*, request, record) -> dict | None:
    row = FinishedMatch.objects.filter(source=FinishedMatch.Source.MATCH_RECORD,
                                       source_id=record.pk).first()
    if row is None:  # not finished, money play, or another room's match file
        return None
    return {"template": PANEL, "rated": rated_verdicts([row]).get(row.pk, [])}


def rated_panel_version(*, request, record_id: int, club) -> str:
    """Moves with the club list's settings (a federation's change moves the club's stamp,
    which keys the page already) and with the record's finished row."""
    settings = (RatingSettings.objects.filter(club=club).values_list("version", flat=True)
                .first())
    changed = (FinishedMatch.objects.filter(source=FinishedMatch.Source.MATCH_RECORD,
                                            source_id=record_id)
               .values_list("updated_at", flat=True).first())
    return f"{settings}:{changed}"
