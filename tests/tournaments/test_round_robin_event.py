"""A 9-player round robin and 4 groups into a knockout, through the services, against
hand-worked tables."""

import datetime

import pytest

from tests.factories import members
from tournaments import selectors_rounds, services
from tournaments.models import Tournament, TournamentMatch

pytestmark = pytest.mark.django_db
MatchStatus = TournamentMatch.Status


def _event(club, count, fmt, **settings):
    tournament = services.tournament_create(
        club=club, name="Round robin", format=fmt, starts_on=datetime.date(2026, 11, 28),
        options={"format_settings": settings, "lengths": {"main": 5}})
    players = members(club, count)
    for player in players:
        services.entry_add(tournament=tournament, player=player)
    services.tournament_start(tournament=tournament)
    tournament.refresh_from_db()
    return tournament, players


def _play_all(tournament, upsets=()):
    """The better seed wins 5-x unless (better, worse) is in ``upsets``."""
    seed = dict(tournament.entries.values_list("player_id", "seed"))
    for match in tournament.matches.filter(status=MatchStatus.READY).order_by("pk"):
        a, b = match.player_a_id, match.player_b_id
        better, worse = (a, b) if seed[a] < seed[b] else (b, a)
        winner = worse if (seed[better], seed[worse]) in upsets else better
        loser_points = seed[b] % 5 if winner == a else seed[a] % 5
        scores = (5, loser_points) if winner == a else (loser_points, 5)
        services.match_result_enter(match=match, winner=winner, score_a=scores[0],
                                    score_b=scores[1], by=None)


def test_a_9_player_round_robin_lays_out_berger_rounds_and_finishes_with_its_table(club):
    tournament, players = _event(club, 9, "round_robin")
    assert tournament.rounds.count() == 9
    assert tournament.matches.count() == 36  # 9 x 8 / 2; the bye each round is no match
    for number in range(1, 10):
        assert tournament.matches.filter(round_number=number).count() == 4
    _play_all(tournament, upsets={(1, 9)})
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    seed = dict(tournament.entries.values_list("player_id", "seed"))
    table = selectors_rounds.standings_table(tournament=tournament)
    # Seed k beats everyone below: 9 - k wins, except 9 beat 1. 1 and 2 on 7 wins: 1 beat
    # 2 (head-to-head). 8 and 9 on 1 win: 8 beat 9.
    assert [(r["label"], seed[r["player_id"]], r["wins"]) for r in table["rows"]] == [
        ("1st", 1, 7), ("2nd", 2, 7), ("3rd", 3, 6), ("4th", 4, 5), ("5th", 5, 4),
        ("6th", 6, 3), ("7th", 7, 2), ("8th", 8, 1), ("9th", 9, 1)]
    placings = dict(tournament.placings.values_list("player_id", "place"))
    assert placings[players[0].pk] == 1 and placings[players[8].pk] == 9
    grid = selectors_rounds.crosstable_for(tournament=tournament)
    assert grid["rows"][0]["cells"][8] == ["L 1-5"] and grid["rows"][8]["cells"][0] == ["W 5-1"]
    assert grid["rows"][0]["cells"][0] is None


def test_a_double_round_robin_plays_everyone_twice(club):
    tournament, _ = _event(club, 4, "round_robin", cycles=2)
    assert tournament.matches.count() == 12


def test_four_groups_send_their_top_two_into_a_crossed_over_knockout(club):
    tournament, players = _event(club, 16, "groups", groups=4, qualifiers=2)
    seed = dict(tournament.entries.values_list("player_id", "seed"))
    groups = {}
    for match in tournament.matches.all():
        groups.setdefault(match.flight, set()).update({seed[match.player_a_id],
                                                       seed[match.player_b_id]})
    # Snake seeding: A 1 8 9 16, B 2 7 10 15, C 3 6 11 14, D 4 5 12 13.
    assert groups == {"A": {1, 8, 9, 16}, "B": {2, 7, 10, 15}, "C": {3, 6, 11, 14},
                      "D": {4, 5, 12, 13}}
    with pytest.raises(services.TournamentError, match="needs its result"):
        services.groups_knockout_create(tournament=tournament)
    _play_all(tournament)
    knockout = services.groups_knockout_create(tournament=tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.options["format_settings"]["knockout"] == knockout.pk
    assert knockout.format == "single_elimination" and knockout.status == "running"
    first = {frozenset((seed[m.player_a_id], seed[m.player_b_id]))
             for m in knockout.matches.filter(round_number=1, flight="main")}
    # Winners 1 2 3 4, runners-up 8 7 6 5: A1-B2 (1-7), B1-A2 (2-8), C1-D2 (3-5),
    # D1-C2 (4-6).
    assert first == {frozenset(p) for p in ((1, 7), (2, 8), (3, 5), (4, 6))}
    # The group stage's placings, per group: A 1 8 9 16 in seed order (the better seed won).
    group_a = tournament.placings.filter(competition="group A").order_by("place")
    assert [(seed[p.player_id], p.place, p.field_size) for p in group_a] == [
        (1, 1, 4), (8, 2, 4), (9, 3, 4), (16, 4, 4)]
    assert tournament.placings.count() == 16
