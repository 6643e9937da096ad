"""The live match on the engine's Game, without the database: whose action it is, what the
engine refuses, and the match file it writes as it goes (pure)."""

import pytest

from games.engine import matchfile
from live.core import Action, LiveMatchPlay, Refused, Settings
from tests.live.scripts import actions_of, summary
from tests.samples import SAMPLES


def _action(step: dict) -> Action:
    dice = tuple(step["dice"]) if "dice" in step else None
    return Action(step["action"], step["side"], dice, step.get("play", ""), step.get("value"))


def _opened(length=7, **settings) -> LiveMatchPlay:
    match = LiveMatchPlay(Settings(length=length, names=("Alice", "Bob"), **settings))
    match.apply(Action("roll", 0, (3, 1)))
    return match


@pytest.mark.parametrize("name, length", [("7point.mat", 7), ("match2.txt", 9),
                                          ("gnubg_selfplay_drops_7p.mat", 7),
                                          ("B4_SrGcsKAQmoTyHlgJCbM.mat", 0)])
def test_a_recorded_match_played_again_writes_the_same_match(name, length):
    text = (SAMPLES / name).read_text()
    match = LiveMatchPlay(Settings(length=length, names=("Left", "Right")))
    for step in actions_of(text):
        match.apply(_action(step))
    assert summary(match.match_text()) == summary(text)
    assert match.finished == bool(length)


def test_the_opening_roll_is_posted_by_its_winner_who_moves_first():
    match = LiveMatchPlay(Settings(length=3))
    match.apply(Action("roll", 1, (2, 6)))
    assert match.turn() == 1 and match.game.dice == (6, 2)
    assert "6/4" not in match.legal_plays() and "24/18 13/11" in match.legal_plays()


def test_a_doublet_is_refused_as_an_opening_roll_in_manual_mode():
    match = LiveMatchPlay(Settings(length=3))
    with pytest.raises(Refused, match="never a doublet"):
        match.apply(Action("roll", 0, (4, 4)))
    assert match.turn() is None and match.opening


def test_a_tie_rolled_by_the_server_is_kept_and_rolled_again():
    match = LiveMatchPlay(Settings(length=3))
    match.apply(Action("roll", None, (4, 4)))
    assert match.opening
    match.apply(Action("roll", 1, (5, 2)))
    assert match.turn() == 1


def test_an_illegal_play_is_refused_with_the_legal_plays_and_changes_nothing():
    match = _opened()
    before = match.position_id()
    with pytest.raises(Refused) as refused:
        match.apply(Action("move", 0, play="13/7"))
    assert "not a legal play" in refused.value.reason
    assert "8/5 6/5" in refused.value.legal_plays and len(refused.value.legal_plays) == 16
    assert match.position_id() == before and match.turn() == 0


def test_unreadable_play_text_is_refused():
    with pytest.raises(Refused, match="is not a play"):
        _opened().apply(Action("move", 0, play="eight to five"))


def test_acting_out_of_turn_is_refused():
    match = _opened()
    with pytest.raises(Refused) as refused:
        match.apply(Action("move", 1, play="8/5 6/5"))
    assert refused.value.out_of_turn and "Alice's turn" in refused.value.reason


def test_resigning_after_the_opponent_rolled_waits_for_their_play():
    match = _opened()
    with pytest.raises(Refused, match="has played") as refused:
        match.apply(Action("resign", 1, value=1))
    assert refused.value.out_of_turn


def test_a_dance_is_written_as_a_bare_roll_and_passes():
    text = (SAMPLES / "7point.mat").read_text()
    steps = actions_of(text)
    match = LiveMatchPlay(Settings(length=7))
    dance = next(i for i, s in enumerate(steps) if s["action"] == "roll"
                 and steps[i + 1]["action"] == "roll")
    for step in steps[:dance + 1]:
        match.apply(_action(step))
    assert match.turn() == 1 - steps[dance]["side"]
    assert match.match_text().rstrip().splitlines()[-1].rstrip().endswith(
        "".join(map(str, steps[dance]["dice"])) + ":")


def test_no_double_in_the_crawford_game():
    match = LiveMatchPlay(Settings(length=3))
    match.score = match.score.after_game(0, 2)  # Alice at 2 of 3: the next game is Crawford
    match.sheets = [match._new_sheet()]
    match.apply(Action("roll", 0, (3, 1)))
    match.apply(Action("move", 0, play="8/5 6/5"))
    with pytest.raises(Refused, match="Crawford"):
        match.apply(Action("double", 1))


def test_a_drop_ends_the_game_and_the_next_roll_starts_the_next_one():
    match = _opened()
    match.apply(Action("move", 0, play="8/5 6/5"))
    match.apply(Action("double", 1))
    assert match.turn() == 0
    match.apply(Action("drop", 0))
    assert match.game_over and match.score.scores == (0, 1) and match.turn() is None
    match.apply(Action("roll", 0, (6, 1)))
    assert match.game.score.scores == (0, 1) and len(match.sheets) == 2


def test_a_rejected_resignation_goes_back_to_the_game():
    match = _opened()
    match.apply(Action("resign", 0, value=2))
    assert match.turn() == 1
    match.apply(Action("reject", 1))
    assert match.turn() == 0 and match.legal_plays()
    match.apply(Action("resign", 0, value=1))
    match.apply(Action("accept", 1))
    assert match.score.scores == (0, 1)
    game = matchfile.parse_match_file(match.match_text()).games[0]
    assert [type(e).__name__ for e in game.events] == ["Roll", "Win"]


def test_a_beaver_in_money_play_with_beavers():
    match = _opened(length=0, beavers=True)
    match.apply(Action("move", 0, play="8/5 6/5"))
    match.apply(Action("double", 1))
    match.apply(Action("beaver", 0))
    assert match.game.cube.value == 2 and match.turn() == 1
    match.apply(Action("take", 1))
    assert match.game.cube.value == 4 and match.game.cube.owner == 0
    match.apply(Action("roll", 1, (6, 4)))
    match.apply(Action("resign", 1, value=1))
    match.apply(Action("accept", 0))
    assert match.score.scores == (4, 0)
    assert summary(match.match_text())["violations"] == []


def test_no_beaver_in_match_play():
    match = _opened()
    match.apply(Action("move", 0, play="8/5 6/5"))
    match.apply(Action("double", 1))
    with pytest.raises(Refused, match="beaver"):
        match.apply(Action("beaver", 0))


def test_dice_must_be_two_numbers_from_one_to_six():
    match = LiveMatchPlay(Settings(length=1))
    for dice in (None, (7, 1), (0, 2), ("a", 1)):
        with pytest.raises(Refused):
            match.apply(Action("roll", 0, dice))


def test_nothing_is_accepted_after_the_match():
    match = LiveMatchPlay(Settings(length=1))
    match.apply(Action("roll", 0, (3, 1)))
    match.apply(Action("resign", 0, value=1))
    match.apply(Action("accept", 1))
    assert match.finished and match.winner() == 1
    with pytest.raises(Refused, match="over"):
        match.apply(Action("roll", 1, (5, 2)))
