"""The recompute running (a worker) while results are committed (web requests), on real
connections: every result reaches the ratings and nothing fails with a lock error.

Celery is eager in tests, so each result's after-commit hook runs the recompute in its own
thread too: two recomputes and a result write can meet.

On SQLite the threads' transactions begin IMMEDIATE: ``results.services`` reads before it
writes, and a deferred SQLite transaction that does so fails at once ("database is locked")
when another transaction commits in between, whoever that is. The ratings' own transactions
write first (``rating_settings_lock``), so they need no such help.
"""

import datetime
import threading

import pytest
from django.db import connection

from ratings.models import Rating, RatingChange, RatingSettings
from ratings.services.recompute import BEGINNING
from ratings.services.updates import ratings_recompute_request
from results.services import finished_match_record
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 8


def _in_thread(work, errors):
    def run():
        try:
            work()
        except Exception as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)
        finally:
            connection.close()

    return threading.Thread(target=run)


@pytest.fixture
def immediate_on_sqlite(monkeypatch):
    from django.db import connections

    if connection.vendor == "sqlite":
        options = connections.databases["default"].setdefault("OPTIONS", {})
        monkeypatch.setitem(options, "transaction_mode", "IMMEDIATE")


def test_results_and_recomputes_at_the_same_time_all_reach_the_ratings(immediate_on_sqlite):
    club = ClubFactory(slug="together")
    a, b = PlayerFactory(name="Ann"), PlayerFactory(name="Ben")
    for player in (a, b):
        MembershipFactory(club=club, player=player)
    barrier, errors = threading.Barrier(2), []

    def results():
        for n in range(ROUNDS):
            barrier.wait(timeout=30)
            finished_match_record(
                club=club, source="league", source_id=n, player_a=a, player_b=b, length=3,
                winner=a, score_a=3, score_b=1,
                finished_at=datetime.datetime(2026, 5, 1, 20, n, tzinfo=datetime.UTC))

    def recomputes():
        for _ in range(ROUNDS):
            barrier.wait(timeout=30)
            ratings_recompute_request(club_id=club.pk, from_at=BEGINNING[0],
                                      from_match_id=BEGINNING[1])

    threads = [_in_thread(results, errors), _in_thread(recomputes, errors)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert not RatingSettings.objects.get(club=club).recompute_pending
    assert RatingChange.objects.filter(pool__club=club).count() == 2 * ROUNDS
    assert sorted(Rating.objects.filter(pool__club=club).values_list("experience", flat=True)) == \
        [3 * ROUNDS] * 2
