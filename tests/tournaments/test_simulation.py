"""simulate_tournament and the demo data: a realistic event played out through the services
(members and a guest, a recorded draw, club-night scores, a withdrawal), the same seed giving
the same event, and demo_data adding its tournaments once."""

import datetime
import io
import random

import pytest
from django.core.management import CommandError, call_command

from clubs.models import Club
from tests.factories import MembershipFactory, PlayerFactory
from tournaments.models import Entry, Placing, Tournament, TournamentMatch
from tournaments.services.simulation import realistic_score

pytestmark = pytest.mark.django_db
MatchStatus = TournamentMatch.Status


@pytest.fixture
def members(club):
    return [MembershipFactory(club=club, player=PlayerFactory(name=f"Member {n:02d}")).player
            for n in range(1, 13)]


def _simulate(*args):
    out = io.StringIO()
    call_command("simulate_tournament", "--club", "riverside", "--date", "2026-11-28", *args,
                 stdout=out)
    return out.getvalue()


def test_it_plays_a_thirteen_player_event_to_its_placings(members):
    output = _simulate("--entrants", "13", "--seed", "s1")
    tournament = Tournament.objects.get()
    assert tournament.status == Tournament.Status.FINISHED and "finished" in output
    entries = tournament.entries.select_related("player")
    assert entries.count() == 13
    assert [e.player.name for e in entries if not e.player.name.startswith("Member")] == [
        "Visiting Vera"]
    assert tournament.draw_seed == "s1-draw"
    assert Entry.objects.filter(tournament=tournament, status="withdrawn").count() == 1
    assert tournament.matches.filter(status=MatchStatus.WALKOVER).exists()
    assert {p.competition for p in Placing.objects.filter(tournament=tournament)} == {
        "main", "consolation", "last_chance"}


def test_every_simulated_score_is_a_finished_match(members):
    _simulate("--entrants", "12", "--format", "double_elimination", "--seed", "s2")
    played = TournamentMatch.objects.filter(status=MatchStatus.FINISHED)
    assert played.count() >= 11
    for match in played:
        won, lost = (match.score_a, match.score_b) if match.winner_id == match.player_a_id \
            else (match.score_b, match.score_a)
        assert won >= match.length > lost, match


def test_the_same_seed_gives_the_same_event(members):
    _simulate("--seed", "again", "--name", "First")
    _simulate("--seed", "again", "--name", "Second")

    def results(name):
        return list(TournamentMatch.objects.filter(tournament__name=name).order_by("key")
                    .values_list("key", "winner__name", "score_a", "score_b"))

    assert results("First") == results("Second")


def test_it_can_stop_with_the_event_running(members):
    _simulate("--entrants", "8", "--format", "single_elimination", "--results", "3",
              "--no-withdrawal")
    tournament = Tournament.objects.get()
    assert tournament.status == Tournament.Status.RUNNING
    assert tournament.matches.filter(status=MatchStatus.FINISHED).count() == 3
    assert tournament.matches.filter(status=MatchStatus.READY).exists()


def test_an_unknown_club_or_too_small_a_club_is_a_clear_error(club):
    with pytest.raises(CommandError, match="No club"):
        call_command("simulate_tournament", "--club", "nowhere")
    with pytest.raises(CommandError, match="too few members"):
        _simulate("--entrants", "30")
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("length", [1, 3, 5, 7, 11, 25])
def test_realistic_scores_reach_the_length_and_the_loser_stops_short(length):
    rng = random.Random(length)
    for _ in range(200):
        a, b = realistic_score(rng, length, winner_first=True)
        assert a >= length > b >= 0
        assert a <= length + 2


def test_demo_data_adds_a_finished_and_a_running_tournament_once():
    call_command("demo_data", stdout=io.StringIO())
    call_command("demo_data", stdout=io.StringIO())
    club = Club.objects.get(slug="riverside")
    statuses = dict(club.tournaments.values_list("name", "status"))
    assert statuses == {"Riverside Monthly Knockout": "finished",
                        "Riverside Friday Double": "running",
                        "Riverside Swiss Night": "running"}  # see test_demo_formats.py
    monthly = club.tournaments.get(name="Riverside Monthly Knockout")
    assert monthly.entries.count() == 13 and monthly.starts_on == datetime.date(2026, 10, 31)
    assert monthly.rounds.get(flight="main", number=4).length == 11  # the final
