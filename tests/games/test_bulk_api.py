"""The API of a zip of match files: upload (club admins), the report, its gate and bad input."""

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings

from games.models import BulkUpload, MatchRecord
from games.services.bulk import match_files_upload

from .bulk_helpers import CHARLOT_MAT, SELFPLAY, members, samples_zip, stored_result

pytestmark = pytest.mark.django_db

URL = "/api/clubs/riverside/match-files/"


def _post(client, data, **fields):
    return client.post(URL, {"file": SimpleUploadedFile("history.zip", data), **fields})


def test_an_admin_uploads_a_zip_and_reads_its_report(client, alice, club):
    one, two = members(club, "charlot1", "charlot2")
    result = stored_result(club, one, two, day=datetime.date(2025, 11, 8), score_a=9, score_b=2)
    client.force_login(alice)
    response = _post(client, samples_zip(CHARLOT_MAT, SELFPLAY))
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["status"] == "done"
    files = {row["name"]: row for row in body["files"]}
    assert files[CHARLOT_MAT]["verdict"] == "matched"
    assert files[CHARLOT_MAT]["finished_match"] == result.pk
    assert files[CHARLOT_MAT]["match_record"] == MatchRecord.objects.get().pk
    assert files[SELFPLAY]["verdict"] == "refused" and files[SELFPLAY]["reason"]
    again = client.get(response["Location"])
    assert again.status_code == 200 and again.json() == body


def test_create_true_creates_the_unmatched(client, alice, club):
    members(club, "charlot1", "charlot2")
    client.force_login(alice)
    body = _post(client, samples_zip(SELFPLAY), create="true").json()
    assert body["files"][0]["verdict"] == "created"


@override_settings(BULK_INLINE_MAX_FILES=1)
def test_a_big_zip_goes_to_the_worker_with_its_progress(client, alice, club,
                                                        django_capture_on_commit_callbacks):
    members(club, "charlot1", "charlot2")
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=False) as sent:
        response = _post(client, samples_zip(CHARLOT_MAT, SELFPLAY), create="true")
    assert response.status_code == 202
    assert response.json()["status"] == "queued" and response.json()["progress"] == 0
    for callback in sent:  # the worker (eager in tests) reads it
        callback()
    body = client.get(response["Location"]).json()
    assert body["status"] == "done" and body["progress"] == 100
    assert [row["verdict"] for row in body["files"]] == ["created", "created"]


def test_a_player_of_the_club_cannot_upload(client, bob, club):
    client.force_login(bob)
    assert _post(client, samples_zip(SELFPLAY)).status_code == 403
    assert not BulkUpload.objects.exists()


def test_an_admin_of_another_club_can_neither_upload_nor_read(client, dave, alice, club):
    members(club, "charlot1", "charlot2")
    upload = match_files_upload(club=club, data=samples_zip(SELFPLAY), filename="a.zip",
                                uploaded_by=alice, create=True)
    client.force_login(dave)
    assert _post(client, samples_zip(SELFPLAY), create="true").status_code == 403
    assert client.get(f"/api/match-files/{upload.pk}/").status_code == 403
    assert BulkUpload.objects.count() == 1 and MatchRecord.objects.count() == 1


def test_an_anonymous_visitor_is_refused(client, club):
    assert _post(client, samples_zip(SELFPLAY)).status_code in (401, 403)


@override_settings(BULK_MAX_BYTES=1000)
def test_an_upload_over_the_limit_is_refused_by_its_size(client, alice, club):
    client.force_login(alice)
    response = _post(client, b"x" * 200_000)
    assert response.status_code == 400
    assert "limit" in response.json()["detail"]
    assert not BulkUpload.objects.exists()


def test_a_file_that_is_not_a_zip_is_refused(client, alice, club):
    client.force_login(alice)
    response = _post(client, b"7 point match\n")
    assert response.status_code == 400 and "not a zip" in response.json()["detail"]
    assert not BulkUpload.objects.exists()


def test_the_report_of_an_unknown_upload_is_404(client, alice):
    client.force_login(alice)
    assert client.get("/api/match-files/999999/").status_code == 404


def test_a_queued_upload_whose_message_was_lost_is_sent_again(alice, club):
    import datetime as dt

    from django.utils import timezone

    from games.services.bulk import match_files_requeue
    from games.tasks import match_files_requeue_task

    members(club, "charlot1", "charlot2")
    lost = BulkUpload.objects.create(club=club, name="lost.zip", total=1, create=True,
                                     data=samples_zip(SELFPLAY))
    assert match_files_requeue() == []  # just queued: its message may still be on its way
    BulkUpload.objects.filter(pk=lost.pk).update(
        created_at=timezone.now() - dt.timedelta(minutes=5))
    assert match_files_requeue() == [lost.pk]
    match_files_requeue_task()  # eager: the worker runs it
    lost.refresh_from_db()
    assert lost.status == "done" and lost.files.get().verdict == "created"
    assert lost.data in (b"", memoryview(b"")) or bytes(lost.data) == b""
