"""A tournament's paper read back: the bracket as a landscape wall chart (split over sheets
with join marks when it is big), a round's pairings and a Swiss round's standings, the
scoresheets with their QR code, the table cards."""

import pytest
from django.urls import reverse

from tests.printing.conftest import event, swiss

pytestmark = pytest.mark.django_db


def _print(client, tournament, what, **query):
    url = reverse("printing:tournament", args=[tournament.club.slug, tournament.pk, what])
    return client.get(url, query)


def test_bracket_is_a_landscape_pdf_with_every_name(client, knockout, read_pdf):
    response = _print(client, knockout, "bracket")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    pdf = read_pdf(response)
    assert len(pdf.pages) == 1
    assert pdf.landscape()
    for number in range(1, 9):
        assert f"Player {number:02d}" in pdf.text


def test_a_big_bracket_is_split_over_sheets_with_join_marks(client, club, read_pdf):
    tournament = event(club, 64, name="Open")
    pdf = read_pdf(_print(client, tournament, "bracket"))
    # 32 first-round matches: two sheets of 16 (to the semi-finals), then the final's sheet.
    assert len(pdf.pages) == 3
    assert all(pdf.landscape(n) for n in range(3))
    assert "on sheet 3" in pdf.pages[0].extract_text()
    assert "on sheet 3" in pdf.pages[1].extract_text()
    assert "sheets 1, 2 come in here" in pdf.pages[2].extract_text()
    assert "Player 64" in pdf.text and "Player 01" in pdf.text


def test_pairings_list_every_table_of_the_round(client, club, read_pdf):
    tournament = swiss(club, 6)
    pdf = read_pdf(_print(client, tournament, "pairings"))
    assert "Swiss night" in pdf.text
    for number in range(1, 7):
        assert f"Seed {number:02d}" in pdf.text
    assert "Table" in pdf.text


def test_swiss_standings_print_in_large_type(client, club, read_pdf):
    tournament = swiss(club, 6)
    pdf = read_pdf(_print(client, tournament, "standings"))
    assert "Standings" in pdf.text
    assert "Seed 06" in pdf.text


def test_a_knockout_has_no_standings_to_print(client, knockout):
    response = _print(client, knockout, "standings")
    assert response.status_code == 404


def test_a_scoresheet_per_match_with_length_crawford_box_and_qr(client, alice, knockout,
                                                                read_pdf, settings):
    settings.SITE_URL = "https://club.example.org"
    client.force_login(alice)
    pdf = read_pdf(_print(client, knockout, "scoresheets"))
    assert len(pdf.pages) == 4  # 8 players: four first-round matches
    first = pdf.pages[0].extract_text()
    assert "Player 01" in first and "Player 08" in first
    assert "Crawford game" in first
    assert "Match to" in first
    assert "Report the result here" in first
    # The QR code is drawn (inline SVG: vector paths), one per sheet.
    assert all(page.get_contents() is not None for page in pdf.pages)


def test_scoresheet_qr_code_points_to_the_report_form(knockout):
    from printing.selectors import report_url, scoresheet_values
    from tournaments.models import TournamentMatch

    match = TournamentMatch.objects.filter(tournament=knockout).exclude(
        player_a=None).exclude(player_b=None).first()
    sheet = scoresheet_values(match, knockout, 1)
    assert sheet["url"] == report_url(match, knockout)
    assert sheet["url"].endswith(f"/tournaments/{knockout.pk}/#report-{match.key}")
    assert sheet["url"].startswith("http")


def test_table_cards_number_the_tables(client, alice, knockout, read_pdf):
    client.force_login(alice)
    pdf = read_pdf(_print(client, knockout, "tablecards"))
    assert len(pdf.pages) == 4
    assert pdf.landscape()
    assert "Table" in pdf.pages[3].extract_text() and "4" in pdf.pages[3].extract_text()


def test_unknown_what_is_404_with_what_may_be_printed(client, knockout):
    response = _print(client, knockout, "menu")
    assert response.status_code == 404


def test_a_swiss_has_no_bracket_to_print(client, club):
    tournament = swiss(club, 4)
    response = _print(client, tournament, "bracket")
    assert response.status_code == 404
    assert "no bracket" in response.content.decode()


def test_a_draft_knockout_prints_a_page_saying_nothing_is_drawn(client, club, read_pdf):
    import datetime

    from tournaments import services

    draft = services.tournament_create(club=club, name="Draft cup", format="single_elimination",
                                       starts_on=datetime.date(2026, 12, 1), options={})
    pdf = read_pdf(_print(client, draft, "bracket"))
    assert len(pdf.pages) == 1 and "Draft cup" in pdf.text
