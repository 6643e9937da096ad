"""Swiss and MoreSwiss pairing, by example (no database)."""

import pytest

from tournaments.formats.swiss import (
    Game,
    SwissError,
    active_players,
    half_points,
    pair,
    records,
    rematch_pairs,
    suggested_rounds,
)


def ranked(n):
    return [(i, i) for i in range(1, n + 1)]


def test_round_one_pairs_the_top_half_against_the_bottom_half():
    assert pair(ranked(8), []).pairs == ((1, 5), (2, 6), (3, 7), (4, 8))


def test_round_one_with_an_odd_count_gives_the_bye_to_the_lowest_ranked():
    assert pair(ranked(9), []).pairs == ((1, 5), (2, 6), (3, 7), (4, 8), (9, None))


def test_round_two_pairs_within_score_groups_top_half_against_bottom_half():
    first = [Game(1, 5, 1), Game(2, 6, 2), Game(3, 7, 3), Game(4, 8, 8)]
    # winners by rank 1, 2, 3, 8 -> 1 v 3, 2 v 8; losers 4, 5, 6, 7 -> 4 v 6, 5 v 7
    assert pair(ranked(8), [first]).pairs == ((1, 3), (2, 8), (4, 6), (5, 7))


def test_a_rematch_is_avoided_by_floating_when_the_group_would_repeat():
    # 1 and 2 won and already met each other? they cannot have; build it: round 1 1 v 2
    first = [Game(1, 2, 1), Game(3, 4, 3)]
    second = [Game(1, 3, 1), Game(2, 4, 2)]
    # scores: 1 has 2, 2 and 3 have 1, 4 has 0; every pair of 2 and 3 has not met: 2 v 3
    # is the score-fair pair, but then 1 v 4 (met? no). 1 v 4 and 2 v 3: no rematch.
    assert pair(ranked(4), [first, second]).pairs == ((1, 4), (2, 3))


def test_a_rematch_is_chosen_only_when_no_pairing_avoids_it():
    rounds = [[Game(1, 2, 1), Game(3, 4, 3)], [Game(1, 3, 1), Game(2, 4, 2)],
              [Game(1, 4, 1), Game(2, 3, 2)]]
    result = pair(ranked(4), rounds)
    assert result.rematches == 2


def test_the_bye_skips_a_player_who_already_had_one():
    first = [Game(1, 3, 1), Game(2, 4, 4), Game(5, None, 5)]
    result = pair(ranked(5), [first])
    assert result.pairs[-1][1] is None and result.pairs[-1][0] != 5


def test_the_bye_goes_to_the_lowest_score_not_to_a_co_leader_ranked_lower():
    """Issue 18: 5 players, round 3. Player 5 (the lowest ranked without a bye) leads on two
    wins with 4; player 2 has none. The bye is a free win: it goes to 2, not to 5."""
    first = [Game(1, 2, 1), Game(3, 5, 5), Game(4, None, 4)]
    second = [Game(5, 1, 5), Game(2, 4, 4), Game(3, None, 3)]
    result = pair(ranked(5), [first, second])
    assert result.pairs[-1] == (2, None) and result.rematches == 0


def test_among_equal_scores_the_bye_still_goes_to_the_lowest_ranked():
    first = [Game(1, 4, 1), Game(2, 5, 2), Game(3, None, 3)]
    # No byes for 1, 2 (one win each), 4 and 5 (none): 5 is the lowest ranked of the lowest.
    assert pair(ranked(5), [first]).pairs[-1] == (5, None)


def test_moreswiss_leaves_out_players_with_too_many_losses():
    rounds = [[Game(1, 3, 1), Game(2, 4, 2)], [Game(1, 2, 1), Game(3, 4, 4)]]
    assert active_players([1, 2, 3, 4], rounds, losses_out=2) == [1, 2, 4]
    assert {p for pr in pair(ranked(4), rounds, losses_out=2).pairs for p in pr} == {1, 2, 4,
                                                                                     None}


def test_moreswiss_ends_when_one_player_is_left():
    rounds = [[Game(1, 2, 1)]]
    assert pair(ranked(2), rounds, losses_out=1).pairs == ()


def test_a_late_entry_starts_with_zero_or_half_a_point_per_missed_round():
    first = [Game(1, 3, 1), Game(2, 4, 2)]
    second = [Game(1, 2, 1), Game(3, 4, 3)]
    # 5 joins for round 3. Zero: scores 1:2, 2:1, 3:1, 4:0, 5:0 -> 5 gets the bye or
    # meets 4; with half points 5 has 1 and sits among 2 and 3.
    zero = pair(ranked(5), [first, second])
    assert (4, 5) in zero.pairs or (5, None) in zero.pairs
    half = pair(ranked(5), [first, second], late_half_points=True)
    assert (4, 5) not in half.pairs


def test_a_bye_counts_as_a_win_unless_the_setting_says_otherwise():
    (record,) = records([[Game(3, None, 3)]]).values()
    assert half_points(record, rounds_played=1) == 2
    assert half_points(record, rounds_played=1, bye_is_win=False) == 0


def test_pairing_is_deterministic():
    rounds = [[Game(i, i + 10, i) for i in range(1, 11)]]
    assert pair(ranked(20), rounds) == pair(ranked(20), rounds)


def test_a_player_listed_twice_is_refused():
    with pytest.raises(SwissError, match="twice"):
        pair([(1, 1), (1, 2)], [])


def test_a_winner_who_did_not_play_is_refused():
    with pytest.raises(SwissError, match="did not play"):
        pair(ranked(4), [[Game(1, 2, 3)]])


def test_rematch_pairs_names_the_repeated_pairs():
    assert rematch_pairs([(1, 2), (3, 4)], [[Game(2, 1, 1), Game(3, 5, 3)]]) == [(1, 2)]


@pytest.mark.parametrize(("players", "losses", "rounds"),
                         [(8, None, 3), (23, None, 5), (128, None, 7), (20, 3, 10)])
def test_suggested_rounds(players, losses, rounds):
    assert suggested_rounds(players, losses_out=losses) == rounds
