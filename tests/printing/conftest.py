"""Events to print: a knockout, a Swiss with a round paired, a chouette evening; and the
PDF read back (pypdf: its text, its pages, its fonts)."""

import datetime
import io

import pytest

from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.services import rounds


def players(club, count, prefix="Player"):
    made = []
    for number in range(1, count + 1):
        user = UserFactory(username=f"{club.slug}-{prefix.lower()}{number}")
        player = PlayerFactory(name=f"{prefix} {number:02d}", user=user)
        MembershipFactory(club=club, player=player)
        made.append(player)
    return made


def event(club, count, fmt="single_elimination", name="Monthly", prefix="Player", **options):
    tournament = services.tournament_create(
        club=club, name=name, format=fmt, starts_on=datetime.date(2026, 11, 28),
        options=options)
    for player in players(club, count, prefix):
        services.entry_add(tournament=tournament, player=player)
    services.tournament_start(tournament=tournament)
    tournament.refresh_from_db()
    return tournament


def swiss(club, count, name="Swiss night"):
    tournament = event(club, count, fmt="swiss", name=name, prefix="Seed",
                       format_settings={}, lengths={"main": 5})
    preview = rounds.swiss_round_preview(tournament=tournament)
    rounds.swiss_round_publish(tournament=tournament, pairs=preview["pairs"])
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def knockout(club):
    return event(club, 8)


class Pdf:
    """A PDF read back."""

    def __init__(self, data: bytes):
        from pypdf import PdfReader

        assert data.startswith(b"%PDF"), data[:200]
        self.reader = PdfReader(io.BytesIO(data))
        self.pages = self.reader.pages
        self.text = "\n".join(page.extract_text() or "" for page in self.pages)

    def fonts(self) -> dict[str, bool]:
        """Every font's name -> whether its program is embedded in the file."""
        found = {}
        for page in self.pages:
            resources = page.get("/Resources") or {}
            for font in (resources.get("/Font") or {}).values():
                font = font.get_object()
                for described in [font, *[d.get_object() for d in
                                          font.get("/DescendantFonts") or []]]:
                    descriptor = described.get("/FontDescriptor")
                    if descriptor is None:
                        continue
                    descriptor = descriptor.get_object()
                    embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2",
                                                              "/FontFile3"))
                    found[str(described.get("/BaseFont"))] = embedded
        return found

    def landscape(self, number: int = 0) -> bool:
        box = self.pages[number].mediabox
        return float(box.width) > float(box.height)


@pytest.fixture
def read_pdf():
    return lambda response_or_bytes: Pdf(getattr(response_or_bytes, "content",
                                                 response_or_bytes))
