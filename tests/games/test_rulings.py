"""Rulings: only referees rule, a reason is required, every ruling is audited, and the
standing result changes only through a ruling."""

import pytest
from django.core.exceptions import PermissionDenied

from games.models import Ruling
from games.services.rules_check import rules_check_run
from games.services.rules_check_queue import rules_check_restart
from games.services.rulings import RulingError, ruling_record
from tests.factories import checked_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def record(club):
    return checked_record(club)


def test_referee_voids_a_game_and_the_standing_result_follows(record, carol):
    game = record.games.get(number=1)
    before = (record.score_left, record.score_right)
    ruling = ruling_record(record=record, referee=carol, kind=Ruling.Kind.VOID,
                           reason="Illegal play called in time", game_number=1)
    record.refresh_from_db()
    side = game.winner
    expected = list(before)
    expected[side] -= game.points
    assert [record.score_left, record.score_right] == expected
    assert ruling.before["score"] == list(before) and ruling.after["void"] is True
    assert ruling.referee == carol and ruling.reason


def test_correction_changes_the_game_and_the_score(record, carol):
    ruling_record(record=record, referee=carol, kind=Ruling.Kind.CORRECT,
                  reason="Scoresheet shows a gammon", game_number=1, winner=0, points=2)
    game = record.games.get(number=1)
    assert (game.winner, game.points) == (0, 2)


def test_the_play_stands_keeps_the_result(record, carol):
    violation = record.rules_check.violations.first()
    before = (record.score_left, record.score_right)
    ruling_record(record=record, referee=carol, kind=Ruling.Kind.STANDS,
                  reason="Not called before the next roll", violation=violation)
    record.refresh_from_db()
    assert (record.score_left, record.score_right) == before
    assert violation.rulings.count() == 1


def test_a_reason_is_required(record, carol):
    with pytest.raises(RulingError, match="reason"):
        ruling_record(record=record, referee=carol, kind=Ruling.Kind.VOID, reason="  ",
                      game_number=1)
    assert not Ruling.objects.exists()


@pytest.mark.parametrize("persona", ["bob", "dave"])
def test_only_this_clubs_referees_may_rule(record, request, persona):
    with pytest.raises(PermissionDenied):
        ruling_record(record=record, referee=request.getfixturevalue(persona),
                      kind=Ruling.Kind.VOID, reason="x", game_number=1)


def test_a_recheck_does_not_undo_a_ruling(record, carol):
    ruling_record(record=record, referee=carol, kind=Ruling.Kind.VOID, reason="void",
                  game_number=1)
    record.refresh_from_db()
    ruled = (record.score_left, record.score_right)
    rules_check_restart(record=record)
    rules_check_run(check_id=record.rules_check.pk)
    record.refresh_from_db()
    assert (record.score_left, record.score_right) == ruled


def test_a_correction_that_takes_both_players_to_the_length_leaves_no_winner(record, carol):
    """The standing result follows the engine's MatchScore: a final score has exactly one
    player at or past the length, so a corrected game that takes the loser past it too
    leaves the match without a winner (the referee has more to rule)."""
    assert record.winner is not None
    winner, length = record.winner, record.match_length
    game = record.games.filter(winner=1 - winner).order_by("number").first()
    ruling_record(record=record, referee=carol, kind=Ruling.Kind.CORRECT, reason="Misread",
                  game_number=game.number, winner=1 - winner, points=2 * length)
    record.refresh_from_db()
    assert min(record.score_left, record.score_right) >= length
    assert record.winner is None
