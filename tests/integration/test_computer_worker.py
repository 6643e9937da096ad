"""The computer's turn in a practice match travels through the real broker, on its own
queue, to a worker process running gnubg, which plays it through the live services."""

import pytest

from live import selectors, services
from live.models import LiveAction, LiveMatch
from tests.factories import member

from .conftest import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
pytest.importorskip("gnubg")


def _turn(match_id: int):
    match = LiveMatch.objects.select_related("club", "player_a", "player_b").get(pk=match_id)
    return selectors.live_match_play(match=match).turn()


def test_the_worker_plays_the_computers_turn(celery_worker_process, club):
    joe = member(club, "JoeBlack")
    match = services.live_match_create(club=club, by=joe.user, player_a=joe, player_b=None,
                                       length=3, level="expert")
    while _turn(match.pk) != 1:  # the player rolls and plays until the computer is to act
        played = selectors.live_match_play(match=LiveMatch.objects.get(pk=match.pk))
        legal = played.legal_plays()
        services.live_action_apply(match_id=match.pk, by=joe.user,
                                   action="move" if legal else "roll",
                                   play=legal[0] if legal else "")
    wait_for(lambda: _turn(match.pk) != 1, timeout=120)
    computer = LiveAction.objects.filter(match=match, by=None, side=1)
    assert computer.filter(kind="move").exists() or computer.filter(kind="double").exists()
