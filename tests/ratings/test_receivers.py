"""The ratings hear of finished-match changes by their own receiver, after commit: results
sends ``finished_matches_changed``; the receiver only registers the mark-and-queue step with
``on_commit``, so a rolled-back change leaves the ratings alone."""

import pytest
from django.db import transaction

from ratings.models import RatingSettings
from ratings.receivers import finished_matches_changed_mark
from results.services import finished_match_record
from results.signals import finished_matches_changed

pytestmark = pytest.mark.django_db


def _pending(club) -> bool:
    row = RatingSettings.objects.filter(club=club).first()
    return row is not None and row.recompute_pending


def _result(w):
    return finished_match_record(club=w.club, source="league", source_id=99, player_a=w.ann,
                                 player_b=w.ben, length=5, winner=w.ben,
                                 finished_at=w.m1.finished_at, score_a=2, score_b=5)


def test_the_ratings_app_registers_the_receiver():
    uid = "ratings.finished_matches_changed"
    try:
        assert finished_matches_changed.disconnect(dispatch_uid=uid)  # False: not connected
    finally:
        finished_matches_changed.connect(finished_matches_changed_mark, dispatch_uid=uid)


def test_a_result_marks_the_ratings_only_once_it_commits(small_club,
                                                         django_capture_on_commit_callbacks):
    w = small_club
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        _result(w)
        assert not _pending(w.club)
    assert len(callbacks) == 1 and not _pending(w.club)
    with django_capture_on_commit_callbacks(execute=False) as queued:
        callbacks[0]()  # the commit: the mark, then the task once that commits
    assert _pending(w.club) and queued
    for callback in queued:
        callback()  # the task (eager in tests) recomputes and clears the mark
    assert not _pending(w.club)


def test_a_rolled_back_result_leaves_the_ratings_alone(small_club,
                                                      django_capture_on_commit_callbacks):
    w = small_club
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(RuntimeError), transaction.atomic():
            _result(w)
            raise RuntimeError("the writer fails after the result")
    assert callbacks == [] and not _pending(w.club)
