"""``/api/tournaments/<id>/`` at club scale: the bracket is read and serialized once per
version of the event; a warm answer reads the tournament's row only, and every write to the
event (or a player renamed) gives the next answer afresh."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import NO_LOGIN, members, tournament_of
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(club):
    entrants = members(club, 16, start=0, name="Cup{:02}", username=NO_LOGIN)
    return tournament_of(club, entrants, name="Cached Cup", format="double_elimination")


def _detail(client, tournament):
    response = client.get(reverse("tournament-detail", args=[tournament.pk]),
                          HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    return response.json()


def test_a_warm_detail_reads_one_query(client, cup, django_assert_num_queries):
    first = _detail(client, cup)
    # The tournament's row (its version and club): no match, entry or placing is read.
    with django_assert_num_queries(1):
        again = _detail(client, cup)
    assert again == first and len(again["matches"]) > 20


def test_a_cold_detail_reads_the_bracket_in_five_queries(client, cup,
                                                         django_assert_num_queries):
    # The tournament with its club, then its matches, entries and placings with players, and
    # the finished rows of its matches (their rated verdicts; none finished yet).
    with django_assert_num_queries(5):
        _detail(client, cup)


def test_a_result_entered_shows_in_the_next_answer(client, cup, alice):
    _detail(client, cup)
    match = cup.matches.get(key="M1-1")
    services.match_result_enter(match=match, by=alice, winner=match.player_a_id,
                                score_a=7, score_b=3)
    answered = next(m for m in _detail(client, cup)["matches"] if m["key"] == "M1-1")
    assert (answered["status"], answered["winner_id"]) == ("finished", match.player_a_id)


def test_a_player_renamed_shows_in_the_next_answer(client, cup):
    _detail(client, cup)
    entry = cup.entries.select_related("player").first()
    entry.player.name = "Renamed Rita"
    entry.player.save()
    assert "Renamed Rita" in {e["player"] for e in _detail(client, cup)["entries"]}


def test_the_detail_of_another_tournament_is_its_own(client, cup, club):
    other = services.tournament_create(club=club, name="Other Cup",
                                       format="single_elimination",
                                       starts_on=datetime.date(2026, 12, 5))
    _detail(client, cup)
    assert _detail(client, other)["name"] == "Other Cup"
