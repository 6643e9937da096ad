"""The replay viewer's frames (games/board/frames.py): the engine's replay, frame by frame."""

import pytest

from games.board.frames import alternatives, build_frames
from games.engine import MatchId, Position, match_play
from games.engine.replay import replay
from games.engine.sgf import parse_record
from tests.factories import sample_bytes


def frames_of(name):
    report = replay(parse_record(sample_bytes(name), name=name))
    return report, build_frames(report, names=("Left", "Right"))


def test_every_action_has_a_frame_and_every_game_ends_with_its_result():
    report, games = frames_of("charlot1-charlot2_7p_2025-11-08-2305.sgf")
    assert [g.number for g in games] == [1, 2, 3, 4]
    for game, summary in zip(games, report.games, strict=True):
        assert len(game.frames) == len(summary.turns) + 1
        assert [f.turn for f in game.frames] == list(range(1, len(game.frames) + 1))
        assert game.frames[-1].action == "result"
    assert games[3].frames[-1].text == "Left wins 3 points (backgammon, by resignation)"
    assert games[3].crawford and games[3].scores == (6, 2)


@pytest.mark.parametrize("name", ["charlot1-charlot2_7p_2025-11-08-2305.mat", "match3.txt"])
def test_each_play_leads_to_the_next_frames_board(name):
    _, games = frames_of(name)
    for game in games:
        for frame, following in zip(game.frames, game.frames[1:], strict=False):
            if frame.action != "roll" or not frame.legal or following.action == "result":
                continue
            me = frame.player
            before = Position(frame.sides[me], frame.sides[1 - me])
            after = match_play(before, frame.dice, frame.play).result  # seen by the opponent
            assert (after.opponent, after.mover) == (following.sides[me],
                                                     following.sides[1 - me]), frame.key


def test_ids_are_the_positions_and_match_state_gnubg_reads():
    _, games = frames_of("charlot1-charlot2_7p_2025-11-08-2305.mat")
    first = games[0].frames[0]
    assert first.position_id == "4HPwATDgc/ABMA"  # the opening position
    decoded = MatchId.decode(first.match_id)
    assert decoded.dice == first.dice and decoded.match_length == 7
    assert decoded.on_roll == first.player == 1
    crawford = games[3].frames[0]
    assert MatchId.decode(crawford.match_id).crawford
    assert MatchId.decode(crawford.match_id).scores == (6, 2)


def test_cube_actions_carry_the_cube_before_and_the_offer():
    _, games = frames_of("charlot1-charlot2_7p_2025-11-08-2305.mat")
    take = next(f for f in games[0].frames if f.action == "take")
    assert take.cube == (1, None) and take.cube_offered
    after = games[0].frames[take.turn]  # the next action: cube 2, owned by the taker
    assert after.cube == (2, take.player)
    assert MatchId.decode(take.match_id).doubled


def test_illegal_play_is_flagged_with_the_rule_and_the_legal_alternatives():
    _, games = frames_of("5nqfGw9bWG3deTaU.mat")
    flagged = [f for g in games for f in g.frames if f.flagged]
    assert len(flagged) == 1
    frame = flagged[0]
    assert frame.key == "g1-t20" and not frame.legal and frame.dice == (1, 3)
    assert [v.rule for v in frame.violations] == ["wrong_distance"]
    assert frame.moves == ((14, 10), (13, 12))  # as written
    options = alternatives(frame)
    assert options and "14/10 13/12" not in options
    assert alternatives(games[0].frames[0]) == []  # a legal play has none


def test_unfinished_game_ends_with_an_end_frame():
    text = b" 3 point match\n\n Game 1\n A : 0    B : 0\n  1) 31: 8/5 6/5   64: 24/18 13/9\n"
    report = replay(parse_record(text))
    (game,) = build_frames(report, names=("A", "B"))
    assert game.frames[-1].action == "end" and game.frames[-1].player is None
    # The violation (the file stops mid-game) is on no action's line: the end frame.
    assert any(v.rule == "game_unfinished" for f in game.frames for v in f.violations)
