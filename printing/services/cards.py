"""A team match card (issue 36): teams, boards in order, lengths, results and both
captains' signatures — ready for the team leagues' fixture. The teamleagues app does not
exist yet: once it does, its page's "Print" link builds ``card`` from a fixture (see
``TeamMatchCard``) and calls ``team_match_card_pdf``; nothing here needs to change."""

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


def team_match_card_pdf(*, club, card: TeamMatchCard, language: str) -> tuple[bytes, int]:
    """The card as a PDF (bytes, pages) in ``language`` (the club's: ``print_language``)."""
    with translation.override(language):
        return pdf_render(template="printing/team_match_card.html", context={
            "club": club, "card": card, "printed_at": timezone.localtime()})
