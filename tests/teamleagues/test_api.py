"""The API of issue 35, point 8: each write by the person it is for, and the refusals the
issue lists (each changing nothing)."""

import pytest
from django.urls import reverse

from results.models import FinishedMatch
from teamleagues.models import Board, Division, Fixture, Lineup, Team, TeamLeague

from .conftest import lineup_of, make_world, member, win_all

pytestmark = pytest.mark.django_db


def post(client, user, name, arg, data=None):
    client.logout()
    if user is not None:
        client.force_login(user)
    return client.post(reverse(name, args=[arg]), data or {}, content_type="application/json")


def league_body(**extra):
    return {"name": "London League", "season": "2026", "boards": 6,
            "lengths": [5, 5, 5, 7, 7, 7], "meetings": 2, "match_points": [3, 2, 1],
            "tiebreaks": ["match_points", "board_points", "head_to_head"],
            "board_order_tolerance": 50, **extra}


@pytest.fixture
def world(db):
    return make_world()


@pytest.fixture
def fresh(db):
    return make_world(draw=False)


def first_fixture(w):
    return Fixture.objects.filter(league=w.league).order_by("round", "pk").first()


def both_lineups(client, w, fixture):
    for team in (fixture.home, fixture.away):
        r = post(client, w.captains[team.pk], "team-fixture-lineup-api", fixture.pk,
                 {"team": team.pk, "players": lineup_of(w, team)})
        assert r.status_code == 201, r.json()


# --------------------------------------------------------------------------- set-up


def test_a_federation_admin_creates_a_season(client, fresh):
    r = post(client, fresh.fed_admin, "team-league-create-api", "dbgf", league_body())
    assert r.status_code == 201, r.json()
    assert r.json()["match_points"] == [3, 2, 1] and r.json()["federation"] == "dbgf"


def test_a_club_admin_cannot_create_a_federation_season(client, fresh):
    r = post(client, fresh.admins[fresh.clubs[0].pk], "team-league-create-api", "dbgf",
             league_body())
    assert r.status_code == 403
    assert not TeamLeague.objects.filter(name="London League").exists()


@pytest.mark.parametrize("change, words", [
    ({"boards": 9}, "boards"), ({"lengths": [5, 5, 5]}, "one match length per board"),
    ({"meetings": 4}, "meetings"), ({"tiebreaks": ["coin toss"]}, "tiebreaks"),
    ({"match_points": [0, 1, 2]}, "A win scores at least a draw"),
])
def test_a_bad_season_is_refused_with_a_reason(client, fresh, change, words):
    r = post(client, fresh.fed_admin, "team-league-create-api", "dbgf", league_body(**change))
    assert r.status_code == 400
    assert words in str(r.json())
    assert not TeamLeague.objects.filter(name="London League").exists()


def test_divisions_with_a_playoff(client, fresh):
    league = post(client, fresh.fed_admin, "team-league-create-api", "dbgf",
                  league_body()).json()["id"]
    low = post(client, fresh.fed_admin, "team-league-division-api", league,
               {"name": "Div 2", "level": 2, "region": "", "promote": 2, "relegate": 0,
                "one_team_per_club": False})
    assert low.status_code == 201
    top = post(client, fresh.fed_admin, "team-league-division-api", league,
               {"name": "Premier", "level": 1, "region": "", "promote": 0, "relegate": 2,
                "one_team_per_club": True,
                "playoff": {"place": 10, "against": low.json()["id"], "against_place": 3}})
    assert top.status_code == 201, top.json()
    assert top.json()["playoff_against"] == low.json()["id"]


def test_another_clubs_admin_cannot_add_a_division(client, fresh):
    r = post(client, fresh.admins[fresh.clubs[0].pk], "team-league-division-api",
             fresh.league.pk, {"name": "Sneaky", "level": 3})
    assert r.status_code == 403
    assert not Division.objects.filter(name="Sneaky").exists()


def test_a_club_admin_enters_a_team_of_its_club_only(client, fresh):
    club, other = fresh.clubs[2], fresh.clubs[3]
    captain = member(club, "New Captain")
    body = {"club": club.pk, "name": "Copenhagen III", "division": fresh.first.pk,
            "captain": captain.pk, "squad": [p.pk for p in fresh.players[club.pk][:2]]}
    assert post(client, fresh.admins[other.pk], "team-league-team-api", fresh.league.pk,
                body).status_code == 403
    r = post(client, fresh.admins[club.pk], "team-league-team-api", fresh.league.pk, body)
    assert r.status_code == 201, r.json()
    assert r.json()["captain"] == captain.pk


def test_a_squad_with_another_clubs_player_is_refused(client, fresh):
    club, other = fresh.clubs[2], fresh.clubs[3]
    body = {"club": club.pk, "name": "Copenhagen III", "division": fresh.first.pk,
            "captain": fresh.players[club.pk][0].pk,
            "squad": [fresh.players[other.pk][0].pk]}
    r = post(client, fresh.admins[club.pk], "team-league-team-api", fresh.league.pk, body)
    assert r.status_code == 400 and "not an active member" in r.json()["detail"]
    assert not Team.objects.filter(name="Copenhagen III").exists()


def test_a_second_team_of_a_club_in_a_one_team_division_is_refused(client, fresh):
    club = fresh.clubs[0]  # already in the Elite
    body = {"club": club.pk, "name": "Aarhus III", "division": fresh.elite.pk,
            "captain": fresh.players[club.pk][0].pk, "squad": []}
    r = post(client, fresh.admins[club.pk], "team-league-team-api", fresh.league.pk, body)
    assert r.status_code == 400 and "one team per club" in r.json()["detail"]


def test_a_draw_asked_twice_is_refused(client, fresh):
    r = post(client, fresh.fed_admin, "team-league-draw-api", fresh.league.pk,
             {"start": "2030-09-01"})
    assert r.status_code == 201, r.json()
    count = Fixture.objects.count()
    again = post(client, fresh.fed_admin, "team-league-draw-api", fresh.league.pk,
                 {"start": "2030-09-01"})
    assert again.status_code == 400 and "drawn already" in again.json()["detail"]
    assert Fixture.objects.count() == count


def test_the_fixtures_list(client, world):
    client.logout()
    rows = client.get(reverse("team-league-fixtures-api", args=[world.league.pk])).json()
    assert len(rows) == 12
    assert set(rows[0]) >= {"id", "division", "round", "home", "away", "date"}


# --------------------------------------------------------------------------- line-ups


def test_a_lineup_is_hidden_from_the_other_captain_until_both_are_in(client, world):
    fixture = first_fixture(world)
    home, away = fixture.home, fixture.away
    post(client, world.captains[home.pk], "team-fixture-lineup-api", fixture.pk,
         {"team": home.pk, "players": lineup_of(world, home)})
    seen = client.get(reverse("team-fixture-api", args=[fixture.pk])).json()["lineups"]
    assert seen["home"] == lineup_of(world, home) and seen["away"] == []
    client.force_login(world.captains[away.pk])
    seen = client.get(reverse("team-fixture-api", args=[fixture.pk])).json()["lineups"]
    assert seen["home"] is None and seen["submitted"] == ["home"]
    post(client, world.captains[away.pk], "team-fixture-lineup-api", fixture.pk,
         {"team": away.pk, "players": lineup_of(world, away)})
    seen = client.get(reverse("team-fixture-api", args=[fixture.pk])).json()["lineups"]
    assert seen["home"] == lineup_of(world, home)


def test_only_the_teams_captain_submits_its_lineup(client, world):
    fixture = first_fixture(world)
    r = post(client, world.captains[fixture.away_id], "team-fixture-lineup-api", fixture.pk,
             {"team": fixture.home_id, "players": lineup_of(world, fixture.home)})
    assert r.status_code == 403
    assert not Lineup.objects.exists()


def test_a_lineup_with_a_player_from_another_club_is_refused(client, world):
    fixture = first_fixture(world)
    stranger = world.players[fixture.away.club_id][0]
    players = lineup_of(world, fixture.home)[:2] + [stranger.pk]
    r = post(client, world.captains[fixture.home_id], "team-fixture-lineup-api", fixture.pk,
             {"team": fixture.home_id, "players": players})
    assert r.status_code == 400 and "may not play for this team" in r.json()["detail"]
    assert stranger.name not in r.json()["detail"]
    assert not Lineup.objects.exists()


def test_the_same_player_on_two_boards_is_refused(client, world):
    fixture = first_fixture(world)
    one = lineup_of(world, fixture.home)[0]
    r = post(client, world.captains[fixture.home_id], "team-fixture-lineup-api", fixture.pk,
             {"team": fixture.home_id, "players": [one, one]})
    assert r.status_code == 400 and "on board 1 and on board 2" in r.json()["detail"]


def test_a_higher_teams_player_may_not_drop_where_the_league_forbids(client, world):
    w = world
    TeamLeague.objects.filter(pk=w.league.pk).update(no_drop=True)
    aarhus, aarhus_ii = (Team.objects.get(name="Aarhus BG"),
                         Team.objects.get(name="Aarhus BG II"))
    played = Fixture.objects.filter(home=aarhus).order_by("round").first()
    both_lineups(client, w, played)
    post(client, w.captains[played.home_id], "team-fixture-result-api", played.pk,
         {"boards": win_all()})
    star = lineup_of(w, aarhus)[0]
    later = Fixture.objects.filter(home=aarhus_ii).first() or Fixture.objects.filter(
        away=aarhus_ii).first()
    r = post(client, w.captains[aarhus_ii.pk], "team-fixture-lineup-api", later.pk,
             {"team": aarhus_ii.pk, "players": [star] + lineup_of(w, aarhus_ii)[:2]})
    assert r.status_code == 400 and "higher team" in r.json()["detail"]


def test_board_order_is_checked_against_the_ratings(client, world):
    from teamleagues import selectors

    fixture = first_fixture(world)
    players = lineup_of(world, fixture.home)
    def source(league, player_ids, day):
        return {players[0]: 1500.0, players[1]: 1700.0}

    selectors.rating_source_register(source)
    try:
        r = post(client, world.captains[fixture.home_id], "team-fixture-lineup-api",
                 fixture.pk, {"team": fixture.home_id, "players": players})
    finally:
        selectors.rating_source_unregister(source)
    assert r.status_code == 400 and "Board 2" in r.json()["detail"]


# --------------------------------------------------------------------------- the card


def test_the_card_from_entry_to_the_national_list(client, world):
    fixture = first_fixture(world)
    both_lineups(client, world, fixture)
    r = post(client, world.captains[fixture.home_id], "team-fixture-result-api", fixture.pk,
             {"boards": win_all()})
    assert r.status_code == 200 and r.json()["status"] == "entered"
    assert not FinishedMatch.objects.exists()  # not on one captain's word
    r = post(client, world.captains[fixture.away_id], "team-fixture-confirm-api", fixture.pk)
    assert r.status_code == 200 and r.json()["status"] == "confirmed"
    assert FinishedMatch.objects.filter(source="team_league", federation=world.fed).count() == 3
    standings = client.get(reverse("team-league-standings-api", args=[world.league.pk]))
    row = next(r for d in standings.json() for r in d["rows"] if r["team"] == fixture.home_id)
    assert (row["played"], row["won"], row["match_points"], row["board_points"]) == (1, 1, 2, 3)
    assert list(row) >= ["team", "name", "played", "won", "drawn", "lost", "match_points"]


@pytest.mark.parametrize("who", ["away", "player", "referee_of_nothing"])
def test_a_result_from_anyone_but_the_home_captain_is_refused(client, world, who):
    fixture = first_fixture(world)
    both_lineups(client, world, fixture)
    user = {"away": world.captains[fixture.away_id],
            "player": world.players[fixture.home.club_id][0].user,
            "referee_of_nothing": world.admins[world.clubs[5].pk]}[who]
    r = post(client, user, "team-fixture-result-api", fixture.pk, {"boards": win_all()})
    assert r.status_code == 403
    assert not Board.objects.exists()


def test_board_scores_that_do_not_finish_the_match_are_refused(client, world):
    fixture = first_fixture(world)
    both_lineups(client, world, fixture)
    boards = win_all()
    boards[2] = {"board": 3, "winner": "home", "score_home": 6, "score_away": 2,
                 "walkover": False}
    r = post(client, world.captains[fixture.home_id], "team-fixture-result-api", fixture.pk,
             {"boards": boards})
    assert r.status_code == 400
    assert "does not finish a 7-point match" in r.json()["detail"]
    assert not Board.objects.exists()
    assert Fixture.objects.get(pk=fixture.pk).status == "scheduled"


def test_a_card_confirmed_twice_is_refused(client, world):
    fixture = first_fixture(world)
    both_lineups(client, world, fixture)
    post(client, world.captains[fixture.home_id], "team-fixture-result-api", fixture.pk,
         {"boards": win_all()})
    assert post(client, world.captains[fixture.away_id], "team-fixture-confirm-api",
                fixture.pk).status_code == 200
    again = post(client, world.captains[fixture.away_id], "team-fixture-confirm-api",
                 fixture.pk)
    assert again.status_code == 400 and "confirmed already" in again.json()["detail"]
    assert FinishedMatch.objects.count() == 3


def test_the_home_captain_cannot_confirm_their_own_card(client, world):
    fixture = first_fixture(world)
    both_lineups(client, world, fixture)
    post(client, world.captains[fixture.home_id], "team-fixture-result-api", fixture.pk,
         {"boards": win_all()})
    r = post(client, world.captains[fixture.home_id], "team-fixture-confirm-api", fixture.pk)
    assert r.status_code == 403
    assert Fixture.objects.get(pk=fixture.pk).status == "entered"


def test_a_short_lineup_loses_its_bottom_boards_by_walkover(client, world):
    fixture = first_fixture(world)
    post(client, world.captains[fixture.home_id], "team-fixture-lineup-api", fixture.pk,
         {"team": fixture.home_id, "players": lineup_of(world, fixture.home)})
    post(client, world.captains[fixture.away_id], "team-fixture-lineup-api", fixture.pk,
         {"team": fixture.away_id, "players": lineup_of(world, fixture.away)[:2]})
    boards = win_all()
    r = post(client, world.captains[fixture.home_id], "team-fixture-result-api", fixture.pk,
             {"boards": boards})
    assert r.status_code == 400 and "walkover" in r.json()["detail"]
    boards[2] = {"board": 3, "winner": "home", "walkover": True}
    r = post(client, world.captains[fixture.home_id], "team-fixture-result-api", fixture.pk,
             {"boards": boards})
    assert r.status_code == 200, r.json()
    post(client, world.captains[fixture.away_id], "team-fixture-confirm-api", fixture.pk)
    board = Board.objects.get(fixture=fixture, board=3)
    assert board.walkover and board.away_player_id is None
    # Every board is a finished match: the empty one the present player's walkover
    # (tests/teamleagues/test_walkover.py).
    assert FinishedMatch.objects.filter(source="team_league").count() == 3
    assert Fixture.objects.get(pk=fixture.pk).points_home == 3


def test_a_dispute_is_decided_by_the_referee_not_a_captain(client, world):
    fixture = first_fixture(world)
    both_lineups(client, world, fixture)
    post(client, world.captains[fixture.home_id], "team-fixture-result-api", fixture.pk,
         {"boards": win_all()})
    r = post(client, world.captains[fixture.away_id], "team-fixture-dispute-api", fixture.pk,
             {"reason": "Board 2 was 5-4 to us"})
    assert r.status_code == 200 and r.json()["status"] == "disputed"
    assert post(client, world.captains[fixture.home_id], "team-fixture-decide-api",
                fixture.pk, {"reason": "mine"}).status_code == 403
    boards = win_all()
    boards[1] = {"board": 2, "winner": "away", "score_home": 4, "score_away": 5,
                 "walkover": False}
    r = post(client, world.referee, "team-fixture-decide-api", fixture.pk,
             {"reason": "The score sheet says 4-5", "boards": boards})
    assert r.status_code == 200 and r.json()["status"] == "decided"
    assert (r.json()["points_home"], r.json()["points_away"]) == (2, 1)
    assert FinishedMatch.objects.count() == 3


def test_closing_before_the_cards_are_in_is_refused(client, world):
    r = post(client, world.fed_admin, "team-league-close-api", world.league.pk)
    assert r.status_code == 400 and "no final card" in r.json()["detail"]


def test_only_the_league_admin_closes(client, world):
    r = post(client, world.admins[world.clubs[0].pk], "team-league-close-api",
             world.league.pk)
    assert r.status_code == 403


def test_board_order_reads_the_federations_list(client, world):
    import datetime

    from ratings.models import Pool, RatingChange
    from results.models import FinishedMatch

    fixture = first_fixture(world)
    players = lineup_of(world, fixture.home)
    pool = Pool.objects.create(owner_kind="federation", federation=world.fed)
    opponent = world.players[fixture.away.club_id][0]
    at = datetime.datetime(2025, 1, 1, tzinfo=datetime.UTC)
    for i, (player, rating) in enumerate([(players[0], 1500.0), (players[2], 1800.0)]):
        match = FinishedMatch.objects.create(
            source="import", source_id=900 + i, federation=world.fed,
            organiser_kind="federation", player_a_id=player, player_b=opponent, length=5,
            player_a_club=fixture.home.club, player_b_club=opponent.memberships.first().club,
            winner_id=player, score_a=5, score_b=0, finished_at=at)
        RatingChange.objects.create(
            pool=pool, match=match, player_id=player, opponent=opponent, finished_at=at,
            length=5, won=True, rating_before=rating - 10, rating_after=rating, change=10,
            experience_before=0, experience_after=5, k=1, p=.5)
    r = post(client, world.captains[fixture.home_id], "team-fixture-lineup-api", fixture.pk,
             {"team": fixture.home_id, "players": players})
    assert r.status_code == 400 and "Board 3" in r.json()["detail"]


def test_the_away_captain_is_told_of_a_card_to_confirm(client, world,
                                                       django_capture_on_commit_callbacks):
    from notifications.models import Notification

    fixture = first_fixture(world)
    both_lineups(client, world, fixture)
    with django_capture_on_commit_callbacks(execute=True):
        post(client, world.captains[fixture.home_id], "team-fixture-result-api", fixture.pk,
             {"boards": win_all()})
    away = world.captains[fixture.away_id]
    notes = Notification.objects.filter(user=away, kind="team_card")
    assert any("Confirm it or dispute it" in n.text for n in notes)
    assert not Notification.objects.filter(user=world.captains[fixture.home_id],
                                           text__contains="Confirm it").exists()
