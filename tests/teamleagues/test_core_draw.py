"""The draw of a division (teamleagues.core.draw, no database): the league's invariants for
every count from 2 to 20 teams and one to three meetings, byes, avoid-rounds and avoid-dates,
and the checker catching each broken rule."""

import datetime
import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from teamleagues.core.draw import (
    Draw,
    Fixture,
    assign_dates,
    avoid_problems,
    by_date,
    draw,
    draw_problems,
)
from teamleagues.core.errors import TeamLeagueInputError

COUNTS = range(2, 21)
MEETINGS = (1, 2, 3)


def teams(n):
    return [f"T{i}" for i in range(1, n + 1)]


def sides(result, team):
    return [f.home == team for _, f in result.fixtures_of(team) if f is not None]


def longest_run(seq):
    return max((len(list(g)) for _, g in itertools.groupby(seq)), default=0)


@pytest.mark.parametrize(("n", "meetings"), list(itertools.product(COUNTS, MEETINGS)))
def test_every_draw_from_2_to_20_teams_passes_its_checker(n, meetings):
    assert draw_problems(draw(teams(n), meetings=meetings)) == []


@pytest.mark.parametrize(("n", "meetings"), list(itertools.product(COUNTS, MEETINGS)))
def test_every_pair_meets_n_times(n, meetings):
    result = draw(teams(n), meetings=meetings)
    met = Counter(frozenset((f.home, f.away)) for r in result.rounds for f in r)
    assert set(met) == {frozenset(p) for p in itertools.combinations(teams(n), 2)}
    assert set(met.values()) == {meetings}


@pytest.mark.parametrize("n", COUNTS)
def test_a_double_round_robin_meets_once_at_each_home(n):
    result = draw(teams(n), meetings=2)
    homes = Counter((f.home, f.away) for r in result.rounds for f in r)
    assert set(homes.values()) == {1}
    assert len(homes) == n * (n - 1)


@pytest.mark.parametrize("n", COUNTS)
def test_a_triple_round_robin_hosts_each_pair_twice_at_one_home_and_once_at_the_other(n):
    result = draw(teams(n), meetings=3)
    homes = Counter((f.home, f.away) for r in result.rounds for f in r)
    for a, b in itertools.combinations(teams(n), 2):
        assert sorted((homes[(a, b)], homes[(b, a)])) == [1, 2]


@pytest.mark.parametrize(("n", "meetings"), list(itertools.product(COUNTS, MEETINGS)))
def test_no_team_plays_twice_in_a_round_and_an_odd_count_gives_one_bye(n, meetings):
    result = draw(teams(n), meetings=meetings)
    for fixtures, bye in zip(result.rounds, result.byes, strict=True):
        playing = [t for f in fixtures for t in (f.home, f.away)]
        assert len(playing) == len(set(playing))
        assert sorted(playing + ([bye] if bye is not None else [])) == sorted(teams(n))
        assert (bye is None) == (n % 2 == 0)


@pytest.mark.parametrize(("n", "meetings"), list(itertools.product(COUNTS, MEETINGS)))
def test_home_and_away_counts_differ_by_at_most_one(n, meetings):
    result = draw(teams(n), meetings=meetings)
    for team in teams(n):
        s = sides(result, team)
        assert abs(s.count(True) - s.count(False)) <= 1


@pytest.mark.parametrize(("n", "meetings"), list(itertools.product(COUNTS, MEETINGS)))
def test_no_team_has_three_homes_or_three_aways_in_a_row(n, meetings):
    """Even counts by the rule; odd counts too (a bye neither breaks nor extends a run)."""
    result = draw(teams(n), meetings=meetings)
    assert max(longest_run(sides(result, t)) for t in teams(n)) <= 2


def test_four_teams_twice_need_a_second_half_other_than_the_plain_mirror():
    result = draw(teams(4), meetings=2)
    assert draw_problems(result) == [] and len(result.rounds) == 6


@pytest.mark.parametrize("n", range(3, 21, 2))
def test_each_team_has_a_bye_once_per_cycle(n):
    result = draw(teams(n), meetings=3)
    assert Counter(result.byes) == dict.fromkeys(teams(n), 3)


def test_the_number_of_rounds_is_per_cycle_n_minus_one_or_n_when_odd():
    assert len(draw(teams(6), meetings=2).rounds) == 10
    assert len(draw(teams(7), meetings=3).rounds) == 21


@given(n=st.integers(2, 20), meetings=st.integers(1, 3), data=st.data())
@settings(max_examples=60, deadline=None)
def test_any_team_names_and_order_keep_the_invariants(n, meetings, data):
    names = data.draw(st.lists(st.one_of(st.integers(), st.text(min_size=1, max_size=5)),
                               min_size=n, max_size=n, unique=True))
    result = draw(names, meetings=meetings)
    assert draw_problems(result) == []
    assert result.teams == tuple(names)


@given(n=st.integers(2, 20), meetings=st.integers(1, 3), data=st.data())
@settings(max_examples=60, deadline=None)
def test_avoided_rounds_never_break_the_invariants_and_the_rest_are_reported(n, meetings,
                                                                             data):
    names = teams(n)
    rounds = (n - 1 + n % 2) * meetings
    avoid = data.draw(st.dictionaries(st.sampled_from(names),
                                      st.sets(st.integers(0, rounds - 1), max_size=4)))
    result = draw(names, meetings=meetings, avoid=avoid)
    assert draw_problems(result) == []
    reported = {(p.params["team"], p.params["round"]) for p in avoid_problems(result, avoid)}
    hosting = {(f.home, i + 1) for i, r in enumerate(result.rounds) for f in r
               if i in avoid.get(f.home, ())}
    assert reported == hosting


def test_an_avoided_round_is_honoured_by_placing_the_team_away_that_round():
    avoid = {"T1": {0, 2}, "T2": {1}}
    result = draw(teams(6), meetings=2, avoid=avoid)
    assert avoid_problems(result, avoid) == []
    assert draw_problems(result) == []


def test_a_team_avoiding_every_round_is_reported_for_the_rounds_it_hosts():
    avoid = {"T1": set(range(10))}
    result = draw(teams(6), meetings=2, avoid=avoid)
    problems = avoid_problems(result, avoid)
    assert len(problems) == 5 and {p.code for p in problems} == {"avoid_round"}
    assert str(problems[0]).startswith("T1 is at home in round ")


@pytest.mark.parametrize("meetings", [0, 4, -1])
def test_meetings_outside_one_to_three_are_refused(meetings):
    with pytest.raises(TeamLeagueInputError, match="once, twice or three times"):
        draw(teams(4), meetings=meetings)


def test_one_team_or_a_team_twice_is_refused():
    with pytest.raises(TeamLeagueInputError):
        draw(["A"], meetings=1)
    with pytest.raises(TeamLeagueInputError, match="listed twice"):
        draw(["A", "B", "A"], meetings=1)


# --------------------------------------------------------------------------- the checker


def by_hand(rounds, teams_=("A", "B", "C", "D"), meetings=1, byes=None):
    return Draw(tuple(teams_), meetings,
                tuple(tuple(Fixture(h, a) for h, a in r) for r in rounds),
                tuple(byes or [None] * len(rounds)))


def test_the_checker_catches_a_pair_that_never_meets():
    bad = by_hand([[("A", "B"), ("C", "D")], [("A", "C"), ("B", "D")],
                   [("A", "B"), ("C", "D")]])
    assert {p.code for p in draw_problems(bad)} >= {"meetings"}


def test_the_checker_catches_a_team_twice_in_a_round():
    bad = by_hand([[("A", "B"), ("A", "C")], [("D", "B")]], teams_=("A", "B", "C", "D"))
    assert "round" in {p.code for p in draw_problems(bad)}


def test_the_checker_catches_a_pair_at_the_same_home_twice():
    rounds = [[("A", "B"), ("C", "D")], [("A", "C"), ("B", "D")], [("A", "D"), ("B", "C")]]
    bad = by_hand(rounds + rounds, meetings=2)
    assert "hosts" in {p.code for p in draw_problems(bad)}


def test_the_checker_catches_unbalanced_homes_and_long_runs():
    bad = by_hand([[("A", "B"), ("C", "D")], [("A", "C"), ("B", "D")],
                   [("A", "D"), ("B", "C")]])
    codes = Counter(p.code for p in draw_problems(bad))
    assert codes["balance"] >= 1 and codes["run"] >= 1


def test_a_problem_unpacks_as_its_msgid_and_values():
    bad = by_hand([[("A", "B"), ("C", "D")], [("A", "C"), ("B", "D")],
                   [("A", "D"), ("B", "C")]])
    problem = next(p for p in draw_problems(bad) if p.code == "balance")
    msgid, params = problem
    assert msgid == "%(team)s has %(home)s home and %(away)s away matches."
    assert params == {"team": "A", "home": 3, "away": 0}
    assert str(problem) == "A has 3 home and 0 away matches."


# --------------------------------------------------------------------------- dates


def weekly(count, start=datetime.date(2026, 9, 5)):
    return [start + datetime.timedelta(weeks=i) for i in range(count)]


def test_dates_follow_the_rounds_when_nobody_avoids_one():
    result = draw(teams(6), meetings=2)
    dates, problems = assign_dates(result, weekly(10), {})
    assert list(dates) == weekly(10) and problems == []


def test_an_avoided_date_moves_a_round_and_keeps_the_runs_short():
    result = draw(teams(8), meetings=2)
    days = weekly(len(result.rounds))
    first_home = result.rounds[0][0].home
    dates, problems = assign_dates(result, days, {first_home: {days[0]}})
    assert problems == []
    assert len(set(dates)) == len(dates) == len(result.rounds)
    hosting = [dates[i] for i, r in enumerate(result.rounds) for f in r
               if f.home == first_home]
    assert days[0] not in hosting
    reordered, in_order = by_date(result, dates)
    assert list(in_order) == sorted(dates)
    assert draw_problems(reordered) == []
    assert set(reordered.rounds) == set(result.rounds)


def test_a_round_whose_host_avoids_its_date_moves_to_another():
    result = draw(teams(4), meetings=1)
    days = weekly(4)
    host = result.rounds[1][0].home  # round 2, on the second date unless moved
    dates, problems = assign_dates(result, days, {host: {days[1]}})
    assert problems == [] and dates[1] != days[1]


def test_an_avoid_date_that_cannot_be_honoured_is_reported():
    result = draw(teams(4), meetings=2)
    days = weekly(6)
    dates, problems = assign_dates(result, days, {"T1": set(days), "T2": set(days)})
    assert problems and {p.code for p in problems} == {"avoid_date"}
    assert all(p.params["team"] in {"T1", "T2"} for p in problems)


def test_too_few_dates_are_refused():
    with pytest.raises(TeamLeagueInputError, match="need at least"):
        assign_dates(draw(teams(4), meetings=1), weekly(2), {})


@given(n=st.integers(2, 12), meetings=st.integers(1, 3), spare=st.integers(0, 3),
       data=st.data())
@settings(max_examples=40, deadline=None)
def test_assigned_dates_are_distinct_and_every_unreported_match_honours_its_host(
        n, meetings, spare, data):
    result = draw(teams(n), meetings=meetings)
    days = weekly(len(result.rounds) + spare)
    avoid = data.draw(st.dictionaries(st.sampled_from(teams(n)),
                                      st.sets(st.sampled_from(days), max_size=3)))
    dates, problems = assign_dates(result, days, avoid)
    assert len(set(dates)) == len(result.rounds) and set(dates) <= set(days)
    reported = {(p.params["team"], p.params["date"]) for p in problems}
    hosting = {(f.home, dates[i].isoformat()) for i, r in enumerate(result.rounds)
               for f in r if dates[i] in avoid.get(f.home, ())}
    assert reported == hosting
