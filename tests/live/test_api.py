"""The live match API: the issue's contract, and its "Done when": a recorded 7-point match
replayed action by action in manual-dice mode exports a file that re-imports to the same
games, plays, cube actions and score; refusals change nothing."""

import datetime

import pytest
from django.urls import reverse

from games.models import MatchRecord, MatchTurn
from games.services.match_import import match_import
from live.models import LiveAction, LiveMatch
from results.models import FinishedMatch
from tests.factories import member, sample_bytes
from tests.live.conftest import act, api, play_script, start, state
from tests.live.scripts import actions_of, summary
from tournaments import services as tournaments
from tournaments.models import ResultReport, TournamentMatch

pytestmark = pytest.mark.django_db

SEVEN = "7point.mat"


def _turns(record: MatchRecord) -> list:
    return [(t.game.number, t.player, t.kind, t.die1, t.die2, t.roll_kind, t.canonical, t.value)
            for t in MatchTurn.objects.filter(game__record=record)
            .select_related("game").order_by("game__number", "index")]


def _games(record: MatchRecord) -> list:
    return list(record.games.order_by("number").values_list(
        "number", "score_left", "score_right", "winner", "points", "result_kind", "ended_by",
        "cube_value", "crawford"))


@pytest.mark.django_db(transaction=True)  # each action commits: its rules check runs
def test_a_recorded_7_point_match_replayed_through_the_api_reimports_the_same(
        club, other_club, joe, snow):
    text = sample_bytes(SEVEN).decode()
    match_id = start(club, joe.user, joe, snow)
    play_script(actions_of(text), match_id, {0: joe.user, 1: snow.user})

    final = state(snow.user, match_id)
    assert final["finished"] and final["score"] == [8, 5] and final["winner"] == joe.pk
    exported = api(joe.user).get(reverse("live-export-api", args=[match_id]))
    assert exported.status_code == 200
    assert summary(exported.content.decode()) == summary(text)

    # The finished match became a record (checked); the original file imported elsewhere
    # gives the same games, turns (dice, plays, cube actions) and score.
    live = LiveMatch.objects.get(pk=match_id)
    assert live.status == "finished" and live.record is not None
    original = match_import(club=other_club, data=sample_bytes(SEVEN), filename=SEVEN,
                            player_left=member(other_club, "J"),
                            player_right=member(other_club, "S"))
    for record in (live.record, original):
        record.refresh_from_db()
        assert record.rules_check.status == "passed"
    assert _turns(live.record) == _turns(original)
    assert _games(live.record) == _games(original)
    assert (live.record.score_left, live.record.score_right, live.record.winner) == (8, 5, 0)


def test_the_state_holds_the_contract_fields(club, joe, snow):
    match_id = start(club, joe.user, joe, snow)
    body = act(snow.user, match_id, action="roll", dice=[4, 2]).json()
    for key in ("game", "game_over", "finished", "turn", "dice", "legal_plays", "cube",
                "score", "position_id", "match_id"):
        assert key in body
    assert body["turn"] == snow.pk and body["dice"] == [4, 2] and body["game"] == 1
    assert "8/4 6/4" in body["legal_plays"]
    assert body["cube"] == {"value": 1, "owner": None, "owner_side": None, "offered": False,
                            "offered_by": None}
    assert body["score"] == [0, 0] and body["position_id"] == "4HPwATDgc/ABMA"
    assert body["match_id"] == "cAnqAAAAAAAE"  # 7-point, 0-0, player 1 has rolled 4-2 (gnubg)


def _log(match_id):
    return list(LiveAction.objects.filter(match_id=match_id).values_list("seq", "kind"))


def test_an_illegal_play_is_refused_with_the_legal_plays_and_changes_nothing(club, joe, snow):
    match_id = start(club, joe.user, joe, snow)
    act(joe.user, match_id, action="roll", dice=[3, 1])
    before, log = state(joe.user, match_id), _log(match_id)
    response = act(joe.user, match_id, action="move", play="13/7")
    assert response.status_code == 400
    assert "not a legal play" in response.json()["detail"]
    assert "8/5 6/5" in response.json()["legal_plays"]
    assert state(joe.user, match_id) == before and _log(match_id) == log


def test_acting_out_of_turn_is_refused_and_changes_nothing(club, joe, snow):
    match_id = start(club, joe.user, joe, snow)
    act(joe.user, match_id, action="roll", dice=[3, 1])
    before, log = state(joe.user, match_id), _log(match_id)
    response = act(snow.user, match_id, action="move", play="8/5 6/5")
    assert response.status_code == 400 and "JoeBlack's turn" in response.json()["detail"]
    assert act(snow.user, match_id, action="double").status_code == 400
    assert state(joe.user, match_id) == before and _log(match_id) == log


def test_acting_for_someone_else_is_refused_and_changes_nothing(club, joe, snow, bob, alice):
    match_id = start(club, joe.user, joe, snow)
    act(joe.user, match_id, action="roll", dice=[3, 1])
    before, log = state(joe.user, match_id), _log(match_id)
    # The opponent naming the player on roll; a member who does not play; the club's admin
    # at a match that is not a tournament's.
    assert act(snow.user, match_id, action="move", play="8/5 6/5",
               player=joe.pk).status_code == 403
    assert act(bob, match_id, action="move", play="8/5 6/5").status_code == 403
    assert act(alice, match_id, action="move", play="8/5 6/5").status_code == 403
    assert state(joe.user, match_id) == before and _log(match_id) == log


def test_other_members_read_and_strangers_do_not(club, joe, snow, bob, dave):
    match_id = start(club, joe.user, joe, snow)
    assert api(bob).get(reverse("live-match-api", args=[match_id])).status_code == 200
    assert api(dave).get(reverse("live-match-api", args=[match_id])).status_code == 403
    assert api(dave).get(reverse("live-export-api", args=[match_id])).status_code == 403


def test_the_opening_roll_is_posted_by_its_winner(club, joe, snow):
    match_id = start(club, joe.user, joe, snow)
    refused = act(joe.user, match_id, action="roll", dice=[5, 5])
    assert refused.status_code == 400 and "doublet" in refused.json()["detail"]
    body = act(snow.user, match_id, action="roll", dice=[1, 6]).json()
    assert body["turn"] == snow.pk and body["dice"] == [6, 1]


def test_digital_dice_are_rolled_by_the_server_and_refuse_given_dice(club, joe, snow):
    match_id = start(club, joe.user, joe, snow, dice="digital")
    assert act(joe.user, match_id, action="roll", dice=[3, 1]).status_code == 400
    body = act(joe.user, match_id, action="roll").json()
    assert body["turn"] in (joe.pk, snow.pk) and body["dice"][0] != body["dice"][1]
    rows = LiveAction.objects.filter(match_id=match_id)
    assert all(r.kind == "roll" and r.side is None for r in rows)
    # One die each, Joe's first; the engine's Game gives the turn to the higher one.
    last = rows.last()
    assert body["turn"] == (joe.pk if last.die1 > last.die2 else snow.pk)
    assert body["dice"] == [max(last.die1, last.die2), min(last.die1, last.die2)]


def test_bad_input_is_a_400(club, joe, snow):
    match_id = start(club, joe.user, joe, snow)
    for data in ({"action": "dance"}, {"action": "roll", "dice": [7, 1]},
                 {"action": "roll", "dice": [1]}, {"action": "resign", "value": 4},
                 {"action": "move", "play": "13/8"}):
        assert act(joe.user, match_id, **data).status_code == 400, data
    assert _log(match_id) == []


def test_starting_a_match_is_for_its_players_or_an_admin(club, joe, snow, bob, alice, dave):
    url = reverse("live-match-create-api", args=[club.slug])
    data = {"player_a": joe.pk, "player_b": snow.pk, "length": 5}
    assert api(bob).post(url, data, format="json").status_code == 403
    assert api(dave).post(url, data, format="json").status_code == 403
    assert api(alice).post(url, data, format="json").status_code == 201
    assert api(joe.user).post(url, {**data, "player_b": joe.pk},
                              format="json").status_code == 400
    assert api(joe.user).post(url, {**data, "length": 65}, format="json").status_code == 400


@pytest.fixture
def final(club, joe, snow):
    """A two-player knockout: its final, Joe v Snow, 7 points."""
    tournament = tournaments.tournament_create(club=club, name="Live Cup",
                                               starts_on=datetime.date(2026, 11, 28),
                                               options={"lengths": {"main": 7}})
    for player in (joe, snow):
        tournaments.entry_add(tournament=tournament, player=player)
    tournaments.tournament_start(tournament=tournament)
    return TournamentMatch.objects.get(tournament=tournament, key="M1-1")


@pytest.mark.django_db(transaction=True)  # the file's rules check runs at the commit
def test_a_tournament_match_played_live_confirms_itself(club, final, alice):
    a, b = final.player_a, final.player_b
    users = {0: a.user, 1: b.user}
    match_id = start(club, a.user, a, b, tournament_match=final.pk, length=3)
    assert LiveMatch.objects.get(pk=match_id).length == final.length  # the match's own
    play_script(actions_of(sample_bytes(SEVEN).decode()), match_id, users)
    final.refresh_from_db()
    assert final.status == TournamentMatch.Status.FINISHED
    assert (final.winner_id, final.score_a, final.score_b) == (a.pk, 8, 5)
    report = ResultReport.objects.get(match=final)
    assert report.status == ResultReport.Status.CONFIRMED and report.match_record is not None
    assert LiveMatch.objects.get(pk=match_id).record == report.match_record
    # Played on the site: the rated-match policies' "online", wherever it is listed.
    assert FinishedMatch.objects.get(source="tournament", source_id=final.pk).venue == "site"


def test_a_club_admin_acts_for_either_side_of_a_tournament_match(club, final, alice, bob):
    match_id = start(club, alice, final.player_a, final.player_b, tournament_match=final.pk)
    assert act(alice, match_id, action="roll", dice=[3, 1]).status_code == 400  # who won it?
    body = act(alice, match_id, action="roll", dice=[3, 1], player=final.player_b_id).json()
    assert body["turn"] == final.player_b_id
    assert act(alice, match_id, action="move", play="8/5 6/5").status_code == 200
    assert act(bob, match_id, action="roll", dice=[3, 1]).status_code == 403


def test_one_device_lets_the_player_who_started_it_act_for_both_sides(club, joe, snow, bob):
    match_id = start(club, joe.user, joe, snow, one_device=True)
    assert state(joe.user, match_id)["one_device"] is True
    # Joe posts the opening roll for Snow (manual dice: he says who won it), then plays it.
    assert act(joe.user, match_id, action="roll", dice=[4, 2], player=snow.pk).status_code \
        == 200
    assert act(joe.user, match_id, action="move", play="8/4 6/4").status_code == 200
    assert act(joe.user, match_id, action="roll", dice=[3, 1]).status_code == 200
    assert [row.side for row in LiveAction.objects.filter(match_id=match_id)] == [1, 1, 0]
    # Snow did not start it: Snow still acts only for Snow.
    assert act(snow.user, match_id, action="move", play="8/5 6/5",
               player=joe.pk).status_code == 403


def test_a_normal_match_keeps_each_player_to_their_side(club, joe, snow):
    match_id = start(club, joe.user, joe, snow)
    assert state(joe.user, match_id)["one_device"] is False
    assert act(joe.user, match_id, action="roll", dice=[4, 2],
               player=snow.pk).status_code == 403


def test_one_device_is_started_by_one_of_its_players(club, joe, snow, alice):
    response = api(alice).post(reverse("live-match-create-api", args=[club.slug]),
                               {"player_a": joe.pk, "player_b": snow.pk, "length": 7,
                                "one_device": True}, format="json")
    assert response.status_code == 400 and "One device" in response.json()["detail"]
    assert not LiveMatch.objects.exists()


def _challenge(club, joe, snow):
    """Joe tops a 7-point ladder; Snow, below, challenges him."""
    from tournaments.services import ladder as ladders

    ladder = ladders.ladder_create(club=club, name="Club ladder", length=7)
    for player in (joe, snow):
        ladders.ladder_join(ladder=ladder, player=player)
    return ladders.challenge_issue(ladder=ladder, by=snow.user, challenged=joe)


@pytest.mark.django_db(transaction=True)  # the file's rules check runs at the commit
def test_a_ladder_challenge_played_live_reports_and_confirms_itself(club, joe, snow):
    challenge = _challenge(club, joe, snow)
    match_id = start(club, snow.user, snow, joe, challenge=challenge.pk)
    live = LiveMatch.objects.get(pk=match_id)
    assert (live.player_a, live.player_b, live.length) == (snow, joe, 7)  # challenger first
    # The recorded match's left column (the winner, 8-5) is Snow's here.
    play_script(actions_of(sample_bytes(SEVEN).decode()), match_id,
                {0: snow.user, 1: joe.user})
    challenge.refresh_from_db()
    live.refresh_from_db()
    assert challenge.status == "decided" and challenge.winner == snow
    assert (challenge.score_challenger, challenge.score_challenged) == (8, 5)
    assert challenge.match_record == live.record and live.record is not None
    assert challenge.confirmed_by is None  # the checked file confirmed it, not the opponent
    assert FinishedMatch.objects.get(source="ladder", source_id=challenge.pk).venue == "site"
    assert list(challenge.ladder.rungs.order_by("position").values_list(
        "player", flat=True)) == [snow.pk, joe.pk]


def test_a_challenge_is_played_live_between_its_own_players_once(club, joe, snow, bob):
    challenge = _challenge(club, joe, snow)
    url = reverse("live-match-create-api", args=[club.slug])
    data = {"player_a": joe.pk, "player_b": snow.pk, "length": 3, "challenge": challenge.pk}
    assert api(bob).post(url, data, format="json").status_code == 403
    assert api(joe.user).post(url, data, format="json").status_code == 201
    again = api(snow.user).post(url, data, format="json")
    assert again.status_code == 400 and "already being played" in again.json()["detail"]


def test_the_next_games_opening_shows_no_resignation_of_the_last_game(club, joe, snow):
    match_id = start(club, joe.user, joe, snow)
    act(joe.user, match_id, action="roll", dice=[3, 1])
    act(joe.user, match_id, action="move", play="8/5 6/5")
    offered = act(snow.user, match_id, action="resign", value=1).json()
    assert offered["resignation"] == {"player": snow.pk, "side": 1, "value": 1}
    body = act(joe.user, match_id, action="accept").json()
    assert body["phase"] == "opening" and body["game_over"] is True
    assert body["resignation"] is None
    assert body["last_game"]["ended_by"] == "resign"
    assert state(snow.user, match_id)["resignation"] is None
