"""A team match card (issue 36): teams, boards in order, lengths, results and both
captains' signatures. A team league's fixture prints it through the kept packs like every
other print (``printing.selectors.team_card_printable``: its "Print" link and
``GET /api/team-fixtures/<id>/print/``), the template reading the fixture's
``teamleagues.selectors.CardSheet``, which has this value's fields; ``team_match_card_pdf``
makes one from values given, without a pack."""

import datetime
from dataclasses import dataclass, field

from django.utils import timezone, translation

from printing.services.pdf import pdf_render


@dataclass(frozen=True)
class Board:
    number: int
    length: int
    home_player: str = ""
    away_player: str = ""
    score: str = ""  # "7–4" once played
    winner: str = ""


@dataclass(frozen=True)
class TeamMatchCard:
    title: str
    home: str
    away: str
    boards: list[Board] = field(default_factory=list)
    competition: str = ""
    date: datetime.date | None = None
    venue: str = ""
    result: str = ""  # "3–2" once played
    home_captain: str = ""
    away_captain: str = ""


def team_match_card_pdf(*, club, card: TeamMatchCard, language: str) -> tuple[bytes, int]:
    """The card as a PDF (bytes, pages) in ``language`` (the club's: ``print_language``)."""
    with translation.override(language):
        return pdf_render(template="printing/team_match_card.html", context={
            "club": club, "card": card, "printed_at": timezone.localtime()})
