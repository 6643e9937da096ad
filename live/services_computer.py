"""The computer's turn in a practice match (run by a worker: gnubg is not thread-safe).

GNU Backgammon only chooses; the choice is sent through ``live_action_apply`` like a
player's (actor None), so the engine checks the computer's play, double, take or answer
exactly as it checks a person's. The computer decides on one version of the match and its
action is refused if the match moved meanwhile; it then looks again. A redelivered task
finds that it is not the computer's turn and does nothing.

What the computer does: doubles when gnubg's cube analysis says double (not when too good),
takes when taking costs the doubler more than a pass (and a double that cannot change the
match, the cube already worth it), takes a beaver (the doubler may not
refuse it), never beavers, never resigns, and accepts a resignation worth at least its
cubeless equity. Its level sets gnubg's plies and noise for all of these.
"""

import logging

from analysis import gnubg_player
from games.engine import Phase
from games.engine.scoring import MatchId
from live import selectors
from live.core import LiveMatchPlay
from live.models import LiveMatch
from live.services import COMPUTER_SIDE, LiveError, live_action_apply

log = logging.getLogger(__name__)
MAX_STEPS = 6  # a turn is at most: answer a resignation, double or roll, move


def live_computer_act(*, match_id: int) -> int:
    """Act for the computer while it is its turn; returns how many actions it took."""
    taken = 0
    for _ in range(MAX_STEPS):
        match = LiveMatch.objects.select_related("club", "player_a").filter(pk=match_id).first()
        if match is None or not match.is_practice or match.status != LiveMatch.Status.PLAYING:
            break
        played = selectors.live_match_play(match=match)
        if played.turn() != COMPUTER_SIDE:
            break
        choice = live_computer_choice(match=match, played=played)
        try:
            live_action_apply(match_id=match_id, by=None, version=match.version, **choice)
        except LiveError as exc:  # the match moved meanwhile: look again
            log.warning("live match %s: the computer's %s was refused: %s", match_id, choice, exc)
            continue
        taken += 1
    return taken


def live_computer_choice(*, match: LiveMatch, played: LiveMatchPlay) -> dict:
    """The computer's action now (its turn), as ``live_action_apply``'s arguments."""
    game, level = played.game, match.level
    if game.phase is Phase.ROLL:
        if game.can_double() is None:
            equities = _equities(played, COMPUTER_SIDE, level)
            if equities is not None and equities.should_double:
                return {"action": "double"}
        return {"action": "roll"}
    if game.phase is Phase.MOVE:
        play = gnubg_player.best_play(position_id=played.position_id(), dice=game.dice,
                                      table=_table(played, COMPUTER_SIDE), level=level)
        return {"action": "move", "play": play}
    if game.phase is Phase.DOUBLE:
        equities = None if game.cube.beavers else _equities(played, game.cube.pending, level)
        return {"action": "take" if equities is None or equities.should_take else "drop"}
    if game.phase is Phase.RESIGN:
        return {"action": _resign_answer(played, level)}
    raise LiveError(f"The computer has nothing to do in phase {game.phase.value}.")


def _table(played: LiveMatchPlay, mover: int) -> gnubg_player.Table:
    game = played.game
    return gnubg_player.Table(
        mover=mover, length=played.settings.length, scores=played.score.scores,
        cube=game.cube.value, owner=game.cube.owner, crawford=game.crawford_game,
        jacoby=game.rules.jacoby_in_force)


def _equities(played: LiveMatchPlay, doubler: int,
              level: str) -> gnubg_player.CubeEquities | None:
    """gnubg's cube analysis from the doubler's side, before its roll (None: a double that
    changes nothing, the cube already worth the match: no double, and take one)."""
    game = played.game
    match_id = MatchId(
        cube_value=game.cube.value, cube_owner=game.cube.owner, on_roll=doubler,
        crawford=game.crawford_game, turn=doubler, match_length=played.settings.length,
        scores=played.score.scores, jacoby_off=not game.rules.jacoby_in_force).encode()
    return gnubg_player.cube_equities(
        position_id=game.position_for(doubler).position_id(), match_id=match_id, level=level)


def _resign_answer(played: LiveMatchPlay, level: str) -> str:
    game = played.game
    _, kind = game.resignation
    offered = game.points_for(kind) / game.cube.value
    equity = gnubg_player.cubeless_equity(
        position_id=game.position_for(COMPUTER_SIDE).position_id(),
        table=_table(played, COMPUTER_SIDE), level=level)
    return "accept" if offered >= equity else "reject"
