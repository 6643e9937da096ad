"""Hypothesis properties of plays, notation, IDs and whole random games."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import (
    Game,
    MatchId,
    Phase,
    Position,
    ResultKind,
    Rules,
    apply_play,
    format_moves,
    is_legal,
    legal_plays,
    match_play,
    parse_moves,
)

from .reference import reference_can_play, reference_most_dice
from .strategies import dice, positions

FAST = settings(max_examples=150, deadline=None)


@FAST
@given(positions(), dice)
def test_fifteen_checkers_a_side_after_every_play(position, roll):
    for play in legal_plays(position, roll):
        assert sum(play.result.mover) == 15 and sum(play.result.opponent) == 15


@FAST
@given(positions(), dice)
def test_the_movers_pips_fall_by_at_most_the_dice_total(position, roll):
    total = sum(roll) * (2 if roll[0] == roll[1] else 1)
    before = position.pip_counts()[0]
    for play in legal_plays(position, roll):
        after = play.result.pip_counts()[1]
        assert 0 <= before - after <= total


@FAST
@given(positions(), dice)
def test_every_legal_play_uses_the_maximum_number_of_dice(position, roll):
    plays = legal_plays(position, roll)
    counts = {len(play.dice_used) for play in plays}
    assert len(counts) == 1
    used = counts.pop()
    assert used == reference_most_dice(position, roll)
    if used == 1 and roll[0] != roll[1] and reference_can_play(position, max(roll)):
        assert {play.dice_used[0] for play in plays} == {max(roll)}


@FAST
@given(positions(), dice)
def test_each_play_is_legal_and_its_text_finds_it_again(position, roll):
    for play in legal_plays(position, roll)[:8]:
        assert is_legal(position, roll, play.moves)
        assert apply_play(position, roll, play.moves) == play
        text = str(play)
        assert format_moves(parse_moves(text)) == text
        assert match_play(position, roll, text) == play


@FAST
@given(positions())
def test_position_id_round_trips(position):
    position_id = position.position_id()
    assert len(position_id) == 14 and position_id[-1] in "AQgw"
    assert Position.from_position_id(position_id) == position
    if position.swap() != position:
        assert position.swap().position_id() != position_id


@FAST
@given(st.builds(
    MatchId,
    cube_value=st.sampled_from([1, 2, 4, 8, 4096]),
    cube_owner=st.sampled_from([None, 0, 1]),
    on_roll=st.integers(0, 1),
    game_state=st.integers(0, 4),
    turn=st.integers(0, 1),
    doubled=st.booleans(),
    resignation=st.integers(0, 3),
    dice=st.tuples(st.integers(0, 6), st.integers(0, 6)),
    match_length=st.just(0),
    scores=st.tuples(st.integers(0, 30), st.integers(0, 30)),
    jacoby_off=st.booleans(),
))
def test_match_id_round_trips(match_id):
    assert MatchId.decode(match_id.encode()) == match_id


def play_random_game(seed: int, rules: Rules) -> Game:
    rng = random.Random(seed)
    game = Game(rules, rng=rng)
    game.start()
    while game.phase is not Phase.OVER:
        if game.phase is Phase.ROLL:
            if rng.random() < 0.05 and game.can_double() is None:
                game.double()
                game.take() if rng.random() < 0.8 else game.drop()
            elif rng.random() < 0.005:
                game.resign(game.on_roll, rng.choice(list(ResultKind)))
                game.accept_resignation() if rng.random() < 0.5 else game.reject_resignation()
            else:
                game.roll()
        else:
            game.play(rng.choice(game.legal_plays()))
    return game


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([Rules(), Rules(jacoby=True), Rules(match_length=7)]))
def test_random_games_always_end_with_a_valid_result(seed, rules):
    game = play_random_game(seed, rules)
    result = game.result
    assert result.winner in (0, 1)
    assert result.ended_by in {"bearoff", "resign", "drop"}
    assert result.points % game.cube.value == 0 or result.ended_by == "drop"
    assert 1 <= result.points <= 3 * game.cube.value
    if result.ended_by == "bearoff":
        assert game.position.mover[0] == 15  # the winner's side, kept on roll
