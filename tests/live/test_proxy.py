"""Who pressed it: every action records the login that pressed it and the player it was for.
A live match whose actions were not all made by each player's own login (one device, a club
admin at the table) ends as a report that the opponent confirms or disputes with their own
login (or a club admin or referee decides); its file stays the evidence. A match where both
players acted with their own logins still confirms itself (tests/live/test_api.py)."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from live.models import LiveAction, LiveMatch
from tests.factories import member
from tests.live.conftest import act, start, state
from tournaments import services as tournaments
from tournaments.models import ResultReport, TournamentMatch

pytestmark = pytest.mark.django_db(transaction=True)  # the file's rules check at the commit


@pytest.fixture
def dave(club):
    return member(club, "Dave")


@pytest.fixture
def heidi(club):
    return member(club, "Heidi")


@pytest.fixture
def final(club, dave, heidi):
    """A two-player knockout, 3 points: its final is Dave v Heidi."""
    tournament = tournaments.tournament_create(club=club, name="Cup",
                                               starts_on=datetime.date(2026, 11, 28),
                                               options={"lengths": {"main": 3}})
    for player in (dave, heidi):
        tournaments.entry_add(tournament=tournament, player=player)
    tournaments.tournament_start(tournament=tournament)
    return TournamentMatch.objects.get(tournament=tournament, key="M1-1")


def _heidi_resigns_a_backgammon(match_id, presser, dave, heidi):
    """Dave wins the opening 3-1 and plays it; Heidi "resigns" a backgammon, Dave accepts;
    every action pressed by ``presser``."""
    steps = [{"action": "roll", "dice": [3, 1], "player": dave.pk},
             {"action": "move", "play": "8/5 6/5", "player": dave.pk},
             {"action": "resign", "value": 3, "player": heidi.pk},
             {"action": "accept", "player": dave.pk}]
    for step in steps:
        response = act(presser, match_id, **step)
        assert response.status_code == 200, (step, response.json())


def test_one_device_does_not_decide_a_tournament_match_alone(club, final, dave, heidi):
    match_id = start(club, dave.user, dave, heidi, tournament_match=final.pk,
                     one_device=True)
    _heidi_resigns_a_backgammon(match_id, dave.user, dave, heidi)
    live = LiveMatch.objects.get(pk=match_id)
    assert live.status == LiveMatch.Status.FINISHED and live.record is not None
    final.refresh_from_db()
    assert final.status != TournamentMatch.Status.FINISHED and final.winner_id is None
    report = ResultReport.objects.get(match=final)
    assert report.status == ResultReport.Status.PENDING
    assert report.reported_by == dave.user and report.match_record == live.record
    assert "Played on one device by Dave." in report.note
    assert report.person_decides  # the explicit state, not the note, says a person decides
    with translation.override("de"):  # stored untranslated: shown in the reader's language
        assert report.shown_note.startswith("Auf einem Gerät gespielt von Dave. ")
    # Dave cannot confirm his own report; Heidi, with her own login, can.
    with pytest.raises(tournaments.NotAllowed):
        tournaments.match_result_confirm(report=report, by=dave.user)
    tournaments.match_result_confirm(report=report, by=heidi.user)
    final.refresh_from_db()
    assert final.status == TournamentMatch.Status.FINISHED and final.winner_id == dave.pk
    assert final.match_record == live.record


def test_every_action_records_who_pressed_it_and_for_whom(club, final, dave, heidi):
    match_id = start(club, dave.user, dave, heidi, tournament_match=final.pk,
                     one_device=True)
    _heidi_resigns_a_backgammon(match_id, dave.user, dave, heidi)
    rows = LiveAction.objects.filter(match_id=match_id).order_by("seq")
    assert [(r.kind, r.by_id, r.for_side) for r in rows] == [
        ("roll", dave.user.pk, 0), ("move", dave.user.pk, 0),
        ("resign", dave.user.pk, 1), ("accept", dave.user.pk, 0)]


def test_the_board_and_the_state_say_it_was_played_on_one_device(club, final, dave, heidi):
    match_id = start(club, dave.user, dave, heidi, tournament_match=final.pk,
                     one_device=True)
    assert state(dave.user, match_id)["proxy"] is None
    act(dave.user, match_id, action="roll", dice=[3, 1], player=heidi.pk)
    assert state(heidi.user, match_id)["proxy"] == "Played on one device by Dave."
    client = Client()
    client.force_login(heidi.user)
    page = client.get(reverse("live:board", args=[match_id])).content.decode()
    assert "Played on one device by Dave." in page


def test_a_one_device_match_where_each_acted_for_themselves_confirms_itself(
        club, final, dave, heidi):
    match_id = start(club, dave.user, dave, heidi, tournament_match=final.pk,
                     one_device=True)
    for user, step in [(dave.user, {"action": "roll", "dice": [3, 1], "player": dave.pk}),
                       (dave.user, {"action": "move", "play": "8/5 6/5"}),
                       (heidi.user, {"action": "resign", "value": 3}),
                       (dave.user, {"action": "accept"})]:
        assert act(user, match_id, **step).status_code == 200
    final.refresh_from_db()
    assert final.status == TournamentMatch.Status.FINISHED
    assert LiveMatch.objects.get(pk=match_id).proxy_note == ""


def test_a_club_admin_acting_for_the_players_leaves_a_report(club, final, dave, heidi, alice):
    match_id = start(club, alice, dave, heidi, tournament_match=final.pk)
    _heidi_resigns_a_backgammon(match_id, alice, dave, heidi)
    final.refresh_from_db()
    assert final.status != TournamentMatch.Status.FINISHED
    report = ResultReport.objects.get(match=final)
    assert report.status == ResultReport.Status.PENDING
    assert "acted for a player" in report.note
    # The club's admin decides it (the director enters the result).
    tournaments.match_result_enter(match=final, winner=dave.pk, score_a=3, score_b=0,
                                   by=alice)
    final.refresh_from_db()
    assert final.status == TournamentMatch.Status.FINISHED


def test_a_ladder_challenge_on_one_device_waits_for_the_opponent(club, dave, heidi):
    from tournaments.services import ladder as ladders

    ladder = ladders.ladder_create(club=club, name="Ladder", length=3)
    for player in (heidi, dave):
        ladders.ladder_join(ladder=ladder, player=player)
    challenge = ladders.challenge_issue(ladder=ladder, by=dave.user, challenged=heidi)
    match_id = start(club, dave.user, dave, heidi, challenge=challenge.pk, one_device=True)
    _heidi_resigns_a_backgammon(match_id, dave.user, dave, heidi)
    challenge.refresh_from_db()
    live = LiveMatch.objects.get(pk=match_id)
    # The file's check passed (at the commit) and agrees, yet it does not confirm: one login
    # played both sides. The file is the evidence, linked from the challenge and its page.
    assert challenge.status == "reported" and challenge.reported_by == dave.user
    assert live.record is not None and challenge.match_record == live.record
    assert live.record.rules_check.status == "passed"
    assert "Played on one device by Dave." in challenge.note
    assert challenge.person_decides
    page = Client()
    page.force_login(heidi.user)
    html = page.get(reverse("tournaments:ladder", args=[club.slug, ladder.pk])).content.decode()
    assert reverse("games:match-detail", args=[live.record.pk]) in html
    assert "Played on one device by Dave." in html
    with pytest.raises(tournaments.NotAllowed):
        ladders.challenge_confirm(challenge=challenge, by=dave.user)
    ladders.challenge_confirm(challenge=challenge, by=heidi.user)
    challenge.refresh_from_db()
    assert challenge.status == "decided" and challenge.winner == dave
