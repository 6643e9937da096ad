"""The club admins' pages of a zip of match files: upload, then read the report."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.urls import reverse

from games.models import BulkUpload
from games.services.bulk import match_files_upload

from .bulk_helpers import CHARLOT_MAT, SELFPLAY, members, samples_zip

pytestmark = pytest.mark.django_db


def _page(club):
    return reverse("games:match-files", args=[club.slug])


def _post(client, club, data, **fields):
    return client.post(_page(club), {"file": SimpleUploadedFile("history.zip", data), **fields})


def test_an_admin_uploads_and_is_sent_to_the_report(client, alice, club):
    members(club, "charlot1", "charlot2")
    client.force_login(alice)
    response = _post(client, club, samples_zip(SELFPLAY, CHARLOT_MAT), create="on")
    upload = BulkUpload.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("games:match-files-report", args=[upload.pk])
    report = client.get(response["Location"])
    assert report.status_code == 200
    assert report.content.decode().count("verdict-created") == 2


def test_the_report_names_the_refused_file_and_why(client, alice, club):
    client.force_login(alice)
    response = _post(client, club, samples_zip(SELFPLAY))
    page = client.get(response["Location"]).content.decode()
    assert "Refused" in page and "No member of the club is named" in page


def test_a_zip_that_is_not_one_is_shown_on_the_form(client, alice, club):
    client.force_login(alice)
    response = _post(client, club, b"not a zip at all")
    assert response.status_code == 400 and "not a zip" in response.content.decode()
    assert not BulkUpload.objects.exists()


@override_settings(BULK_MAX_BYTES=1000)
def test_a_big_upload_is_refused_by_its_size(client, alice, club):
    client.force_login(alice)
    response = _post(client, club, b"x" * 200_000)
    assert response.status_code == 400 and "limit" in response.content.decode()
    assert not BulkUpload.objects.exists()


def test_a_running_report_reloads_itself(client, alice, club):
    upload = BulkUpload.objects.create(club=club, name="a.zip", total=3)
    client.force_login(alice)
    page = client.get(reverse("games:match-files-report", args=[upload.pk])).content.decode()
    assert 'http-equiv="refresh"' in page and "<progress" in page


def test_a_player_cannot_open_the_page(client, bob, club):
    client.force_login(bob)
    assert client.get(_page(club)).status_code == 403
    assert _post(client, club, samples_zip(SELFPLAY)).status_code == 403
    assert not BulkUpload.objects.exists()


def test_an_admin_of_another_club_cannot_read_a_report(client, alice, dave, club):
    upload = match_files_upload(club=club, data=samples_zip(SELFPLAY), filename="a.zip",
                                uploaded_by=alice)
    client.force_login(dave)
    assert client.get(reverse("games:match-files-report", args=[upload.pk])).status_code == 403
    assert client.get(_page(club)).status_code == 403


def test_the_report_costs_the_same_queries_whatever_its_rows(client, alice, club,
                                                             django_assert_max_num_queries):
    members(club, "charlot1", "charlot2")
    upload = match_files_upload(club=club, data=samples_zip(SELFPLAY, CHARLOT_MAT),
                                filename="a.zip", uploaded_by=alice, create=True)
    client.force_login(alice)
    # guards the N+1 of each row's record, its rules check and a created row's result
    with django_assert_max_num_queries(12):
        response = client.get(reverse("games:match-files-report", args=[upload.pk]))
    assert response.status_code == 200


def test_the_single_upload_page_links_admins_to_the_zip_page(client, alice, bob, club):
    client.force_login(alice)
    link = _page(club)
    assert link in client.get(reverse("games:match-upload", args=[club.slug])).content.decode()
    client.force_login(bob)
    assert link not in client.get(reverse("games:match-upload",
                                          args=[club.slug])).content.decode()
