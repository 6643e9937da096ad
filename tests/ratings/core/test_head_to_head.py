"""Head-to-head records from finished matches."""

import pytest

from ratings.core import FinishedMatch, RatingInputError, Record, head_to_head

MATCHES = [
    FinishedMatch("ann", "bob", "ann", 5, 3),
    FinishedMatch("bob", "ann", "bob", 7, 2),
    FinishedMatch("ann", "bob", "ann", 5, 4),
    FinishedMatch("cy", "ann", "cy", 3, 0),
]


def test_each_players_record_against_each_opponent():
    records = head_to_head(MATCHES)
    assert records["ann"]["bob"] == Record(matches=3, wins=2, losses=1, points_for=12,
                                           points_against=14)
    assert records["bob"]["ann"] == Record(matches=3, wins=1, losses=2, points_for=14,
                                           points_against=12)
    assert records["ann"]["cy"] == Record(1, 0, 1, 0, 3)
    assert records["cy"] == {"ann": Record(1, 1, 0, 3, 0)}


def test_players_who_never_met_have_no_record():
    assert "cy" not in head_to_head(MATCHES)["bob"]
    assert head_to_head([]) == {}


@pytest.mark.parametrize("args", [("ann", "ann", "ann", 1, 0), ("ann", "bob", "cy", 1, 0),
                                  ("ann", "bob", "ann", -1, 0)])
def test_malformed_matches_are_refused(args):
    with pytest.raises(RatingInputError):
        FinishedMatch(*args)
