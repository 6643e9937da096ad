"""The match page's section saying, for each rating list a finished match could enter,
whether it is rated and why (``results.selectors_rated``): registered with the games'
match page, which does not know the ratings (``games.panels``)."""

from results.models import FinishedMatch
from results.selectors_rated import rated_verdicts

PANEL = "ratings/_rated_panel.html"


def rated_panel(*, request, record) -> dict | None:
    row = (FinishedMatch.objects.filter(source=FinishedMatch.Source.MATCH_RECORD,
                                        source_id=record.pk)
           .select_related("club__rated_policy").first())
    if row is None:  # not finished, money play, or another room's match file
        return None
    return {"template": PANEL, "rated": rated_verdicts([row]).get(row.pk, [])}


def rated_panel_version(*, request, record_id: int, club) -> str:
    """Nothing of its own to read: the record's finished row moves with the record (whose
    version keys the page), and a federation's change or the club list's settings that
    decide what is rated move the club's stamp (which keys it too)."""
    return "rated"
