"""The printing API: PDFs with the pages' gates, a clear 404 for what cannot be printed, a
big pack made by the worker (202, its progress, then the PDF), and the schema."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from clubs.models import Club
from printing.models import PrintPack
from tests.printing.conftest import event
from tests.ratings.conftest import build_small_club

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


def _url(tournament, what):
    return reverse("tournament-print-api", kwargs={"pk": tournament.pk, "what": what})


def test_the_bracket_is_a_pdf_for_anyone(api, knockout, read_pdf):
    response = api.get(_url(knockout, "bracket"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert read_pdf(response).landscape()


def test_a_client_asking_for_a_pdf_gets_one(api, knockout):
    response = api.get(_url(knockout, "pairings"), HTTP_ACCEPT="application/pdf")
    assert response.status_code == 200 and response.content.startswith(b"%PDF")


def test_unknown_what_is_404_saying_what_may_be_printed(api, knockout):
    response = api.get(_url(knockout, "menu"))
    assert response.status_code == 404
    detail = response.json()["detail"]
    assert "menu" in detail and "bracket" in detail and "scoresheets" in detail


def test_no_such_tournament_is_404(api, db):
    assert api.get(reverse("tournament-print-api", kwargs={"pk": 999999,
                                                           "what": "bracket"})).status_code == 404


def test_the_referees_print_the_scoresheets(api, carol, knockout, read_pdf):
    api.force_authenticate(carol)
    response = api.get(_url(knockout, "scoresheets"))
    assert response.status_code == 200
    assert len(read_pdf(response).pages) == 4


@pytest.mark.parametrize("what", ["scoresheets", "tablecards"])
def test_an_admin_of_another_club_may_not_print_the_directors_paper(api, dave, knockout, what):
    api.force_authenticate(dave)
    response = api.get(_url(knockout, what))
    assert response.status_code == 403
    assert not PrintPack.objects.exists()


@pytest.mark.parametrize("what", ["scoresheets", "tablecards"])
def test_a_player_may_not_print_the_directors_paper(api, bob, knockout, what):
    api.force_authenticate(bob)
    assert api.get(_url(knockout, what)).status_code == 403


def test_the_rating_list_of_a_private_club_is_refused_to_a_stranger(api, club, dave,
                                                                     django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        build_small_club(club)
    api.force_authenticate(dave)
    response = api.get(reverse("ratings-print-api", kwargs={"slug": club.slug}))
    assert response.status_code == 403
    assert not PrintPack.objects.exists()


def test_the_rating_list_prints_for_a_member(api, club, bob, read_pdf,
                                             django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        build_small_club(club)
    api.force_authenticate(bob)
    response = api.get(reverse("ratings-print-api", kwargs={"slug": club.slug}))
    assert response.status_code == 200
    pdf = read_pdf(response)
    assert all(name in pdf.text for name in ("Ann", "Ben", "Cat", "Dan"))
    assert "rating list" in pdf.text


def test_the_rating_list_of_a_public_club_prints_for_anyone(api, club, read_pdf,
                                                            django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        build_small_club(club)
    Club.objects.filter(pk=club.pk).update(results_public=True)
    response = api.get(reverse("ratings-print-api", kwargs={"slug": club.slug}))
    assert response.status_code == 200 and "Ann" in read_pdf(response).text


def test_a_seasons_standings_print(api, club, bob, read_pdf,
                                   django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        world = build_small_club(club)
    api.force_authenticate(bob)
    response = api.get(reverse("standings-print-api", kwargs={"slug": club.slug}),
                       {"season": world.season.pk})
    assert response.status_code == 200
    pdf = read_pdf(response)
    assert "2026 H1" in pdf.text and "Ann" in pdf.text


def test_a_big_pack_is_made_by_the_worker_with_its_progress(
        api, alice, club, settings, read_pdf, django_capture_on_commit_callbacks):
    settings.PRINT_INLINE_SHEETS = 2
    tournament = event(club, 8)
    api.force_authenticate(alice)
    with django_capture_on_commit_callbacks(execute=False) as sent:
        response = api.get(_url(tournament, "scoresheets"))
    assert response.status_code == 202
    body = response.json()
    assert body["status"] == "queued" and body["total"] == 4 and body["progress"] == 0
    status = api.get(body["status_url"]).json()
    assert status["status"] == "queued"
    assert api.get(body["pdf_url"]).status_code == 202  # not made yet
    for callback in sent:  # the worker runs it (Celery eager in tests)
        callback()
    status = api.get(body["status_url"]).json()
    assert status["status"] == "done" and status["progress"] == 100 and status["pages"] == 4
    pdf = api.get(body["pdf_url"])
    assert pdf["Content-Type"] == "application/pdf" and len(read_pdf(pdf).pages) == 4
    # Asked again: the kept PDF, at once.
    again = api.get(_url(tournament, "scoresheets"))
    assert again.status_code == 200 and again.content == pdf.content


def test_a_stranger_may_not_read_a_pack_by_its_id(api, alice, dave, club, settings,
                                                  django_capture_on_commit_callbacks):
    settings.PRINT_INLINE_SHEETS = 2
    tournament = event(club, 8)
    api.force_authenticate(alice)
    with django_capture_on_commit_callbacks(execute=True):
        body = api.get(_url(tournament, "scoresheets")).json()
    api.force_authenticate(dave)
    assert api.get(body["status_url"]).status_code == 403
    assert api.get(body["pdf_url"]).status_code == 403


def test_the_schema_documents_the_pdf_and_the_pack(api, db):
    schema = api.get(reverse("api-schema"), {"format": "json"}).json()
    operation = schema["paths"]["/api/tournaments/{id}/print/{what}/"]["get"]
    assert operation["responses"]["200"]["content"]["application/pdf"]["schema"] == {
        "type": "string", "format": "binary"}
    assert "202" in operation["responses"]
    ratings = schema["paths"]["/api/clubs/{slug}/ratings/print/"]["get"]
    assert "application/pdf" in ratings["responses"]["200"]["content"]
    assert "403" in ratings["responses"] and "404" in operation["responses"]
