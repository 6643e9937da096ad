"""A Japanese club's paper: in Japanese, with the CJK font embedded in the PDF."""

import pytest
from django.urls import reverse

from clubs.models import Club
from printing.services.pdf import CJK_FAMILY, cjk_font_present
from tests.factories import MembershipFactory, PlayerFactory
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def japanese_club(club):
    Club.objects.filter(pk=club.pk).update(language="ja")
    club.refresh_from_db()
    return club


def _japanese_event(club):
    import datetime

    tournament = services.tournament_create(club=club, name="月例会", format="single_elimination",
                                            starts_on=datetime.date(2026, 11, 28), options={})
    for name in ("山田太郎", "佐藤花子", "鈴木一郎", "高橋美咲"):
        player = PlayerFactory(name=name)
        MembershipFactory(club=club, player=player)
        services.entry_add(tournament=tournament, player=player)
    services.tournament_start(tournament=tournament)
    tournament.refresh_from_db()
    return tournament


def test_a_japanese_clubs_bracket_embeds_the_cjk_font(client, japanese_club, read_pdf):
    if not cjk_font_present():
        pytest.skip(f"No {CJK_FAMILY} font on this machine (Debian: fonts-noto-cjk; "
                    "bin/ensure-fonts installs it)")
    tournament = _japanese_event(japanese_club)
    response = client.get(reverse("printing:tournament",
                                  args=[japanese_club.slug, tournament.pk, "bracket"]))
    assert response.status_code == 200
    pdf = read_pdf(response)
    assert "山田太郎" in pdf.text and "月例会" in pdf.text
    fonts = pdf.fonts()
    cjk = {name: embedded for name, embedded in fonts.items()
           if "NotoSansCJK" in name.replace("-", "")}
    assert cjk, fonts
    assert all(cjk.values()), f"not embedded: {cjk}"


def test_a_japanese_club_prints_in_japanese_whatever_the_readers_browser(
        client, japanese_club, knockout):
    from printing.models import PrintPack

    client.get(reverse("printing:tournament", args=[japanese_club.slug, knockout.pk,
                                                    "bracket"]), HTTP_ACCEPT_LANGUAGE="de")
    assert PrintPack.objects.get().language == "ja"


def test_a_club_without_a_language_prints_in_the_readers(client, club, knockout):
    from printing.models import PrintPack

    client.get(reverse("printing:tournament", args=[club.slug, knockout.pk, "bracket"]),
               HTTP_ACCEPT_LANGUAGE="de")
    assert PrintPack.objects.get().language == "de"
