"""Standings and tie-breaks (no database), against hand-worked tables."""

import pytest

from tournaments.formats.errors import SettingError
from tournaments.formats.standings import Result, standings

# Four players, three rounds (hand-worked):
#   R1: A beat B 7-3, C beat D 7-5     R2: A beat C 7-6, B beat D 7-0
#   R3: C beat B 7-2, D beat A 7-4
# Wins: A 2, B 1, C 2, D 1.
# Buchholz: A = B+C+D = 1+2+1 = 4; C = D+A+B = 1+2+1 = 4; B = A+D+C = 5; D = C+B+A = 5.
# Sonneborn-Berger: A beat B, C -> 1+2 = 3; C beat D, B -> 2; B beat D -> 1; D beat A -> 2.
RESULTS = [Result("A", "B", "A", 7, 3), Result("C", "D", "C", 7, 5),
           Result("A", "C", "A", 7, 6), Result("B", "D", "B", 7, 0),
           Result("C", "B", "C", 7, 2), Result("D", "A", "D", 7, 4)]


def table(rows):
    return [(r.label, r.player) for r in rows]


def test_wins_then_buchholz_then_sonneborn_berger():
    rows = standings("ABCD", RESULTS, metrics=("wins", "buchholz", "sonneborn_berger"))
    assert table(rows) == [("1st", "A"), ("2nd", "C"), ("3rd", "D"), ("4th", "B")]
    assert rows[0].values == {"wins": 2, "buchholz": 4, "sonneborn_berger": 3}


def test_head_to_head_counts_only_games_among_the_tied():
    rows = standings("ABCD", RESULTS, metrics=("wins", "head_to_head"))
    # A and C tied on 2 wins: A beat C. B and D on 1: B beat D.
    assert table(rows) == [("1st", "A"), ("2nd", "C"), ("3rd", "B"), ("4th", "D")]


def test_true_ties_share_a_place():
    rows = standings("ABCD", RESULTS, metrics=("wins",))
    assert table(rows) == [("1st=", "A"), ("1st=", "C"), ("3rd=", "B"), ("3rd=", "D")]


def test_points_difference_and_points_won():
    rows = standings("ABCD", RESULTS, metrics=("points_difference", "points_won"))
    # A 18-16 (+2), B 12-14 (-2), C 20-14 (+6), D 12-18 (-6)
    assert [(r.player, r.values["points_difference"]) for r in rows] == [
        ("C", 6), ("A", 2), ("B", -2), ("D", -6)]


def test_median_buchholz_drops_the_highest_and_lowest():
    rows = standings("ABCD", RESULTS, metrics=("median_buchholz", "seed"))
    # A: opponents 1, 2, 1 -> 1; B: 2, 1, 2 -> 2; C: 1, 2, 1 -> 1; D: 2, 1, 2 -> 2
    assert table(rows) == [("1st", "B"), ("2nd", "D"), ("3rd", "A"), ("4th", "C")]


def test_losses_rank_fewest_first_for_moreswiss():
    rows = standings("ABCD", RESULTS, metrics=("losses", "seed"))
    assert [r.player for r in rows] == ["A", "C", "B", "D"]


def test_a_walkover_counts_as_a_win_but_is_marked():
    results = [Result("A", "B", "A", walkover=True)]
    rows = standings("AB", results, metrics=("wins",))
    assert (rows[0].player, rows[0].wins, rows[0].walkovers, rows[0].played) == ("A", 1, 1, 0)


def test_a_walkover_counts_for_nothing_when_the_setting_says_so():
    rows = standings("AB", [Result("A", "B", "A", walkover=True)], metrics=("wins",),
                     walkovers_count=False)
    assert [(r.label, r.wins, r.walkovers) for r in rows] == [("1st=", 0, 1), ("1st=", 0, 1)]


def test_a_bye_is_a_win_by_default():
    rows = standings("AB", [Result("A", None, "A")], metrics=("wins",))
    assert (rows[0].player, rows[0].wins, rows[0].byes) == ("A", 1, 1)


def test_an_unknown_metric_is_refused():
    with pytest.raises(SettingError, match="Unknown tie-break"):
        standings("AB", [], metrics=("elo",))


def test_a_bonus_counts_in_the_score_and_in_the_opponents_buchholz():
    # E joined late (half a point for one missed round) and beat B.
    results = [*RESULTS, Result("E", "B", "E", 7, 1)]
    rows = standings("ABCDE", results, metrics=("wins", "buchholz"), bonus={"E": 0.5})
    e = next(r for r in rows if r.player == "E")
    b = next(r for r in rows if r.player == "B")
    assert e.values["wins"] == 1.5 and e.wins == 1
    assert b.values["buchholz"] == 5 + 1.5  # A 2, C 2, D 1 as before, and E 1.5
