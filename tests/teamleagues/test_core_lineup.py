"""A captain's line-up checked (teamleagues.core.lineup, no database)."""

import pytest

from teamleagues.core.errors import TeamLeagueInputError
from teamleagues.core.lineup import lineup_problems, walkover_boards

RATINGS = {"ann": 1700, "bo": 1650, "cy": 1600, "di": 1550, "ed": 1500}
CLUB = set(RATINGS)


def check(players, **options):
    settings = {"boards": 4, "ratings": RATINGS, "tolerance": 50, "eligible": CLUB}
    return lineup_problems(players, **{**settings, **options})


def codes(problems):
    return [p.code for p in problems]


def test_a_line_up_in_rating_order_has_no_problem():
    assert check(["ann", "bo", "cy", "di"]) == []


def test_a_lower_board_within_the_tolerance_above_a_higher_one_is_allowed():
    assert check(["bo", "ann", "cy", "di"]) == []


def test_a_lower_board_more_than_the_tolerance_above_a_higher_one_names_both_boards():
    [problem] = check(["cy", "bo", "ann", "di"], tolerance=50)[-1:]
    assert problem.code == "order"
    assert (problem.params["low"], problem.params["high"]) == (3, 1)
    assert "Board 3 (ann, 1700) is rated more than 50 above board 1 (cy, 1600)" \
        in str(problem)


def test_board_order_is_checked_against_every_higher_board_not_only_the_next():
    problems = check(["cy", "di", "ann", "bo"], tolerance=75)
    assert sorted((p.params["low"], p.params["high"]) for p in problems) == [
        (3, 1), (3, 2), (4, 2)]


def test_a_player_without_a_rating_is_not_checked_for_order():
    problems = check(["ed", "new", "ann"], eligible=CLUB | {"new"}, tolerance=10)
    assert [(p.params["low"], p.params["high"]) for p in problems] == [(3, 1)]


def test_a_player_of_another_club_is_ineligible():
    problems = check(["ann", "stranger"])
    assert codes(problems) == ["ineligible"] and problems[0].params == {
        "player": "stranger", "board": 2}


def test_the_same_player_on_two_boards_is_a_problem():
    problems = check(["ann", "bo", "ann"])
    assert "twice" in codes(problems)
    twice = next(p for p in problems if p.code == "twice")
    assert (twice.params["first"], twice.params["board"]) == (1, 3)


def test_a_player_barred_from_dropping_to_a_lower_team_is_a_problem():
    assert codes(check(["ann", "bo"], barred={"bo"})) == ["barred"]


def test_more_players_than_boards_is_a_problem_and_none_at_all_too():
    assert "count" in codes(check(["ann", "bo", "cy", "di", "ed"]))
    assert codes(check([])) == ["empty"]


def test_fewer_players_than_boards_is_allowed():
    assert check(["ann", "bo"]) == []


def test_names_replace_the_ids_in_the_messages():
    [problem] = check([1, 2], eligible={1}, ratings={}, names={2: "Zed Zulu"})
    assert str(problem) == "Zed Zulu (board 2) may not play for this team."


def test_a_problem_carries_its_msgid_for_translation():
    msgid, params = check(["ann", "stranger"])[0]
    assert msgid == "%(player)s (board %(board)s) may not play for this team."


@pytest.mark.parametrize(("present", "boards", "lost"), [
    (4, 4, []), (3, 4, [4]), (1, 4, [2, 3, 4]), (0, 3, [1, 2, 3]), (6, 4, [])])
def test_walkovers_count_from_the_bottom_board_up(present, boards, lost):
    assert walkover_boards(present, boards) == lost


def test_a_card_without_boards_is_refused():
    with pytest.raises(TeamLeagueInputError):
        walkover_boards(0, 0)
