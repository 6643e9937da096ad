"""Hypothesis properties of the exchange and of replays."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.core import (
    RatedMatch,
    RatingSettings,
    Standing,
    exchange,
    replay,
    standings_after,
    what_if,
)

FAST = settings(max_examples=200, deadline=None)

ratings = st.floats(min_value=500, max_value=2500, allow_nan=False)
experiences = st.integers(min_value=0, max_value=2000)
standings = st.builds(Standing, ratings, experiences)
lengths = st.integers(min_value=1, max_value=25)
rating_settings = st.builds(RatingSettings, experience_ramp=st.booleans(),
                            ramp_counts_current_match=st.booleans())


PLAYERS = "abcdef"


def _as_matches(rows):
    """(first, offset, length, a_wins) rows as matches among six players."""
    matches = []
    for key, (first, offset, length, a_wins) in enumerate(rows):
        a, b = PLAYERS[first], PLAYERS[(first + offset) % len(PLAYERS)]
        matches.append(RatedMatch(a, b, length, a if a_wins else b, key=key))
    return matches


match_lists = st.lists(
    st.tuples(st.integers(0, 5), st.integers(1, 5), lengths, st.booleans()), max_size=40,
).map(_as_matches)


@FAST
@given(standings, standings, lengths, rating_settings)
def test_the_winner_never_loses_and_the_loser_never_gains(winner, loser, length, options):
    result = exchange(winner, loser, length, options)
    assert result.gain >= 0 and result.loss >= 0


@FAST
@given(standings, standings, lengths, rating_settings)
def test_a_change_is_at_most_4_times_5_times_the_root_of_the_length(winner, loser, length,
                                                                    options):
    result = exchange(winner, loser, length, options)
    bound = 4 * 5 * math.sqrt(length) * (1 + 1e-12)
    assert result.gain <= bound and result.loss <= bound


@FAST
@given(ratings, ratings, lengths, st.integers(min_value=400, max_value=5000))
def test_past_400_experience_the_exchange_is_zero_sum(first, second, length, experience):
    result = exchange(Standing(first, experience), Standing(second, experience), length)
    assert result.gain == result.loss


@FAST
@given(standings, standings, lengths)
def test_the_two_chances_add_up_to_one(a, b, length):
    chances = what_if(a, b, length)
    assert math.isclose(chances.chance_a + chances.chance_b, 1.0)


@FAST
@given(match_lists, rating_settings)
def test_replaying_the_same_list_gives_the_same_result(matches, options):
    assert replay(matches, options) == replay(list(matches), options)


@FAST
@given(match_lists, rating_settings)
def test_every_history_line_has_the_winner_up_and_the_loser_down(matches, options):
    for entry in replay(matches, options).history:
        assert entry.winner.change >= 0 >= entry.loser.change
        assert entry.winner.after.rating == entry.winner.rating_before + entry.winner.change


@FAST
@given(match_lists)
def test_experience_is_the_sum_of_the_lengths_played(matches):
    played = {}
    for match in matches:
        for player in (match.a, match.b):
            played[player] = played.get(player, 0) + match.length
    result = replay(matches)
    assert {player: s.experience for player, s in result.standings.items()} == played


@FAST
@given(match_lists, rating_settings, st.data())
def test_a_replay_from_a_snapshot_equals_the_full_replay(matches, options, data):
    cut = data.draw(st.integers(min_value=0, max_value=len(matches)))
    full = replay(matches, options)
    snapshot = standings_after(full.history[:cut])
    rest = replay(matches[cut:], options, start=snapshot)
    assert rest.standings == full.standings
    assert rest.history == full.history[cut:]
