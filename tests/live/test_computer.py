"""Practice against the computer: starting one, the computer's turns (GNU Backgammon's
choices, checked by the engine like a player's), and its levels measured by gnubg's own
analysis of the plays they choose."""

import random

import pytest
from django.urls import reverse

from live.models import LiveAction, LiveMatch
from live.services_computer import live_computer_act
from tests.live.conftest import act, api, state

pytestmark = pytest.mark.django_db
gnubg = pytest.importorskip("gnubg")

LEVELS = list(LiveMatch.Level.values)


def practise(user, player, club, **fields):
    return api(user).post(reverse("live-match-create-api", args=[club.slug]),
                          {"player_a": player.pk, "player_b": None, "length": 1,
                           "level": "beginner", **fields}, format="json")


def test_a_practice_match_is_started_with_a_level(club, joe):
    response = practise(joe.user, joe, club, level="expert")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["players"][1] == {"id": None, "name": "GNU Backgammon (expert)"}
    match = LiveMatch.objects.get(pk=body["id"])
    assert match.is_practice and match.level == "expert" and match.dice == "digital"


@pytest.mark.parametrize(("fields", "reason"), [
    ({"dice": "manual"}, "digital dice"),
    ({"level": ""}, "level"),
])
def test_practice_refuses_real_dice_and_a_missing_level(club, joe, fields, reason):
    response = practise(joe.user, joe, club, **fields)
    assert response.status_code == 400 and reason in response.json()["detail"]
    assert not LiveMatch.objects.exists()


def test_practice_is_started_by_its_own_player_only(club, joe, snow, alice):
    assert practise(snow.user, joe, club).status_code == 403
    assert practise(alice, joe, club).status_code == 403
    assert not LiveMatch.objects.exists()


def test_the_computer_cannot_act_in_a_match_between_two_members(club, joe, snow):
    from live.services import live_action_apply

    match = LiveMatch.objects.create(club=club, player_a=joe, player_b=snow, length=1)
    with pytest.raises(Exception, match="only practice"):
        live_action_apply(match_id=match.pk, by=None, action="roll")
    assert not LiveAction.objects.exists()


def _human_turn(user, match_id: int, rng: random.Random) -> None:
    """The test's player: rolls, plays a random legal play, doubles now and then, takes."""
    now = state(user, match_id)
    if now["phase"] == "double":
        action = {"action": rng.choice(["take", "drop"])}
    elif now["phase"] == "move":
        action = {"action": "move", "play": rng.choice(now["legal_plays"])}
    elif now["phase"] == "roll" and now["cube"]["owner"] != now["players"][1]["id"] \
            and rng.random() < 0.15:
        action = {"action": "double"}
    else:
        action = {"action": "roll"}
    response = act(user, match_id, **action)
    if response.status_code == 400 and action["action"] == "double":
        response = act(user, match_id, action="roll")  # no double here (Crawford, cube)
    assert response.status_code == 200, (action, response.json())


@pytest.mark.parametrize("level", LEVELS)
def test_the_computer_plays_a_whole_match_legally_at_every_level(
        club, joe, level, django_capture_on_commit_callbacks):
    """The player's actions send the computer's turn after commit (the task, run eagerly):
    every computer action went through the engine's checks, and the match ends."""
    match_id = practise(joe.user, joe, club, level=level, length=3).json()["id"]
    rng = random.Random(f"practice {level}")
    for _ in range(400):
        now = state(joe.user, match_id)
        if now["finished"]:
            break
        assert now["turn_side"] != 1, "the computer's turn was left waiting"
        with django_capture_on_commit_callbacks(execute=True):
            _human_turn(joe.user, match_id, rng)
    match = LiveMatch.objects.get(pk=match_id)
    assert match.status == "finished" and match.record is None  # practice: no record
    computer = LiveAction.objects.filter(match=match, by=None, side=1)
    assert computer.filter(kind="move").exists()
    assert set(computer.values_list("kind", flat=True)) <= {"roll", "move", "double", "take",
                                                             "drop", "accept", "reject"}


def test_the_computer_answers_a_resignation(club, joe, django_capture_on_commit_callbacks):
    match_id = practise(joe.user, joe, club, level="expert", length=3).json()["id"]
    while state(joe.user, match_id)["turn_side"] != 0:  # until the player is on roll
        with django_capture_on_commit_callbacks(execute=True):
            _human_turn(joe.user, match_id, random.Random(1))
    with django_capture_on_commit_callbacks(execute=True):
        assert act(joe.user, match_id, action="resign", value=3).status_code == 200
    answer = LiveAction.objects.filter(match_id=match_id).last()
    assert (answer.kind, answer.side, answer.by) == ("accept", 1, None)


def test_a_redelivered_turn_does_nothing(club, joe):
    match_id = practise(joe.user, joe, club).json()["id"]
    assert live_computer_act(match_id=match_id) == 0  # the opening roll is the player's
    assert LiveMatch.objects.get(pk=match_id).version == 0


def _positions(count: int, seed: int) -> list[tuple[str, tuple[int, int]]]:
    """Positions of random games (the engine's), each with a roll of several plays."""
    from games.engine import Position, legal_plays

    rng, position, found = random.Random(seed), Position.start(), []
    while len(found) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = list(legal_plays(position, dice))
        if len(plays) > 1:
            found.append((position.position_id(), dice))
        position = rng.choice(plays).result
        if position.mover[0] or position.opponent[0]:  # checkers off: keep to contact and races
            position = Position.start()
    return found


@pytest.mark.django_db(False)
def test_the_beginner_loses_measurably_more_equity_than_the_expert():
    """Each level's plays on the same 100 positions, rated by gnubg at 1 ply (a deeper look
    than the levels' own 0 ply): the beginner gives away several times the expert's equity
    and errs (over 0.02) on several times as many positions. gnubg's noise is deterministic,
    so the figures repeat."""
    from analysis.gnubg_player import Table, best_play, play_equities

    table = Table(mover=0)
    lost, errors = {}, {}
    samples = _positions(100, seed=21)
    for level in ("beginner", "expert"):
        losses = []
        for position_id, dice in samples:
            rated = play_equities(position_id=position_id, dice=dice, table=table, plies=1)
            chosen = best_play(position_id=position_id, dice=dice, table=table, level=level)
            losses.append(max(rated.values()) - rated[chosen])
        lost[level] = sum(losses) / len(losses)
        errors[level] = sum(loss > 0.02 for loss in losses)
    assert lost["beginner"] > 3 * lost["expert"], lost
    assert errors["beginner"] > 2 * errors["expert"], errors


def test_an_action_decided_on_an_older_version_is_refused(club, joe):
    from live.services import LiveError, live_action_apply

    match_id = practise(joe.user, joe, club).json()["id"]
    act(joe.user, match_id, action="roll")  # version 1 (or more after opening ties)
    with pytest.raises(LiveError, match="changed"):
        live_action_apply(match_id=match_id, by=None, action="roll", version=0)
    assert not LiveAction.objects.filter(match_id=match_id, by=None).exists()
