"""An action carries the version of the match it was decided on: a late duplicate (the same
roll sent twice from one device, a board that had not heard the last change) is refused
with 409 and changes nothing, through the API and through the board's forms. An action
without a version (a script) applies to the match as it is."""

import pytest
from django.test import Client
from django.urls import reverse

from live.models import LiveAction
from tests.live.conftest import act, start, state

pytestmark = pytest.mark.django_db


def _to_joes_roll(club, joe, snow) -> int:
    """One device (Joe's tablet): Snow won the opening 4-2 and played it; Joe is to roll."""
    match_id = start(club, joe.user, joe, snow, one_device=True)
    assert act(joe.user, match_id, action="roll", dice=[4, 2], player=snow.pk).status_code \
        == 200
    assert act(joe.user, match_id, action="move", play="8/4 6/4").status_code == 200
    return match_id


def test_a_late_duplicate_roll_is_refused_with_409_and_changes_nothing(club, joe, snow):
    match_id = _to_joes_roll(club, joe, snow)
    version = state(joe.user, match_id)["version"]
    first = act(joe.user, match_id, action="roll", dice=[4, 2], version=version)
    assert first.status_code == 200, first.json()
    after = state(joe.user, match_id)
    again = act(joe.user, match_id, action="roll", dice=[4, 2], version=version)
    assert again.status_code == 409
    assert "changed since" in again.json()["detail"]
    assert state(joe.user, match_id) == after
    assert LiveAction.objects.filter(match_id=match_id).count() == after["version"] == 3


def test_the_current_version_and_no_version_both_apply(club, joe, snow):
    match_id = _to_joes_roll(club, joe, snow)
    version = state(joe.user, match_id)["version"]
    assert act(joe.user, match_id, action="roll", dice=[3, 1],
               version=version).status_code == 200
    assert act(joe.user, match_id, action="move", play="8/5 6/5").status_code == 200


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_board_sends_its_version_and_a_stale_one_is_a_409_for_its_script(club, joe, snow):
    match_id = _to_joes_roll(club, joe, snow)
    page = _client(joe.user).get(reverse("live:board", args=[match_id])).content.decode()
    assert '<input type="hidden" name="version" value="2">' in page
    url = reverse("live:act", args=[match_id])
    form = {"action": "roll", "d1": "4", "d2": "2", "version": "2"}
    json = {"HTTP_ACCEPT": "application/json"}
    assert _client(joe.user).post(url, form, **json).status_code == 200
    late = _client(joe.user).post(url, form, **json)
    assert late.status_code == 409 and late.json()["stale"] is True
    assert "changed since" in late.json()["message"]
    assert LiveAction.objects.filter(match_id=match_id).count() == 3


def test_a_stale_form_without_a_script_is_a_message_on_the_board(club, joe, snow):
    match_id = _to_joes_roll(club, joe, snow)
    client = _client(joe.user)
    url = reverse("live:act", args=[match_id])
    client.post(url, {"action": "roll", "d1": "4", "d2": "2", "version": "2"})
    response = client.post(url, {"action": "roll", "d1": "4", "d2": "2", "version": "2"},
                           follow=True)
    assert "The match has changed since" in response.content.decode()
    assert LiveAction.objects.filter(match_id=match_id).count() == 3
