"""A division's table and its tie-breaks (teamleagues.core.table, no database)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from teamleagues.core.errors import TeamLeagueInputError
from teamleagues.core.scoring import Scoring
from teamleagues.core.table import TIEBREAKS, PlayedFixture, check_tiebreaks, standings

ALL = list(TIEBREAKS)
DEFAULT = Scoring()


def table(teams, results, tiebreaks=ALL, scoring=DEFAULT):
    return standings(teams, [PlayedFixture(*r) for r in results], scoring, tiebreaks)


def ranks(rows):
    return [(row.team, row.rank) for row in rows]


def test_a_row_counts_played_won_drawn_lost_and_the_points():
    rows = table(["A", "B", "C"], [("A", "B", 3, 1), ("B", "C", 2, 2), ("C", "A", 4, 0)])
    a = next(r for r in rows if r.team == "A")
    assert (a.played, a.won, a.drawn, a.lost) == (2, 1, 0, 1)
    assert (a.match_points, a.board_points, a.board_diff) == (2, 3, -2)


def test_the_table_ranks_by_match_points_first():
    rows = table(["A", "B", "C"], [("A", "B", 3, 1), ("A", "C", 3, 1), ("B", "C", 3, 1)])
    assert ranks(rows) == [("A", 1), ("B", 2), ("C", 3)]


def test_level_match_points_are_split_by_board_points_when_the_league_says_so():
    results = [("A", "B", 3, 1), ("B", "C", 4, 0), ("C", "A", 3, 1), ("D", "A", 0, 4)]
    rows = table(["A", "B", "C", "D"], results, ["match_points", "board_points"])
    assert ranks(rows)[:3] == [("A", 1), ("B", 2), ("C", 3)]


def test_head_to_head_counts_only_the_matches_among_the_tied_teams():
    # A beat B; B beat C twice; C beat A twice: A 2, B 4, C 4 match points. Between B and
    # C alone B won both (their points against A do not count).
    results = [("A", "B", 3, 1), ("B", "C", 3, 1), ("C", "B", 1, 3), ("C", "A", 3, 1),
               ("A", "C", 1, 3)]
    rows = table(["A", "C", "B"], results, ["match_points", "head_to_head", "playoff"])
    assert ranks(rows) == [("B", 1), ("C", 2), ("A", 3)]
    assert [r.tiebreak_values[1] for r in rows] == [4, 0, None]


def test_head_to_head_is_asked_again_among_the_teams_it_left_level():
    # Among A, B, C: A 6, B 3, C 3; between B and C alone: B 3 (a win, a draw), C 1.
    results = [("A", "B", 3, 1), ("B", "A", 1, 3), ("A", "C", 3, 1), ("C", "A", 3, 1),
               ("B", "C", 3, 1), ("C", "B", 2, 2)]
    rows = table(["C", "B", "A"], results, ["head_to_head", "playoff"])
    assert ranks(rows) == [("A", 1), ("B", 2), ("C", 3)]
    assert not any(r.needs_playoff for r in rows)


def test_a_circle_of_wins_leaves_head_to_head_level():
    results = [("A", "B", 3, 1), ("B", "C", 3, 1), ("C", "A", 3, 1)]
    rows = table(["A", "B", "C"], results, ["match_points", "head_to_head", "playoff"])
    assert {r.rank for r in rows} == {1} and all(r.needs_playoff for r in rows)


def test_a_two_way_head_to_head_decides_before_board_points():
    results = [("A", "B", 1, 3), ("A", "C", 4, 0), ("C", "B", 3, 1)]
    # match points: A 2, B 2, C 2 -> all level; h2h among all three is 2 each; by board
    # points A 5, B 4, C 3.
    rows = table(["A", "B", "C"], results, ["match_points", "head_to_head", "board_points"])
    assert ranks(rows) == [("A", 1), ("B", 2), ("C", 3)]
    pair = [("A", "B", 1, 3), ("A", "C", 4, 0), ("C", "B", 1, 3), ("C", "A", 3, 1)]
    # A 2, B 4, C 2: A and C level, their meetings one win each -> board points (A 5, C 4)
    rows = table(["A", "B", "C"], pair, ["match_points", "head_to_head", "board_points"])
    assert ranks(rows) == [("B", 1), ("A", 2), ("C", 3)]


def test_head_to_head_beats_board_points_when_it_comes_first():
    results = [("A", "B", 1, 3), ("A", "C", 4, 0), ("C", "B", 3, 1), ("B", "D", 3, 1),
               ("D", "A", 0, 4)]
    # A: 4 mp (beat C 4-0, beat D 4-0), B: 4 mp (beat A, beat D); B beat A.
    rows = table(["A", "B", "C", "D"], results, ["match_points", "head_to_head",
                                                 "board_points"])
    assert ranks(rows)[:2] == [("B", 1), ("A", 2)]
    rows = table(["A", "B", "C", "D"], results, ["match_points", "board_points",
                                                 "head_to_head"])
    assert ranks(rows)[:2] == [("A", 1), ("B", 2)]


def test_board_point_difference_splits_teams_level_on_board_points():
    results = [("A", "C", 3, 3), ("B", "C", 3, 1), ("A", "D", 3, 1), ("B", "D", 3, 3)]
    rows = table(["A", "B", "C", "D"], results, ["match_points", "board_points",
                                                 "board_point_difference"])
    assert [r.board_diff for r in rows if r.team in "AB"] == [2, 2]
    results = [("A", "C", 3, 0), ("B", "C", 3, 2)]
    rows = table(["A", "B", "C"], results, ["match_points", "board_points",
                                            "board_point_difference"])
    assert ranks(rows)[:2] == [("A", 1), ("B", 2)]


def test_teams_level_after_every_tie_break_share_a_rank():
    rows = table(["A", "B", "C"], [("A", "C", 3, 1), ("B", "C", 3, 1)],
                 ["match_points", "board_points"])
    assert ranks(rows) == [("A", 1), ("B", 1), ("C", 3)]
    assert not any(r.needs_playoff for r in rows)


def test_a_playoff_tie_break_flags_the_teams_still_level():
    rows = table(["A", "B", "C"], [("A", "C", 3, 1), ("B", "C", 3, 1)])
    assert ranks(rows) == [("A", 1), ("B", 1), ("C", 3)]
    assert [r.needs_playoff for r in rows] == [True, True, False]


def test_the_tiebreak_values_follow_the_league_s_order():
    rows = table(["A", "B"], [("A", "B", 3, 1)], ["board_points", "match_points"])
    assert rows[0].tiebreak_values == (3, 2)


def test_a_team_without_a_result_is_in_the_table_with_zeros():
    rows = table(["A", "B", "C"], [("A", "B", 3, 1)])  # B is second on board points
    c = next(r for r in rows if r.team == "C")
    assert (c.played, c.match_points, c.rank) == (0, 0, 3)


def test_the_cambridge_scoring_counts_three_two_one():
    rows = table(["A", "B", "C"], [("A", "B", 3, 1), ("B", "C", 2, 2)],
                 scoring=Scoring(3, 2, 1))
    assert {r.team: r.match_points for r in rows} == {"A": 3, "B": 3, "C": 2}


def test_an_unknown_tie_break_is_a_typed_error():
    with pytest.raises(TeamLeagueInputError, match="Unknown tie-break coin_toss"):
        table(["A", "B"], [], ["match_points", "coin_toss"])


@pytest.mark.parametrize("order", [["playoff", "match_points"],
                                   ["match_points", "match_points"]])
def test_a_playoff_not_last_or_a_tie_break_twice_is_refused(order):
    with pytest.raises(TeamLeagueInputError):
        check_tiebreaks(order)


def test_a_result_of_a_team_outside_the_division_is_refused():
    with pytest.raises(TeamLeagueInputError, match="not in the division"):
        table(["A", "B"], [("A", "Z", 3, 1)])


results_strategy = st.lists(st.tuples(st.sampled_from("ABCDEF"), st.sampled_from("ABCDEF"),
                                      st.integers(0, 6), st.integers(0, 6))
                            .filter(lambda r: r[0] != r[1]), max_size=30)


@given(results=results_strategy, order=st.permutations(TIEBREAKS[:4]))
@settings(max_examples=80, deadline=None)
def test_ranks_never_go_down_the_table_and_match_points_lead_when_first(results, order):
    rows = table(list("ABCDEF"), results, [*order, "playoff"])
    assert sorted(r.team for r in rows) == list("ABCDEF")
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    assert rows[0].rank == 1
    for before, after in zip(rows, rows[1:], strict=False):
        assert after.rank in (before.rank, rows.index(after) + 1)
    if order[0] == "match_points":
        points = [r.match_points for r in rows]
        assert points == sorted(points, reverse=True)
    assert sum(r.won for r in rows) == sum(r.lost for r in rows)
