"""A team league's board played live (issue 35, point 4): board n of the card on the site's
live board once both line-ups are in, started by one of its two players, a captain of either
team or a league admin (nobody else); played by its two players; its end fills the card's
board, moves the team score and writes its one finished match (the federation's, played on
the site, in the national list); paper may not enter it; the card links it.

The world is tests/teamleagues/conftest.py's: a federation of six clubs, three boards of 3, 5
and 7 points. Board 1 (3 points) ends in two actions and a resignation: the opening roll 3-1
played 8/5 6/5, then the other player resigns a backgammon (3 points)."""

import pytest
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from live.models import LiveMatch
from live.selectors import live_rated_forecast
from ratings.models import Rating
from results.models import FinishedMatch
from results.selectors_rated import rated_verdicts
from teamleagues import services
from teamleagues.models import Board, Fixture
from tests.live.conftest import act, api
from tests.teamleagues.conftest import lineup_of, make_world, win_all

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(db):
    return make_world()


def first(w) -> Fixture:
    return Fixture.objects.filter(league=w.league).order_by("round", "pk").first()


def lined(w) -> Fixture:
    """The first fixture with both line-ups in (board n: each squad's n-th player)."""
    fixture = first(w)
    for team in (fixture.home, fixture.away):
        services.lineup_submit(fixture=fixture, team=team, players=lineup_of(w, team),
                               by=w.captains[team.pk])
    return fixture


def outsider(w, fixture):
    """A club with no team in this fixture (its members are strangers to the card)."""
    return next(c for c in w.clubs if c.pk not in (fixture.home.club_id, fixture.away.club_id))


def players(fixture, board: int = 1):
    """The board's two players (home, away)."""
    home = fixture.home.squad.order_by("pk")[board - 1]
    away = fixture.away.squad.order_by("pk")[board - 1]
    return home, away


def start(user, fixture, board: int = 1, **data):
    return api(user).post(reverse("team-board-live-api", args=[fixture.pk, board]),
                          {"dice": "manual", **data}, format="json")


def started(user, fixture, board: int = 1, **data) -> int:
    response = start(user, fixture, board, **data)
    assert response.status_code == 201, response.content
    return response.json()["id"]


def play_out(match_id: int, winner, loser, presser=None) -> None:
    """The winner takes the opening 3-1 and plays it; the loser resigns a backgammon (3
    points), the winner accepts. Each pressed by their own login (or all by ``presser``)."""
    steps = [(winner, {"action": "roll", "dice": [3, 1]}),
             (winner, {"action": "move", "play": "8/5 6/5"}),
             (loser, {"action": "resign", "value": 3}),
             (winner, {"action": "accept"})]
    for who, step in steps:
        data = {**step, "player": who.pk} if presser is not None else step
        response = act(presser or who.user, match_id, **data)
        assert response.status_code == 200, (step, response.json())


# --------------------------------------------------------------------------- who starts


@pytest.mark.parametrize("who", ["home_player", "away_player", "home_captain", "away_captain",
                                 "league_admin"])
def test_the_boards_players_its_captains_and_a_league_admin_start_it(world, who):
    fixture = lined(world)
    home, away = players(fixture)
    user = {"home_player": home.user, "away_player": away.user,
            "home_captain": world.captains[fixture.home_id],
            "away_captain": world.captains[fixture.away_id],
            "league_admin": world.fed_admin}[who]
    match = LiveMatch.objects.get(pk=started(user, fixture))
    assert (match.player_a, match.player_b) == (home, away)  # the home team's is player A
    assert (match.team_fixture, match.team_board, match.length) == (fixture, 1, 3)
    assert match.club == fixture.home.club


@pytest.mark.parametrize("who", ["player_of_board_2", "member_of_another_club",
                                 "admin_of_another_club", "referee"])
def test_anyone_else_is_refused_and_nothing_starts(world, who):
    fixture = lined(world)
    other = outsider(world, fixture)
    user = {"player_of_board_2": players(fixture, 2)[0].user,
            "member_of_another_club": world.players[other.pk][0].user,
            "admin_of_another_club": world.admins[other.pk],
            "referee": world.referee}[who]
    assert start(user, fixture).status_code == 403
    assert not LiveMatch.objects.exists()


def test_the_card_button_starts_it_and_refuses_a_stranger(client, world):
    fixture = lined(world)
    url = reverse("live:team-board-start", args=[fixture.pk, 1])
    client.force_login(world.players[outsider(world, fixture).pk][0].user)
    assert client.post(url).status_code == 403
    client.force_login(players(fixture)[1].user)
    response = client.post(url)
    match = LiveMatch.objects.get()
    assert response.status_code == 302 and response.url == reverse("live:board",
                                                                    args=[match.pk])
    # Asked again (a second tap, the other player): the board being played.
    client.force_login(players(fixture)[0].user)
    assert client.post(url).url == reverse("live:board", args=[match.pk])
    assert LiveMatch.objects.count() == 1


def test_a_board_goes_live_only_once_both_line_ups_are_in(world):
    fixture = first(world)
    home_team = fixture.home
    services.lineup_submit(fixture=fixture, team=home_team,
                           players=lineup_of(world, home_team),
                           by=world.captains[home_team.pk])
    response = start(world.captains[home_team.pk], fixture)
    assert response.status_code == 400
    assert "once both line-ups are in" in response.json()["detail"]
    assert not LiveMatch.objects.exists()


def test_a_board_is_played_live_once(world):
    fixture = lined(world)
    home, away = players(fixture)
    match_id = started(home.user, fixture)
    again = start(away.user, fixture)
    assert again.status_code == 400 and f"match {match_id}" in again.json()["detail"]
    assert start(home.user, fixture, 9).status_code == 400  # no board 9 on a card of 3


def test_only_the_two_players_play_it(world):
    fixture = lined(world)
    home, away = players(fixture)
    captain = world.captains[fixture.home_id]
    match_id = started(captain, fixture)
    assert act(captain, match_id, action="roll", dice=[3, 1]).status_code == 403
    assert act(world.fed_admin, match_id, action="roll", dice=[3, 1]).status_code == 403
    assert act(home.user, match_id, action="roll", dice=[3, 1]).status_code == 200


def test_whoever_may_read_the_card_follows_the_board(world):
    fixture = lined(world)
    match_id = started(players(fixture)[0].user, fixture)
    stranger = world.players[outsider(world, fixture).pk][0].user
    for client in (api(stranger), api(players(fixture)[1].user)):
        assert client.get(reverse("live-match-api", args=[match_id])).status_code == 200
    from rest_framework.test import APIClient

    assert APIClient().get(reverse("live-match-api", args=[match_id])).status_code == 200


# --------------------------------------------------------------------------- the end


def test_a_finished_live_board_fills_the_card_and_the_national_list(
        world, django_capture_on_commit_callbacks):
    fixture = lined(world)
    home, away = players(fixture)
    match_id = started(away.user, fixture)
    with django_capture_on_commit_callbacks(execute=True):
        play_out(match_id, away, home)
    board = Board.objects.get(fixture=fixture, board=1)
    assert (board.winner, board.score_home, board.score_away) == ("away", 0, 3)
    assert (board.home_player, board.away_player, board.live_match_id) == (home, away,
                                                                           match_id)
    fixture.refresh_from_db()
    # The team score moved; the card waits for its other boards (nothing final yet).
    assert (fixture.points_home, fixture.points_away, fixture.status) == (0, 1, "scheduled")
    row = FinishedMatch.objects.get(source="team_league", source_id=board.pk)
    assert FinishedMatch.objects.count() == 1
    assert (row.federation, row.venue, row.winner, row.length) == (world.fed, "site", away, 3)
    national = next(v for v in rated_verdicts([row])[row.pk]
                    if v["list"] == f"federation:{world.fed.slug}")
    assert national["rated"] is True
    rated = Rating.objects.filter(pool__owner_kind="federation", pool__federation=world.fed)
    assert set(rated.values_list("player_id", "matches")) == {(home.pk, 1), (away.pk, 1)}
    assert LiveMatch.objects.get(pk=match_id).record is None  # two clubs: no club's record


def test_paper_may_not_enter_a_live_board_and_the_card_waits_for_it(world):
    fixture = lined(world)
    home, away = players(fixture)
    captain, away_captain = world.captains[fixture.home_id], world.captains[fixture.away_id]
    match_id = started(home.user, fixture)
    with pytest.raises(ValueError, match="Board 1 is played on the site's live board"):
        services.card_enter(fixture=fixture, boards=win_all(), by=captain)
    # The paper boards alone are taken; the card waits for the live one.
    services.card_enter(fixture=fixture, boards=win_all()[1:], by=captain)
    fixture.refresh_from_db()
    assert fixture.status == "scheduled" and (fixture.points_home, fixture.points_away) == (2, 0)
    play_out(match_id, home, away)
    fixture.refresh_from_db()
    assert fixture.status == "entered" and (fixture.points_home, fixture.points_away) == (3, 0)
    written = FinishedMatch.objects.get(source="team_league")  # the live board's, at its end
    # Once ended, still not from paper.
    with pytest.raises(ValueError, match="Board 1 is played on the site's live board"):
        services.card_enter(fixture=fixture, boards=win_all(), by=captain)
    services.card_confirm(fixture=fixture, by=away_captain)
    rows = FinishedMatch.objects.filter(source="team_league")
    assert rows.count() == 3
    again = rows.get(pk=written.pk)  # written once: the confirmation left it as it was
    assert (again.updated_at, again.finished_at) == (written.updated_at, written.finished_at)
    assert sorted(rows.values_list("venue", flat=True)) == ["board", "board", "site"]


def test_a_card_played_wholly_live_goes_to_the_away_captain(db):
    w = make_world(lengths=(3, 3, 3))
    fixture = lined(w)
    for n in (1, 2, 3):
        home, away = players(fixture, n)
        play_out(started(home.user, fixture, n), home, away)
    fixture.refresh_from_db()
    assert fixture.status == "entered" and fixture.entered_by is None  # the site entered it
    assert (fixture.points_home, fixture.points_away) == (3, 0)
    assert FinishedMatch.objects.count() == 3
    with pytest.raises(PermissionDenied):  # not the home captain's to confirm
        services.card_confirm(fixture=fixture, by=w.captains[fixture.home_id])
    services.card_confirm(fixture=fixture, by=w.captains[fixture.away_id])
    assert Fixture.objects.get(pk=fixture.pk).status == "confirmed"
    assert FinishedMatch.objects.count() == 3


def test_a_board_played_on_one_device_counts_with_the_card(world):
    """One login pressed for both players: not witnessed by the site, so its finished match
    waits for the card's confirmation, like a paper board."""
    fixture = lined(world)
    home, away = players(fixture)
    match_id = started(home.user, fixture, one_device=True)
    play_out(match_id, home, away, presser=home.user)
    board = Board.objects.get(fixture=fixture, board=1)
    assert board.winner == "home" and not FinishedMatch.objects.exists()
    services.card_enter(fixture=fixture, boards=win_all()[1:],
                        by=world.captains[fixture.home_id])
    services.card_confirm(fixture=fixture, by=world.captains[fixture.away_id])
    row = FinishedMatch.objects.get(source="team_league", source_id=board.pk)
    assert row.venue == "site" and row.winner == home


def test_a_live_result_after_the_referee_decided_is_not_put_on_the_card(world):
    fixture = lined(world)
    home, away = players(fixture)
    match_id = started(home.user, fixture)
    services.card_decide(fixture=fixture, by=world.referee, reason="Board 1 abandoned",
                         boards=win_all(side="away"))
    play_out(match_id, home, away)
    match = LiveMatch.objects.get(pk=match_id)
    assert match.status == "finished" and "decided meanwhile" in match.note
    assert Board.objects.get(fixture=fixture, board=1).winner == "away"


# --------------------------------------------------------------------------- the card


def test_the_card_links_its_live_boards(client, world):
    fixture = lined(world)
    home, away = players(fixture)
    card = reverse("teamleagues:card", args=[fixture.pk])
    start_url = reverse("live:team-board-start", args=[fixture.pk, 1])
    client.force_login(world.captains[fixture.away_id])
    assert start_url in client.get(card).content.decode()  # a captain may start any board
    client.force_login(world.players[outsider(world, fixture).pk][0].user)
    assert start_url not in client.get(card).content.decode()  # a stranger may not
    match_id = started(home.user, fixture)
    act(home.user, match_id, action="roll", dice=[3, 1])
    page = client.get(card).content.decode()
    assert reverse("live:board", args=[match_id]) in page
    assert "being played live: 0–0" in page and start_url not in page
    answer = client.get(reverse("team-fixture-api", args=[fixture.pk])).json()
    assert answer["live_boards"] == [{
        "board": 1, "live_match": match_id, "url": reverse("live:board", args=[match_id]),
        "playing": True, "score_home": 0, "score_away": 0}]
    play_out_rest = [(home, {"action": "move", "play": "8/5 6/5"}),
                     (away, {"action": "resign", "value": 3}), (home, {"action": "accept"})]
    for who, step in play_out_rest:
        assert act(who.user, match_id, **step).status_code == 200
    answer = client.get(reverse("team-fixture-api", args=[fixture.pk])).json()
    assert answer["live_boards"][0]["playing"] is False
    assert answer["live_boards"][0]["score_home"] == 3
    assert answer["boards"][0]["live_match"] == match_id
    board_page = client.get(reverse("live:board", args=[match_id])).content.decode()
    assert card in board_page  # the board links back to its card


def test_the_cards_poll_moves_with_its_live_boards_and_matches_the_page(client, world):
    """The card page reloads itself when its state's version moved (static/js/tournament.js):
    the version the page carries is the state's while nothing changed (else it would reload
    for ever), and a live board's start, score and end each move it."""
    fixture = lined(world)
    home, away = players(fixture)
    card = reverse("teamleagues:card", args=[fixture.pk])
    state = reverse("teamleagues:card-state", args=[fixture.pk])
    client.force_login(world.players[outsider(world, fixture).pk][0].user)  # any reader

    def seen() -> tuple[str, str]:
        page = client.get(card).content.decode()
        return page.split('data-version="', 1)[1].split('"', 1)[0], client.get(state).json()[
            "version"]

    before = seen()
    assert before[0] == before[1]
    match_id = started(home.user, fixture)
    playing = seen()
    assert playing[0] == playing[1] != before[1]
    play_out(match_id, home, away)
    ended = seen()
    assert ended[0] == ended[1] and len({before[1], playing[1], ended[1]}) == 3
    assert client.get(reverse("teamleagues:card-state", args=[10**9])).status_code == 404


def test_the_printed_card_says_which_board_was_played_live(client, world):
    from tests.printing.conftest import Pdf

    fixture = lined(world)
    home, away = players(fixture)
    play_out(started(home.user, fixture), home, away)
    client.force_login(world.captains[fixture.home_id])
    pdf = client.get(reverse("team-fixture-print-api", args=[fixture.pk]))
    assert pdf.status_code == 200
    text = Pdf(pdf.content).text
    assert text.count("(played live)") == 1 and "3–0" in text  # board 1 only


def test_the_card_reads_its_live_boards_in_one_query(client, world):
    """The card's live boards are read in one query whatever their number (no N+1)."""
    fixture = lined(world)
    card = reverse("teamleagues:card", args=[fixture.pk])
    client.force_login(world.captains[fixture.home_id])

    def count() -> int:
        client.get(card)  # warm the caches (language, roles)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(card).status_code == 200
        return len(queries)

    started(players(fixture, 1)[0].user, fixture, 1)
    one = count()
    started(players(fixture, 2)[0].user, fixture, 2)
    started(players(fixture, 3)[0].user, fixture, 3)
    assert count() == one


def test_the_card_pages_entry_form_leaves_the_live_board_out(client, world):
    fixture = lined(world)
    home, away = players(fixture)
    match_id = started(home.user, fixture)
    captain = world.captains[fixture.home_id]
    # The API names the live board it refuses from paper.
    refused = api(captain).post(reverse("team-fixture-result-api", args=[fixture.pk]),
                                {"boards": win_all()}, format="json")
    assert refused.status_code == 400
    assert "Board 1 is played on the site's live board" in refused.json()["detail"]
    client.force_login(captain)
    page = client.get(reverse("teamleagues:card", args=[fixture.pk])).content.decode()
    assert 'name="winner_1"' not in page and 'name="winner_2"' in page
    form = {"winner_2": "home", "home_2": "5", "away_2": "0",
            "winner_3": "away", "home_3": "1", "away_3": "7"}
    response = client.post(reverse("teamleagues:card-action", args=[fixture.pk, "enter"]),
                           form, follow=True)
    assert "the card goes to the away captain when the live boards end" in \
        response.content.decode()
    play_out(match_id, away, home)
    fixture.refresh_from_db()
    assert fixture.status == "entered" and (fixture.points_home, fixture.points_away) == (1, 2)


# --------------------------------------------------------------------------- rated or not


def test_the_live_board_says_where_it_will_be_rated(client, world):
    fixture = lined(world)
    home, _away = players(fixture)
    match_id = started(home.user, fixture)
    client.force_login(home.user)
    page = client.get(reverse("live:board", args=[match_id])).content.decode()
    notice = page.split('data-testid="rated-notice"')[1].split("</p>")[0]
    assert f"{world.fed.name}: rated" in notice


def test_a_federation_rating_no_online_play_leaves_the_live_board_unrated(world):
    from federations import services as federations

    federations.federation_policy_update(federation=world.fed, values={
        "min_length": 1, "event_kinds": ["team_league"], "friendly_if_agreed": True,
        "live": True, "online": False})
    fixture = lined(world)
    home, away = players(fixture)
    match_id = started(home.user, fixture)
    forecast = live_rated_forecast(match=LiveMatch.objects.select_related(
        "team_fixture__league__federation").get(pk=match_id))
    assert [(e["list"], e["rated"]) for e in forecast] == [(f"federation:{world.fed.slug}",
                                                            False)]
    play_out(match_id, home, away)
    row = FinishedMatch.objects.get(source="team_league")
    national = next(v for v in rated_verdicts([row])[row.pk]
                    if v["list"] == f"federation:{world.fed.slug}")
    assert national["rated"] is False and "played on the site" in national["reason"]
