"""Bad zips and bad files in them: a clear answer, and nothing stored that should not be."""

import zipfile

import pytest
from django.test import override_settings

from games.models import BulkFile, BulkUpload, MatchRecord
from games.services.bulk import MatchFilesError, match_files_upload
from tests.factories import sample_bytes

from .bulk_helpers import CHARLOT_MAT, CHARLOT_SGF, SELFPLAY, members, zip_of

pytestmark = pytest.mark.django_db


def _upload(club, data, create=True):
    return match_files_upload(club=club, data=data, filename="history.zip", uploaded_by=None,
                              create=create)


def _row(upload, name):
    return BulkFile.objects.get(upload=upload, name=name)


def _never_opened(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a member of the zip was read")

    monkeypatch.setattr(zipfile.ZipFile, "open", refuse)


@override_settings(BULK_MAX_UNCOMPRESSED_BYTES=1_000_000)
def test_a_zip_bomb_is_refused_from_its_directory_before_a_file_is_read(club, monkeypatch):
    bomb = zip_of({"a.mat": b"\0" * 5_000_000})  # 5 MB of zeros, a few KB packed
    assert len(bomb) < 50_000
    _never_opened(monkeypatch)
    with pytest.raises(MatchFilesError, match="would unpack to 5,000,000 bytes"):
        _upload(club, bomb)
    assert not BulkUpload.objects.exists()


@override_settings(BULK_MAX_FILES=3)
def test_a_zip_of_too_many_files_is_refused(club, monkeypatch):
    many = zip_of({f"{n}.mat": b"" for n in range(4)})
    _never_opened(monkeypatch)
    with pytest.raises(MatchFilesError, match="4 files; the limit is 3"):
        _upload(club, many)


@override_settings(BULK_MAX_BYTES=10_000)
def test_a_zip_over_the_size_limit_is_refused(club):
    with pytest.raises(MatchFilesError, match="limit is 10,000 bytes"):
        _upload(club, zip_of({"a.mat": sample_bytes(CHARLOT_SGF)}, zipfile.ZIP_STORED))
    assert not BulkUpload.objects.exists()


@pytest.mark.parametrize("data", [b"", b"PK\x03\x04 broken", b"7 point match\n"])
def test_something_that_is_not_a_zip_is_refused(club, data):
    with pytest.raises(MatchFilesError, match="not a zip"):
        _upload(club, data)


def test_an_empty_zip_is_refused(club):
    with pytest.raises(MatchFilesError, match="no files"):
        _upload(club, zip_of({"__MACOSX/._a.mat": b"x", "dir/.DS_Store": b"x"}))


def test_an_unreadable_match_file_is_refused_with_its_line_and_why(club):
    members(club, "charlot1", "charlot2")
    text = sample_bytes(SELFPLAY).decode().splitlines(keepends=True)
    text[5] = " 1) 99: 24/12 13/1\n"  # a die of 9 on line 6
    upload = _upload(club, zip_of({"broken.mat": "".join(text).encode()}))
    row = _row(upload, "broken.mat")
    assert row.verdict == "refused"
    assert "line 6" in row.reason, row.reason
    assert not MatchRecord.objects.exists()


@pytest.mark.parametrize("name, data, reason", [
    ("notes.docx", b"PK\x03\x04 a document", "only .mat, .txt and .sgf"),
    ("picture.mat", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "line"),
    ("match.sgf", b"7 point match\n\n Game 1\n", "named .sgf but is not an SGF file"),
])
def test_a_file_that_is_not_what_its_name_says_is_refused(club, name, data, reason):
    upload = _upload(club, zip_of({name: data}))
    row = _row(upload, name)
    assert row.verdict == "refused" and reason in row.reason, row.reason


def test_an_sgf_file_named_mat_is_refused(club):
    members(club, "charlot1", "charlot2")
    upload = _upload(club, zip_of({"game.mat": sample_bytes(CHARLOT_SGF)}))
    assert "named .mat but is an SGF file" in _row(upload, "game.mat").reason


@override_settings(MATCH_UPLOAD_MAX_BYTES=10_000)
def test_a_file_over_a_match_files_limit_is_refused_unread(club):
    members(club, "charlot1", "charlot2")
    upload = _upload(club, zip_of({"big.sgf": sample_bytes(CHARLOT_SGF),
                                   "small.mat": sample_bytes(CHARLOT_MAT)}))
    assert "the limit is 10,000 bytes" in _row(upload, "big.sgf").reason
    assert _row(upload, "small.mat").verdict == "created"


def test_a_money_session_is_refused(club):
    members(club, "Fox", "Bluepoint02")
    upload = _upload(club, zip_of({"money.mat": sample_bytes("B4_SrGcsKAQmoTyHlgJCbM.mat")}))
    assert "money session" in _row(upload, "money.mat").reason


def test_an_unfinished_match_is_refused(club):
    members(club, "charlot1", "charlot2")
    text = sample_bytes(SELFPLAY).decode()
    cut = text[: text.index(" Game 3")]  # two games of a 7-point match
    upload = _upload(club, zip_of({"cut.mat": cut.encode()}))
    assert "not finished" in _row(upload, "cut.mat").reason


def test_a_fault_on_one_file_is_said_on_its_row_and_the_others_go_on(club, monkeypatch):
    from games.services import bulk

    members(club, "charlot1", "charlot2")
    real = bulk._file_result

    def faulty(parsed):
        if parsed.match_length == 1:
            raise ZeroDivisionError("a bug")
        return real(parsed)

    monkeypatch.setattr(bulk, "_file_result", faulty)
    upload = _upload(club, zip_of({"one.mat": sample_bytes("gnubg_roll_then_resign_1p.mat"),
                                   "two.mat": sample_bytes(SELFPLAY)}))
    assert "error on our side" in _row(upload, "one.mat").reason
    assert _row(upload, "two.mat").verdict == "created"
    assert upload.status == "done" and MatchRecord.objects.count() == 1
