"""Bad files get a clear answer and change nothing: a file that is not what its name says,
missing columns (named), too large (refused before it is read), a zip bomb."""

import io
import zipfile

import pytest
import tablib
from django.core.files.uploadedfile import SimpleUploadedFile

from imports.models import Import
from results.models import FinishedMatch
from tests.factories import MembershipFactory, PlayerFactory

from .helpers import RESULT_COLUMNS, csv_bytes, upload

pytestmark = pytest.mark.django_db

ROWS = [["2019-03-01", "John Smith", "Ann Lee", 5, 5, 2, "Cup", "tournament", "yes"]]


@pytest.fixture
def admin(client, alice, club):
    for name in ("John Smith", "Ann Lee"):
        MembershipFactory(club=club, player=PlayerFactory(name=name))
    client.force_login(alice)
    return client


def _sheet(file_format: str) -> bytes:
    data = tablib.Dataset(headers=RESULT_COLUMNS)
    for row in ROWS:
        data.append(row)
    return data.export(file_format)


@pytest.mark.parametrize("file_format", ["xlsx", "ods"])
def test_a_spreadsheet_is_read_like_a_csv(admin, file_format):
    body = upload(admin, "riverside", _sheet(file_format), name=f"h.{file_format}").json()
    assert body["status"] == "ready", body
    assert body["rows"][0]["data"]["date"] == "2019-03-01"
    assert body["rows"][0]["verdict"] == "new"


def test_a_csv_named_xlsx_is_refused(admin):
    answer = upload(admin, "riverside", csv_bytes(ROWS), name="history.xlsx")
    assert answer.status_code == 400
    assert "is not an XLSX spreadsheet" in answer.json()["detail"]
    assert not Import.objects.exists()


def test_an_xlsx_named_csv_is_refused(admin):
    answer = upload(admin, "riverside", _sheet("xlsx"), name="history.csv")
    assert answer.status_code == 400
    assert "not a CSV" in answer.json()["detail"]


def test_an_ods_named_xlsx_is_refused(admin):
    answer = upload(admin, "riverside", _sheet("ods"), name="history.xlsx")
    assert answer.status_code == 400


def test_an_unknown_kind_of_file_is_refused(admin):
    answer = upload(admin, "riverside", b"hello", name="history.txt")
    assert answer.status_code == 400
    assert "CSV, XLSX or ODS" in answer.json()["detail"]


def test_missing_columns_are_named(admin):
    data = csv_bytes([["2019-03-01", "John Smith", "Ann Lee", 5]],
                     columns=["Date", "PLAYER", "opponent", "length"])
    answer = upload(admin, "riverside", data)
    assert answer.status_code == 400
    detail = answer.json()["detail"]
    assert "score_player, score_opponent, event, kind, rated" in detail
    assert "date" not in detail.split("column")[1].split("(")[0]
    assert not Import.objects.exists()


def test_a_file_over_the_limit_is_refused_by_size(admin, settings):
    settings.IMPORT_MAX_BYTES = 100
    answer = upload(admin, "riverside", csv_bytes(ROWS * 5))
    assert answer.status_code == 400
    assert "at most 100 bytes" in answer.json()["detail"]
    assert not Import.objects.exists()


def test_a_100_mb_upload_is_refused_before_its_body_is_read(admin):
    answer = admin.post("/api/clubs/riverside/imports/",
                        {"file": SimpleUploadedFile("h.csv", csv_bytes(ROWS)),
                         "kind": "results"}, CONTENT_LENGTH=str(100 * 1024 * 1024))
    assert answer.status_code == 400
    assert "104857600 bytes" in answer.json()["detail"]
    assert not Import.objects.exists()


def test_a_zip_bomb_is_refused_by_its_unpacked_size(admin, settings):
    settings.IMPORT_MAX_UNZIPPED_BYTES = 1_000_000
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("xl/workbook.xml", "<workbook/>")
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * 5_000_000)
    data = out.getvalue()
    assert len(data) < 20_000
    answer = upload(admin, "riverside", data, name="bomb.xlsx")
    assert answer.status_code == 400
    assert "unpacks to" in answer.json()["detail"]
    assert not Import.objects.exists()


def test_a_broken_xlsx_is_refused(admin):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("xl/workbook.xml", "not xml")
    answer = upload(admin, "riverside", out.getvalue(), name="broken.xlsx")
    assert answer.status_code == 400
    assert not Import.objects.exists() and not FinishedMatch.objects.exists()


def test_a_csv_not_in_utf8_is_refused(admin):
    answer = upload(admin, "riverside", csv_bytes(ROWS).replace(b"John", b"J\xf6hn"))
    assert answer.status_code == 400
    assert "UTF-8" in answer.json()["detail"]


def test_an_unknown_kind_of_import_is_refused(admin):
    answer = upload(admin, "riverside", csv_bytes(ROWS), kind="ratings")
    assert answer.status_code == 400


def test_a_100_mb_upload_is_refused_before_the_csrf_check_reads_it(alice, club):
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    body = {"file": SimpleUploadedFile("h.csv", csv_bytes(ROWS)), "kind": "results"}
    api = browser.post("/api/clubs/riverside/imports/", body,
                       CONTENT_LENGTH=str(100 * 1024 * 1024))
    assert api.status_code == 400 and "104857600 bytes" in api.json()["detail"]
    body["file"].seek(0)
    page = browser.post("/clubs/riverside/manage/imports/", body,
                        CONTENT_LENGTH=str(100 * 1024 * 1024))
    assert page.status_code == 400 and "104857600 bytes" in page.content.decode()
    assert not Import.objects.exists()


def test_the_upload_page_still_asks_for_its_csrf_token(alice, club):
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    page = browser.post("/clubs/riverside/manage/imports/",
                        {"file": SimpleUploadedFile("h.csv", csv_bytes(ROWS)),
                         "kind": "results"})
    assert page.status_code == 403
    assert not Import.objects.exists()
