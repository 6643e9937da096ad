"""Replays worked by hand, the history they leave, and replay from a snapshot."""

import pytest

from ratings.core import (
    RatedMatch,
    RatingInputError,
    RatingSettings,
    Standing,
    replay,
    standings_after,
)


def rounded(standings):
    return {player: (round(rating, 2), experience)
            for player, (rating, experience) in standings.items()}


# Three matches between newcomers, worked by hand:
# 1. ann beats bob, 5 points, both 1500/0: P = 1/2, K = 5 each:
#    4 * 5 * sqrt(5) * 0.5 = 22.36 -> ann 1522.36, bob 1477.64 (experience 5 each).
# 2. bob beats ann, 3 points: D = 44.72, P_upset = 1/(10^(44.72 * sqrt(3)/2000) + 1) =
#    0.4777, bob is the underdog so P = 0.5223; K = 5 - 5/100 = 4.95 each:
#    4 * 4.95 * sqrt(3) * 0.5223 = 17.91 -> ann 1504.45, bob 1495.55 (experience 8 each).
# 3. ann (K = 4.92) beats newcomer cy (K = 5), 7 points: D = 4.45, ann the favourite,
#    P = P_upset = 0.4966: ann gains 4 * 4.92 * sqrt(7) * 0.4966 = 25.86, cy loses
#    4 * 5 * sqrt(7) * 0.4966 = 26.28 -> ann 1530.31 (15), cy 1473.72 (7).
SEQUENCE = [
    RatedMatch("ann", "bob", 5, "ann", key=1),
    RatedMatch("ann", "bob", 3, "bob", key=2),
    RatedMatch("cy", "ann", 7, "ann", key=3),
]


def test_a_hand_worked_sequence_of_three_matches():
    result = replay(SEQUENCE)
    assert rounded(result.standings) == {
        "ann": (1530.31, 15), "bob": (1495.55, 8), "cy": (1473.72, 7)}


def test_the_history_has_before_after_change_and_p_for_each_match():
    second = replay(SEQUENCE).history[1]
    assert second.key == 2 and second.length == 3 and round(second.p, 4) == 0.5223
    bob, ann = second.winner, second.loser
    assert (bob.player, round(bob.rating_before, 2), bob.experience_before) == (
        "bob", 1477.64, 5)
    assert (round(bob.rating_after, 2), bob.experience_after, round(bob.change, 2)) == (
        1495.55, 8, 17.91)
    assert (ann.player, round(ann.change, 2), ann.k) == ("ann", -17.91, 4.95)
    assert ann.after == Standing(ann.rating_before + ann.change, 8)


def test_below_400_experience_the_exchange_is_not_zero_sum():
    third = replay(SEQUENCE).history[2]
    assert round(third.winner.change, 2) == 25.86 and round(third.loser.change, 2) == -26.28


def test_everyone_starts_at_1500_with_no_experience():
    result = replay([])
    assert result.standings == {} and result.history == []
    first = replay(SEQUENCE[:1]).history[0]
    assert first.winner.before == first.loser.before == Standing(1500.0, 0)


def test_the_club_start_rating_is_a_setting():
    result = replay(SEQUENCE[:1], RatingSettings(start_rating=1000))
    assert rounded(result.standings) == {"ann": (1022.36, 5), "bob": (977.64, 5)}


def test_k_is_4_once_a_newcomer_has_100_points_of_experience():
    matches = [RatedMatch("new", f"rival{i}", 5, "new", key=i) for i in range(21)]
    history = replay(matches).history
    assert [entry.winner.k for entry in history[:2]] == [5.0, 4.95]
    assert history[20].winner.experience_before == 100 and history[20].winner.k == 4.0


def test_with_the_current_match_option_a_newcomer_starts_below_k_5():
    settings = RatingSettings(ramp_counts_current_match=True)
    first = replay(SEQUENCE[:1], settings).history[0]
    assert first.winner.k == first.loser.k == pytest.approx(4.95)


def test_without_the_ramp_newcomers_exchange_at_k_1():
    first = replay(SEQUENCE[:1], RatingSettings(experience_ramp=False)).history[0]
    assert round(first.winner.change, 2) == 4.47  # 4 * 1 * sqrt(5) * 0.5


def test_the_order_of_the_matches_changes_the_ratings():
    assert replay(SEQUENCE).standings != replay(SEQUENCE[::-1]).standings


def test_a_replay_from_a_snapshot_continues_the_full_replay():
    full = replay(SEQUENCE)
    snapshot = standings_after(full.history[:1])
    assert snapshot == replay(SEQUENCE[:1]).standings
    rest = replay(SEQUENCE[1:], start=snapshot)
    assert rest.standings == full.standings and rest.history == full.history[1:]


def test_the_snapshot_keeps_players_absent_from_the_remaining_matches():
    result = replay(SEQUENCE[2:], start={"dee": (1612.5, 420), "ann": (1504.0, 8)})
    assert result.standings["dee"] == Standing(1612.5, 420)
    assert result.history[0].winner.before == Standing(1504.0, 8)


def test_a_snapshot_with_a_bad_experience_is_refused():
    with pytest.raises(RatingInputError, match="experience"):
        replay(SEQUENCE, start={"ann": (1500.0, -5)})


def test_the_key_is_optional_and_opaque():
    key = ("tournament", 7, "round 2")
    assert replay([RatedMatch("x", "y", 1, "y", key=key)]).history[0].key == key


@pytest.mark.parametrize(("a", "b", "length", "winner", "message"), [
    ("ann", "ann", 5, "ann", "same player"),
    ("ann", "bob", 5, "cy", "neither"),
    ("ann", "bob", 0, "ann", "positive integer"),
])
def test_a_malformed_match_is_refused(a, b, length, winner, message):
    with pytest.raises(RatingInputError, match=message):
        RatedMatch(a, b, length, winner)
