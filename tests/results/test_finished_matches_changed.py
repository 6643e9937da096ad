"""``results.signals.finished_matches_changed``: every change to a club's finished matches
is announced, inside the writer's transaction, with the first place in the finishing order
that changed. The results app names no receiver (the apps above register theirs)."""

import datetime

import pytest

from results.models import FinishedMatch
from results.services import finished_match_record, finished_match_void
from results.signals import finished_matches_changed
from tests.factories import MembershipFactory

pytestmark = pytest.mark.django_db

UTC = datetime.UTC
EARLY = datetime.datetime(2026, 3, 1, 20, tzinfo=UTC)
LATE = datetime.datetime(2026, 3, 8, 20, tzinfo=UTC)


@pytest.fixture
def heard():
    calls = []

    def listen(sender, **kwargs):
        kwargs.pop("signal")
        # the organiser club's place (the federation and the players' clubs: tests of
        # their own, tests/federations)
        calls.append((sender, {key: kwargs[key] for key in ("club_id", "at", "match_id")}))

    finished_matches_changed.connect(listen, dispatch_uid="test-listener")
    yield calls
    finished_matches_changed.disconnect(dispatch_uid="test-listener")


def _record(club, alice, bob, *, when=LATE, winner=None, source_id=1):
    return finished_match_record(club=club, source="league", source_id=source_id,
                                 player_a=alice.player, player_b=bob.player, length=5,
                                 winner=winner or alice.player, finished_at=when,
                                 score_a=5, score_b=2)


def test_a_new_finished_match_is_announced_from_its_own_place(heard, club, alice, bob):
    row = _record(club, alice, bob)
    assert heard == [(FinishedMatch, {"club_id": club.pk, "at": LATE, "match_id": row.pk})]


def test_a_correction_to_an_earlier_time_is_announced_from_the_earlier_place(
        heard, club, alice, bob):
    row = _record(club, alice, bob)
    heard.clear()
    _record(club, alice, bob, when=EARLY, winner=bob.player)
    assert heard == [(FinishedMatch, {"club_id": club.pk, "at": EARLY, "match_id": row.pk})]


def test_a_match_moved_to_another_club_is_announced_in_both(heard, club, other_club, alice,
                                                             bob):
    row = _record(club, alice, bob)
    for persona in (alice, bob):
        MembershipFactory(club=other_club, player=persona.player)
    heard.clear()
    _record(other_club, alice, bob)
    assert [kwargs["club_id"] for _, kwargs in heard] == [club.pk, other_club.pk]
    assert {kwargs["match_id"] for _, kwargs in heard} == {row.pk}


def test_a_voided_match_is_announced_and_voiding_it_again_is_not(heard, club, alice, bob):
    row = _record(club, alice, bob)
    heard.clear()
    finished_match_void(source="league", source_id=1)
    finished_match_void(source="league", source_id=1)
    assert heard == [(FinishedMatch, {"club_id": club.pk, "at": LATE, "match_id": row.pk})]


def test_the_announcement_comes_inside_the_transaction(heard, club, alice, bob,
                                                       django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        _record(club, alice, bob)
        assert len(heard) == 1  # before any commit: the receivers choose to wait for it
