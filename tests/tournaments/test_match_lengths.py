"""Match lengths, one rule for every event (issue 18): the pure tournaments.formats.lengths
lays out knockouts and the groups' knockout and checks ladders' and leagues' lengths; an
unknown round name is refused with the accepted ones (a 400 through the API)."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import members
from tests.tournaments.test_round_robin_event import _play_all
from tournaments import services
from tournaments.models import Tournament
from tournaments.services import ladder, league

pytestmark = pytest.mark.django_db


def _knockout(club, count, fmt, options):
    tournament = services.tournament_create(club=club, name="Cup", format=fmt,
                                            starts_on=datetime.date(2026, 11, 28),
                                            options=options)
    for player in members(club, count):
        services.entry_add(tournament=tournament, player=player)
    services.tournament_start(tournament=tournament)
    return {(r.flight, r.number): r.length for r in tournament.rounds.all()}


def test_a_semi_final_override_does_not_reach_the_grand_final(club):
    lengths = _knockout(club, 8, "double_elimination",
                        {"round_lengths": {"main": {"semi_final": 13}}})
    assert lengths["main", 2] == 13
    assert (lengths["final", 1], lengths["final", 2]) == (7, 7)


def test_the_grand_final_is_set_by_its_own_name(club):
    lengths = _knockout(club, 4, "double_elimination",
                        {"round_lengths": {"final": {"final": 13}}})
    assert (lengths["final", 1], lengths["final", 2]) == (13, 13)
    assert lengths["main", 2] == 7


def test_an_unknown_round_name_is_refused_with_the_accepted_ones_and_nothing_is_saved(club):
    with pytest.raises(services.TournamentError, match="one of final, semi_final"):
        services.tournament_create(club=club, name="Cup", starts_on=datetime.date(2026, 1, 1),
                                   options={"round_lengths": {"main": {"semifinal": 9}}})
    assert not Tournament.objects.exists()


def test_the_api_answers_an_unknown_round_name_with_a_400_naming_the_accepted_ones(
        client, club, alice):
    client.force_login(alice)
    response = client.post(
        reverse("tournament-create-api", args=[club.slug]),
        {"name": "API Cup", "starts_on": "2026-12-12", "format": "single_elimination",
         "options": {"round_lengths": {"main": {"quarter_final": 9}}}},
        content_type="application/json")
    assert response.status_code == 400
    assert "use a round number from 1 or one of final, semi_final" in response.content.decode()
    assert not Tournament.objects.exists()


def test_the_groups_knockout_plays_the_events_final_length(club):
    tournament = services.tournament_create(
        club=club, name="Groups", format="groups", starts_on=datetime.date(2026, 11, 28),
        options={"format_settings": {"groups": 2, "qualifiers": 2},
                 "lengths": {"main": 5}, "round_lengths": {"main": {"final": 9}}})
    for player in members(club, 8):
        services.entry_add(tournament=tournament, player=player)
    services.tournament_start(tournament=tournament)
    tournament.refresh_from_db()
    _play_all(tournament)
    knockout = services.groups_knockout_create(tournament=tournament)
    lengths = {(r.flight, r.number): r.length for r in knockout.rounds.all()}
    assert (lengths["main", 1], lengths["main", 2]) == (5, 9)  # was 5 and 5: ignored


@pytest.mark.parametrize("length", [8, 27, 0])
def test_a_ladder_and_a_league_refuse_a_length_by_the_same_rule(club, length):
    with pytest.raises(services.TournamentError, match="match lengths are odd, from 1 to 25"):
        ladder.ladder_create(club=club, name="Ladder", length=length)
    players = members(club, 4)
    with pytest.raises(services.TournamentError, match="match lengths are odd, from 1 to 25"):
        league.season_create(club=club, name="2026", starts_on=datetime.date(2026, 1, 5),
                             ends_on=datetime.date(2026, 6, 30),
                             divisions=[[p.pk for p in players]], length=length)
