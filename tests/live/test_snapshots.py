"""Live's process cache is shared by the threads of one process (ASGI): a reader renders a
published snapshot that no action changes; an action is applied to a copy and its result
published under the new version."""

import pytest

from live import selectors
from live.models import LiveMatch
from live.services import live_action_apply
from tests.live.conftest import act, start

pytestmark = pytest.mark.django_db


def _match(club, joe, snow) -> LiveMatch:
    match_id = start(club, joe.user, joe, snow, one_device=True)
    assert act(joe.user, match_id, action="roll", dice=[4, 2], player=snow.pk).status_code \
        == 200
    return LiveMatch.objects.get(pk=match_id)


def test_a_reader_s_snapshot_is_not_changed_by_an_action_applied_meanwhile(club, joe, snow):
    match = _match(club, joe, snow)
    seen = selectors.live_match_play(match=match)  # a reader, rendering it on one thread
    position, text = seen.position_id(), seen.match_text()
    live_action_apply(match_id=match.pk, by=joe.user, action="move", play="8/4 6/4")
    assert (seen.position_id(), seen.match_text()) == (position, text)
    match.refresh_from_db()
    assert selectors.live_match_play(match=match).position_id() != position


def test_a_published_snapshot_refuses_every_action(club, joe, snow):
    from live.core import Action

    seen = selectors.live_match_play(match=_match(club, joe, snow))
    assert seen.published
    with pytest.raises(RuntimeError, match="snapshot"):
        seen.apply(Action("move", 0, None, "8/4 6/4"))
    mine = seen.copy()
    assert not mine.published and mine.position_id() == seen.position_id()
    # The game being played is the copy's own (finished games' sheets are only shared).
    assert mine.sheets is not seen.sheets and mine.sheet is not seen.sheet
    assert mine.sheet.game is not seen.sheet.game and mine.sheet.events is not seen.sheet.events
    mine.apply(Action("move", mine.turn(), None, "8/4 6/4"))
    assert seen.sheet.events != mine.sheet.events
