"""A season's end (teamleagues.core.season, no database): Holdturneringen's two up, two
down and the playoff between the Elite's 10th and the 1st division's 3rd, regions below,
the one-team-per-club rule, new teams at the bottom."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from teamleagues.core.errors import TeamLeagueInputError
from teamleagues.core.scoring import Scoring
from teamleagues.core.season import DivisionTable, Move, Playoff, season_end
from teamleagues.core.table import PlayedFixture, standings

ELITE = [f"E{i}" for i in range(1, 13)]
FIRST = [f"F{i}" for i in range(1, 13)]
EAST = [f"O{i}" for i in range(1, 7)]
WEST = [f"V{i}" for i in range(1, 7)]


#: where the 1st division's relegated teams come from
REGIONS = {"F11": "east", "F12": "west"}


def league(*, elite=ELITE, first=FIRST, east=EAST, west=WEST, flag=True):
    return [
        DivisionTable(1, None, 0, 2, (10, 2, 3), elite, key="Elite", one_team_per_club=flag),
        DivisionTable(2, None, 2, 2, None, first, key="1st"),
        DivisionTable(3, "east", 1, 0, None, east, key="East"),
        DivisionTable(3, "west", 1, 0, None, west, key="West"),
    ]


def test_two_go_up_and_two_go_down():
    end = season_end(league())
    assert end.promoted[:2] == (Move("F1", "1st", "Elite"), Move("F2", "1st", "Elite"))
    assert set(end.relegated[:2]) == {Move("E11", "Elite", "1st"), Move("E12", "Elite", "1st")}


def test_the_elite_s_tenth_plays_the_first_division_s_third():
    end = season_end(league())
    assert end.playoffs == (Playoff("E10", "F3", "Elite", "1st", None),)
    assert "E10" in end.proposal["Elite"] and "F3" in end.proposal["1st"]


def test_a_playoff_won_by_the_lower_team_swaps_the_two():
    end = season_end(league(), playoff_winners={"F3"})
    assert Move("F3", "1st", "Elite") in end.promoted
    assert Move("E10", "Elite", "1st") in end.relegated
    assert "F3" in end.proposal["Elite"] and "E10" in end.proposal["1st"]


def test_a_playoff_won_by_the_higher_team_changes_nothing():
    end = season_end(league(), playoff_winners={"E10"})
    assert end.playoffs[0].winner == "E10"
    assert "E10" in end.proposal["Elite"] and "F3" in end.proposal["1st"]


def test_a_playoff_declared_on_both_divisions_is_played_once():
    divisions = league()
    divisions[1] = DivisionTable(2, None, 2, 2, (3, 1, 10), FIRST, key="1st")
    assert len(season_end(divisions).playoffs) == 1


def test_regional_winners_go_up_and_the_relegated_go_to_their_region():
    end = season_end(league(), region_of=REGIONS)
    assert Move("O1", "East", "1st") in end.promoted
    assert Move("V1", "West", "1st") in end.promoted
    assert Move("F11", "1st", "East") in end.relegated
    assert Move("F12", "1st", "West") in end.relegated


def test_the_divisions_keep_their_size():
    end = season_end(league(), region_of=REGIONS)
    assert {k: len(v) for k, v in end.proposal.items()} == {
        "Elite": 12, "1st": 12, "East": 6, "West": 6}


def test_every_team_is_in_exactly_one_division_next_season():
    end = season_end(league(), region_of=REGIONS,
                     playoff_winners={"F3"})
    everyone = [t for teams in end.proposal.values() for t in teams]
    assert sorted(everyone) == sorted(ELITE + FIRST + EAST + WEST)


def test_a_club_with_a_team_in_the_elite_is_passed_over_for_the_next_team():
    club = {"E5": "Aarhus", "F1": "Aarhus"}
    end = season_end(league(), club_of=club)
    assert [m.team for m in end.promoted[:2]] == ["F2", "F4"]  # F3 is in the playoff
    [problem] = [p for p in end.problems if p.code == "club_already_above"]
    assert problem.params["team"] == "F1"


def test_a_club_whose_elite_team_goes_down_may_bring_its_other_team_up():
    club = {"E12": "Odense", "F1": "Odense"}
    end = season_end(league(), club_of=club, region_of=REGIONS)
    assert Move("F1", "1st", "Elite") in end.promoted
    assert not end.problems


def test_a_playoff_winner_whose_club_is_already_in_the_elite_is_reported():
    club = {"E1": "Vejle", "F3": "Vejle"}
    end = season_end(league(), club_of=club, playoff_winners={"F3"})
    assert "one_team_per_club" in {p.code for p in end.problems}


def test_an_unmarked_division_may_hold_two_teams_of_a_club():
    club = {"E5": "Aarhus", "F1": "Aarhus"}
    end = season_end(league(flag=False), club_of=club, region_of=REGIONS)
    assert Move("F1", "1st", "Elite") in end.promoted and not end.problems


def test_club_of_may_be_a_function():
    end = season_end(league(), club_of=lambda team: team[1:])  # E1 and F1 share club "1"
    assert "F1" not in {m.team for m in end.promoted}


def test_a_relegated_team_with_no_region_among_several_below_is_reported():
    end = season_end(league())
    stuck = {p.params["team"] for p in end.problems if p.code == "no_division_below"}
    assert stuck == {"F11", "F12"}
    assert {"F11", "F12"} <= set(end.proposal["1st"])


def test_new_teams_start_in_their_region_s_bottom_division():
    end = season_end(league(), new_teams=["N1", "N2"], region_of={"N1": "west"})
    assert "N1" in end.proposal["West"]
    assert any("N2" in end.proposal[k] for k in ("East", "West"))


def test_new_teams_without_a_region_fill_the_smaller_bottom_division():
    end = season_end(league(east=EAST[:4]), new_teams=["N1"])
    assert "N1" in end.proposal["East"]


def test_rows_of_a_table_are_read_by_team():
    teams = ["A", "B", "C", "D"]
    results = [PlayedFixture("A", "B", 3, 1), PlayedFixture("C", "D", 3, 1),
               PlayedFixture("A", "C", 3, 1), PlayedFixture("B", "D", 3, 1)]
    rows = standings(teams, results, Scoring(), ["match_points", "board_points"])
    end = season_end([DivisionTable(1, None, 0, 1, None, ["X", "Y"], key="Top"),
                      DivisionTable(2, None, 1, 0, None, rows, key="Low")])
    assert end.promoted == (Move("A", "Low", "Top"),)


def test_a_team_relegated_and_in_a_playoff_stays_and_is_reported():
    divisions = league()
    divisions[0] = DivisionTable(1, None, 0, 3, (10, 2, 3), ELITE, key="Elite")
    end = season_end(divisions)
    assert "playoff_and_relegated" in {p.code for p in end.problems}
    assert "E10" in end.proposal["Elite"]


def test_a_playoff_place_beyond_the_table_is_reported():
    divisions = league()
    divisions[0] = DivisionTable(1, None, 0, 2, (13, 2, 3), ELITE, key="Elite")
    end = season_end(divisions)
    assert end.playoffs == () and "playoff_place" in {p.code for p in end.problems}


def test_a_team_in_two_divisions_is_refused():
    with pytest.raises(TeamLeagueInputError, match="two divisions"):
        season_end(league(first=[*FIRST[:11], "E1"]))


def test_moving_more_teams_than_a_division_has_is_refused():
    with pytest.raises(TeamLeagueInputError, match="cannot move"):
        season_end([DivisionTable(1, None, 2, 2, None, ["A", "B", "C"], key="X")])


def test_a_division_key_defaults_to_its_level_and_region():
    end = season_end([DivisionTable(1, None, 0, 1, None, ["A", "B"]),
                      DivisionTable(2, "north", 1, 0, None, ["C", "D"])])
    assert end.promoted == (Move("C", (2, "north"), (1, None)),)


@given(sizes=st.lists(st.integers(4, 12), min_size=2, max_size=4), data=st.data())
@settings(max_examples=80, deadline=None)
def test_every_team_lands_in_exactly_one_division_and_moves_one_level(sizes, data):
    divisions, level_of = [], {}
    for level, size in enumerate(sizes, start=1):
        names = [f"L{level}-{i}" for i in range(size)]
        up = data.draw(st.integers(0, 2)) if level > 1 else 0
        down = data.draw(st.integers(0, 2)) if level < len(sizes) else 0
        playoff = (size - down, level + 1, up + 1) if (
            level < len(sizes) and data.draw(st.booleans())) else None
        divisions.append(DivisionTable(level, None, up, down, playoff, names, key=level,
                                       one_team_per_club=level == 1))
        level_of.update(dict.fromkeys(names, level))
    clubs = {t: data.draw(st.integers(0, 5)) for t in level_of}
    winners = data.draw(st.sets(st.sampled_from(sorted(level_of)), max_size=3))
    end = season_end(divisions, club_of=clubs, playoff_winners=winners,
                     new_teams=["N1"])
    everyone = [t for teams in end.proposal.values() for t in teams]
    assert sorted(everyone) == sorted([*level_of, "N1"])
    assert "N1" in end.proposal[len(sizes)]
    for move in end.promoted:
        assert move.to_division == level_of[move.team] - 1
    for move in end.relegated:
        assert move.to_division == level_of[move.team] + 1
