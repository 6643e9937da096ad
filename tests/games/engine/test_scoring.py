"""Match ID vectors (position-and-match-ids.md §3) and MatchScore details."""

import pytest

from games.engine import InvalidMatchIdError, MatchId, MatchScore

VECTORS = [
    "QYkqASAAIAAA", "QYkqASAAIAAE", "sAF3ABAAEAAA", "sAF3ABAAEAAE", "cAnqAAAAAAAE",
    "MIEFAAAAAAAA", "MIEFAAAAAAAE", "cAkAAAAAAAAA", "cAlgAAAAAAAA", "cAlgAAAAAAAE",
    "cAlzAAAAAAAA", "cAlzAAAAAAAE", "cBFgABAAAAAA", "cBFgABAAAAAE", "QQlgABAAAAAA",
    "QQlgABAAAAAE", "AQFgABAAAAAA", "AQFgABAAAAAE", "QQnzADAAKAAA", "sAHgAGAAIAAA",
    "MBmgABAAEAAA",
]


@pytest.mark.parametrize("match_id", VECTORS)
def test_match_id_vectors_round_trip(match_id):
    assert MatchId.decode(match_id).encode() == match_id


def test_manual_example_d_decodes_every_field():
    assert MatchId.decode("QYkqASAAIAAA") == MatchId(
        cube_value=2, cube_owner=0, on_roll=1, crawford=False, game_state=1, turn=1,
        doubled=False, resignation=0, dice=(5, 2), match_length=9, scores=(2, 4),
        jacoby_off=False)


def test_crawford_example_e():
    decoded = MatchId.decode("sAF3ABAAEAAE")
    assert decoded.crawford and decoded.cube_owner is None and decoded.jacoby_off
    assert decoded.dice == (6, 5) and decoded.scores == (1, 2) and decoded.match_length == 3


def test_a_pending_double_keeps_the_cube_value():
    decoded = MatchId.decode("cBFgABAAAAAA")
    assert decoded.doubled and decoded.cube_value == 1 and decoded.on_roll == 1
    assert decoded.turn == 0


@pytest.mark.parametrize("bad", [
    "QYkqASAAIAA", "QYkqASAAIAAAA", "QYkq-SAAIAAA",
    "MIEDAAAAAAAA",  # die 1 = 7
    "sAEAAAAAAAAA",  # Crawford flag in money play
    "PQEAAAAAAAAA",  # cube 2**13
    "MAEAAAAAAAAI",  # an unused bit set
])
def test_invalid_match_ids_are_rejected(bad):
    with pytest.raises(InvalidMatchIdError):
        MatchId.decode(bad)


def test_a_score_above_the_length_is_rejected():
    text = MatchId(match_length=3, scores=(5, 0)).encode()
    with pytest.raises(InvalidMatchIdError):
        MatchId.decode(text)


def test_a_game_at_both_players_one_away_is_post_crawford():
    score = MatchScore(7, (6, 6))
    assert not score.is_crawford_game() and score.is_post_crawford()


def test_money_sessions_never_end():
    assert not MatchScore(0, (40, 3)).is_over()


@pytest.mark.parametrize(("length", "scores", "final"), [
    (7, (7, 4), True), (7, (3, 9), True),   # a gammon or a doubled game may pass the length
    (7, (6, 4), False), (7, (7, 7), False),  # nobody there yet; both cannot have reached it
    (1, (1, 0), True), (0, (9, 3), False),   # a money session never ends on a score
])
def test_a_final_score_has_exactly_one_player_at_the_length(length, scores, final):
    assert MatchScore(length=length, scores=scores).is_final() is final
