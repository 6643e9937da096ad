"""A zip of match files: each matched to a stored result, created, or refused with its reason."""

import datetime

import pytest

from games.models import BulkFile, MatchRecord, RulesCheck
from games.services.bulk import match_files_upload
from results.models import FinishedMatch
from tests.factories import sample_bytes

from .bulk_helpers import (
    CHARLOT_MAT,
    CHARLOT_SGF,
    SELFPLAY,
    members,
    samples_zip,
    stored_result,
    zip_of,
)

pytestmark = pytest.mark.django_db

NOV_8 = datetime.date(2025, 11, 8)


def _upload(club, data, *, create=False, user=None):
    return match_files_upload(club=club, data=data, filename="history.zip", uploaded_by=user,
                              create=create)


def _rows(upload):
    return {row.name: row for row in BulkFile.objects.filter(upload=upload)}


def test_a_file_is_matched_to_the_stored_result_by_players_date_and_score(club):
    one, two = members(club, "charlot1", "charlot2")
    result = stored_result(club, two, one, day=NOV_8, score_a=2, score_b=9)
    upload = _upload(club, samples_zip(CHARLOT_MAT))
    row = _rows(upload)[CHARLOT_MAT]
    assert row.verdict == BulkFile.Verdict.MATCHED
    assert row.finished_match == result
    assert row.match_record.finished_match == result
    assert row.match_record.is_evidence  # the result is the stored one, never a second
    assert upload.status == "done" and upload.done == upload.total == 1


def test_a_matched_file_goes_through_the_rules_check(club, django_capture_on_commit_callbacks):
    one, two = members(club, "charlot1", "charlot2")
    stored_result(club, one, two, day=NOV_8, score_a=9, score_b=2)
    with django_capture_on_commit_callbacks(execute=True):
        upload = _upload(club, samples_zip(CHARLOT_MAT))
    record = _rows(upload)[CHARLOT_MAT].match_record
    assert RulesCheck.objects.get(record=record).status == RulesCheck.Status.PASSED
    # the file is the evidence: the club's results still hold the one stored row
    assert FinishedMatch.objects.filter(club=club).count() == 1


def test_names_are_matched_ignoring_case_and_accents(club):
    left, right = members(club, "kevin unger nicolas harmand", "JOHAN HUYCK MICHAEL LARSEN")
    # XG's .mat: Event, Round and EventDate tags, the [Player 1] tag the right-hand column
    result = stored_result(club, right, left, day=datetime.date(2024, 8, 10), score_a=7,
                           score_b=1)
    upload = _upload(club, samples_zip(**{"aachen/round3.mat": "match1.txt"}))
    row = _rows(upload)["aachen/round3.mat"]
    assert row.verdict == BulkFile.Verdict.MATCHED, row.reason
    assert row.finished_match == result
    assert "Aachen Backgammon Festival, round 3" in row.reason


def test_a_different_score_does_not_match(club):
    one, two = members(club, "charlot1", "charlot2")
    stored_result(club, one, two, day=NOV_8, score_a=9, score_b=3)
    row = _rows(_upload(club, samples_zip(CHARLOT_MAT)))[CHARLOT_MAT]
    assert row.verdict == BulkFile.Verdict.REFUSED
    assert "No stored result matches" in row.reason
    assert not MatchRecord.objects.exists()


def test_another_day_does_not_match(club):
    one, two = members(club, "charlot1", "charlot2")
    stored_result(club, one, two, day=NOV_8 + datetime.timedelta(days=1), score_a=9, score_b=2)
    row = _rows(_upload(club, samples_zip(CHARLOT_MAT)))[CHARLOT_MAT]
    assert row.verdict == BulkFile.Verdict.REFUSED


def test_an_unmatched_file_creates_a_result_only_when_asked(club,
                                                            django_capture_on_commit_callbacks):
    members(club, "charlot1", "charlot2")
    with django_capture_on_commit_callbacks(execute=True):
        upload = _upload(club, samples_zip(CHARLOT_MAT), create=True)
    row = _rows(upload)[CHARLOT_MAT]
    assert row.verdict == BulkFile.Verdict.CREATED
    assert not row.match_record.is_evidence
    created = FinishedMatch.objects.get(source=FinishedMatch.Source.MATCH_RECORD,
                                        source_id=row.match_record.pk)
    assert created.finished_at.date() == NOV_8 and (created.score_a, created.score_b) == (9, 2)


def test_two_files_of_one_match_in_a_zip_file_it_once(club):
    members(club, "charlot1", "charlot2")
    rows = _rows(_upload(club, samples_zip(CHARLOT_MAT, CHARLOT_SGF), create=True))
    assert rows[CHARLOT_MAT].verdict == BulkFile.Verdict.CREATED
    assert rows[CHARLOT_SGF].verdict == BulkFile.Verdict.DUPLICATE
    assert CHARLOT_MAT in rows[CHARLOT_SGF].reason
    assert MatchRecord.objects.count() == 1


def test_a_file_already_stored_is_a_duplicate(club):
    members(club, "charlot1", "charlot2")
    _upload(club, samples_zip(SELFPLAY), create=True)
    rows = _rows(_upload(club, samples_zip(SELFPLAY), create=True))
    assert rows[SELFPLAY].verdict == BulkFile.Verdict.DUPLICATE
    assert rows[SELFPLAY].match_record is not None
    assert MatchRecord.objects.count() == 1


def test_a_stored_result_takes_one_file(club):
    one, two = members(club, "charlot1", "charlot2")
    stored_result(club, one, two, day=NOV_8, score_a=9, score_b=2)
    _upload(club, samples_zip(CHARLOT_MAT))
    rows = _rows(_upload(club, samples_zip(CHARLOT_SGF)))
    assert rows[CHARLOT_SGF].verdict == BulkFile.Verdict.REFUSED  # its result has its file


def test_an_unknown_player_is_refused_by_name(club):
    members(club, "charlot1")
    row = _rows(_upload(club, samples_zip(CHARLOT_MAT), create=True))[CHARLOT_MAT]
    assert row.verdict == BulkFile.Verdict.REFUSED
    assert "charlot2" in row.reason
    assert not MatchRecord.objects.exists()


def test_two_members_of_one_name_are_refused_as_ambiguous(club):
    members(club, "charlot1", "Charlot2", "CHARLOT2")
    row = _rows(_upload(club, samples_zip(CHARLOT_MAT), create=True))[CHARLOT_MAT]
    assert row.verdict == BulkFile.Verdict.REFUSED and "2 members" in row.reason


def test_members_of_another_club_are_not_matched(club, other_club):
    members(other_club, "charlot1", "charlot2")
    row = _rows(_upload(club, samples_zip(CHARLOT_MAT), create=True))[CHARLOT_MAT]
    assert row.verdict == BulkFile.Verdict.REFUSED


def test_a_file_without_a_date_is_refused(club):
    members(club, "JoeBlack", "SnowWhite")
    row = _rows(_upload(club, samples_zip("7point.mat"), create=True))["7point.mat"]
    assert row.verdict == BulkFile.Verdict.REFUSED and "date" in row.reason


def test_one_refused_file_leaves_the_others_filed(club):
    members(club, "charlot1", "charlot2")
    data = zip_of({"good.mat": sample_bytes(SELFPLAY), "bad.mat": b"7 point match\n\nnonsense\n"})
    rows = _rows(_upload(club, data, create=True))
    assert rows["good.mat"].verdict == BulkFile.Verdict.CREATED
    assert rows["bad.mat"].verdict == BulkFile.Verdict.REFUSED


def test_a_run_stopped_midway_resumes_after_the_last_file_reported(club):
    from games.models import BulkUpload
    from games.services.bulk import match_files_run

    members(club, "charlot1", "charlot2")
    upload = BulkUpload.objects.create(
        club=club, name="a.zip", create=True, total=2, done=1,
        status=BulkUpload.Status.RUNNING, data=samples_zip(CHARLOT_MAT, SELFPLAY))
    BulkFile.objects.create(upload=upload, index=0, name=CHARLOT_MAT, verdict="refused",
                            reason="read before the worker stopped")
    match_files_run(upload_id=upload.pk)
    upload.refresh_from_db()
    assert upload.status == "done" and upload.done == 2
    assert _rows(upload)[CHARLOT_MAT].reason == "read before the worker stopped"
    assert _rows(upload)[SELFPLAY].verdict == BulkFile.Verdict.CREATED
    assert MatchRecord.objects.count() == 1
    assert match_files_run(upload_id=upload.pk) is None  # done: a redelivery does nothing


def test_a_filed_record_whose_check_passed_goes_into_the_analysis_queue(
        club, settings, monkeypatch, django_capture_on_commit_callbacks):
    from analysis import tasks as analysis_tasks

    settings.ANALYSIS_AFTER_CHECK = True
    sent = []
    monkeypatch.setattr(analysis_tasks.analysis_for_record_task, "delay", sent.append)
    one, two = members(club, "charlot1", "charlot2")
    stored_result(club, one, two, day=NOV_8, score_a=9, score_b=2)
    with django_capture_on_commit_callbacks(execute=True):
        upload = _upload(club, samples_zip(CHARLOT_MAT))
    assert sent == [_rows(upload)[CHARLOT_MAT].match_record.pk]
