"""Two plays sent at the same moment give one accepted play: real threads, each with its own
connection and transaction. The action locks the match row (on PostgreSQL a row lock; on
SQLite the immediate transaction's write lock), so the second is judged on the board the
first one left."""

import pytest
from django.test import Client
from django.urls import reverse

from live.models import LiveAction
from tests.concurrency import race
from tests.live.conftest import act, start

pytestmark = pytest.mark.django_db(transaction=True)


def _post(user, match_id, **data):
    client = Client()
    client.force_login(user)  # signed in before the start: the two posts leave together
    url = reverse("live-action-api", args=[match_id])
    return lambda: client.post(url, data, content_type="application/json")


def test_two_plays_sent_at_once_give_one_accepted_play(club, joe, snow):
    match_id = start(club, joe.user, joe, snow)
    act(joe.user, match_id, action="roll", dice=[3, 1])
    outcomes = race(_post(joe.user, match_id, action="move", play="8/5 6/5"),
                    _post(joe.user, match_id, action="move", play="24/23 13/10"))
    assert sorted(o.status_code for o in outcomes) == [200, 400], outcomes
    refused = next(o for o in outcomes if o.status_code == 400).json()
    assert "turn" in refused["detail"] or "Roll" in refused["detail"]
    rows = list(LiveAction.objects.filter(match_id=match_id).values_list("seq", "kind"))
    assert rows == [(1, "roll"), (2, "move")]


def test_both_players_posting_the_opening_roll_at_once_give_one_opening(club, joe, snow):
    match_id = start(club, joe.user, joe, snow)
    outcomes = race(_post(joe.user, match_id, action="roll", dice=[5, 2]),
                    _post(snow.user, match_id, action="roll", dice=[6, 4]))
    assert sorted(o.status_code for o in outcomes) == [200, 400], outcomes
    assert LiveAction.objects.filter(match_id=match_id).count() == 1
