"""The live board pages: the players' controls, a spectator's view, the forms (with and
without the page's script), the state the board follows, the preview of a play being built,
and starting a match from the club's page."""

import pytest
from django.test import Client
from django.urls import reverse

from live.models import LiveAction, LiveMatch
from tests.live.conftest import act, start

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_player_on_roll_sees_the_play_form_and_tap_targets(club, joe, snow):
    match_id = start(club, joe.user, joe, snow)
    act(joe.user, match_id, action="roll", dice=[3, 1])
    page = _client(joe.user).get(reverse("live:board", args=[match_id])).content.decode()
    assert 'data-testid="play"' in page and 'class="tap"' in page
    assert "<option>8/5 6/5</option>" in page
    other = _client(snow.user).get(reverse("live:board", args=[match_id])).content.decode()
    assert 'data-testid="play"' not in other and 'class="tap"' not in other
    assert "JoeBlack plays 31" in other


def test_a_member_who_does_not_play_follows_without_controls(club, joe, snow, bob):
    match_id = start(club, joe.user, joe, snow)
    page = _client(bob).get(reverse("live:board", args=[match_id])).content.decode()
    assert 'data-testid="board"' in page and 'data-testid="controls"' not in page
    screen = _client(bob).get(reverse("live:screen", args=[match_id])).content.decode()
    assert 'data-testid="score"' in screen and "<form" not in screen.split("<main>")[1]


def test_the_forms_post_without_a_script_and_refusals_are_messages(club, joe, snow):
    match_id = start(club, joe.user, joe, snow)
    url = reverse("live:act", args=[match_id])
    response = _client(snow.user).post(url, {"action": "roll", "d1": "6", "d2": "4"},
                                       follow=True)
    assert response.redirect_chain[-1][0] == reverse("live:board", args=[match_id])
    response = _client(snow.user).post(url, {"action": "move", "play": "13/1"}, follow=True)
    assert "not a legal play" in response.content.decode()
    assert LiveAction.objects.filter(match_id=match_id).count() == 1


def test_the_script_gets_json_with_the_board_or_the_reason(club, joe, snow):
    match_id = start(club, joe.user, joe, snow)
    url = reverse("live:act", args=[match_id])
    client = _client(joe.user)
    ok = client.post(url, {"action": "roll", "d1": "3", "d2": "1"},
                     HTTP_ACCEPT="application/json")
    assert ok.status_code == 200 and ok.json()["ok"] and 'data-testid="board"' in ok.json()["html"]
    refused = client.post(url, {"action": "move", "play": "13/7"},
                          HTTP_ACCEPT="application/json")
    assert refused.status_code == 400 and "8/5 6/5" in refused.json()["legal_plays"]


def test_the_state_json_sends_the_board_only_when_it_changed(club, joe, snow, bob):
    match_id = start(club, joe.user, joe, snow)
    url = reverse("live:state", args=[match_id])
    assert _client(bob).get(url, {"since": "0"}).json() == {"version": 0, "changed": False}
    act(joe.user, match_id, action="roll", dice=[3, 1])
    body = _client(bob).get(url, {"since": "0"}).json()
    assert body["changed"] and body["version"] == 1 and body["state"]["turn"] == joe.pk


def test_the_preview_draws_the_play_being_built(club, joe, snow):
    match_id = start(club, joe.user, joe, snow)
    act(joe.user, match_id, action="roll", dice=[3, 1])
    url = reverse("live:preview", args=[match_id])
    svg = _client(joe.user).get(url, {"play": "8/5"})
    assert svg["Content-Type"] == "image/svg+xml" and 'marker-end="url(#arrow)"' in \
        svg.content.decode()
    plain = _client(joe.user).get(url, {"play": "no such play"}).content.decode()
    assert "marker-end" not in plain


def test_a_member_starts_a_match_from_the_club_page(club, joe, snow):
    client = _client(joe.user)
    page = client.get(reverse("live:club", args=[club.slug])).content.decode()
    assert "SnowWhite" in page
    response = client.post(reverse("live:club", args=[club.slug]),
                           {"player_b": snow.pk, "length": 5, "dice": "digital"})
    match = LiveMatch.objects.get()
    assert response["Location"] == reverse("live:board", args=[match.pk])
    assert (match.player_a, match.player_b, match.length, match.dice) == (joe, snow, 5,
                                                                         "digital")


def test_starting_a_match_with_oneself_is_refused_with_a_message(club, joe):
    response = _client(joe.user).post(reverse("live:club", args=[club.slug]),
                                      {"player_b": joe.pk, "length": 5}, follow=True)
    assert "two different players" in response.content.decode()
    assert not LiveMatch.objects.exists()


def test_a_tournament_match_is_played_here_from_my_tournaments(club, joe, snow):
    import datetime

    from tournaments import services as tournaments
    from tournaments.models import TournamentMatch

    tournament = tournaments.tournament_create(club=club, name="Live Cup",
                                               starts_on=datetime.date(2026, 11, 28))
    for player in (joe, snow):
        tournaments.entry_add(tournament=tournament, player=player)
    tournaments.tournament_start(tournament=tournament)
    row = TournamentMatch.objects.get(tournament=tournament, key="M1-1")
    client = _client(joe.user)
    mine = client.get(reverse("tournaments:mine", args=[club.slug])).content.decode()
    assert 'data-testid="play-here"' in mine and "Play this match here" in mine
    response = client.post(reverse("live:club", args=[club.slug]),
                           {"tournament_match": row.pk, "dice": "manual"})
    match = LiveMatch.objects.get()
    assert response["Location"] == reverse("live:board", args=[match.pk])
    assert (match.tournament_match, match.length, match.player_a_id) == (row, row.length,
                                                                         row.player_a_id)
    # The opponent's tap on the same button joins the same board.
    again = _client(snow.user).post(reverse("live:club", args=[club.slug]),
                                    {"tournament_match": row.pk})
    assert again["Location"] == reverse("live:board", args=[match.pk])
    assert LiveMatch.objects.count() == 1


def test_the_club_page_links_to_its_live_matches(club, joe):
    page = _client(joe.user).get(reverse("clubs:detail", args=[club.slug])).content.decode()
    assert reverse("live:club", args=[club.slug]) in page


def test_a_member_starts_practice_against_the_computer_from_the_club_page(club, joe):
    client = _client(joe.user)
    page = client.get(reverse("live:club", args=[club.slug])).content.decode()
    assert 'data-testid="practice"' in page
    response = client.post(reverse("live:club", args=[club.slug]),
                           {"player_a": joe.pk, "player_b": "computer", "level": "advanced",
                            "length": 3})
    match = LiveMatch.objects.get()
    assert response["Location"] == reverse("live:board", args=[match.pk])
    assert (match.player_a, match.player_b, match.level, match.dice) == (joe, None,
                                                                        "advanced", "digital")
    board = client.get(response["Location"]).content.decode()
    assert "practice against GNU Backgammon (advanced), not rated" in board


def test_the_board_sends_a_computer_turn_that_was_lost_again(club, joe, monkeypatch):
    pytest.importorskip("gnubg")
    from live import services

    match = services.live_match_create(club=club, by=joe.user, player_a=joe, player_b=None,
                                       length=3, level="expert")
    dice = iter([1, 6])  # the player's opening die, then the computer's: the computer wins
    monkeypatch.setattr(services, "_die", lambda: next(dice))
    services.live_action_apply(match_id=match.pk, by=joe.user, action="roll")  # not committed
    assert not LiveAction.objects.filter(match=match, kind="move").exists()
    _client(joe.user).get(reverse("live:board", args=[match.pk]))
    moved = LiveAction.objects.get(match=match, kind="move")
    assert (moved.side, moved.by) == (1, None)


def test_a_match_for_one_device_is_started_and_says_so_on_its_board(club, joe, snow):
    client = _client(joe.user)
    response = client.post(reverse("live:club", args=[club.slug]),
                           {"player_b": snow.pk, "length": 5, "dice": "manual",
                            "one_device": "on"})
    match = LiveMatch.objects.get()
    assert match.one_device and match.created_by == joe.user
    board = client.get(response["Location"]).content.decode()
    assert 'data-testid="one-device"' in board


def test_a_ladder_challenge_is_played_here_from_the_ladder_page(club, joe, snow, bob):
    from tournaments.services import ladder as ladders

    ladder = ladders.ladder_create(club=club, name="Club ladder", length=5)
    for player in (joe, snow):
        ladders.ladder_join(ladder=ladder, player=player)
    challenge = ladders.challenge_issue(ladder=ladder, by=snow.user, challenged=joe)
    url = reverse("tournaments:ladder", args=[club.slug, ladder.pk])
    assert 'data-testid="play-here"' in _client(joe.user).get(url).content.decode()
    assert 'data-testid="play-here"' not in _client(bob).get(url).content.decode()
    response = _client(joe.user).post(reverse("live:club", args=[club.slug]),
                                      {"challenge": challenge.pk, "dice": "digital"})
    match = LiveMatch.objects.get()
    assert response["Location"] == reverse("live:board", args=[match.pk])
    assert (match.challenge, match.player_a, match.player_b, match.length) == (
        challenge, snow, joe, 5)
    again = _client(snow.user).post(reverse("live:club", args=[club.slug]),
                                    {"challenge": challenge.pk})
    assert again["Location"] == reverse("live:board", args=[match.pk])


def test_the_club_screen_shows_every_match_being_played_each_following_its_own(
        club, joe, snow, bob):
    from live import services

    playing = start(club, joe.user, joe, snow)
    act(joe.user, playing, action="roll", dice=[3, 1])
    done = LiveMatch.objects.create(club=club, player_a=joe, player_b=snow, length=1,
                                    status="finished")
    practice = services.live_match_create(club=club, by=joe.user, player_a=joe,
                                          player_b=None, length=1, level="expert")
    page = _client(bob).get(reverse("live:club-screen", args=[club.slug])).content.decode()
    assert page.count('data-testid="screen-board"') == 1
    assert reverse("live:state", args=[playing]) in page
    assert "<svg" in page and "JoeBlack plays 31" in page  # the board itself, not escaped
    for other in (done.pk, practice.pk):
        assert reverse("live:state", args=[other]) not in page
    assert reverse("live:club-screen", args=[club.slug]) in _client(bob).get(
        reverse("live:club", args=[club.slug])).content.decode()


def test_the_club_screen_reads_a_fixed_number_of_queries_per_board(
        club, joe, snow, bob, django_assert_max_num_queries):
    """Each board replays its match's log once (one query; a process that has the match
    in its cache reads none): no query per action, per player or per tournament name."""
    from live import selectors

    for _ in range(3):
        match_id = start(club, joe.user, joe, snow)
        act(joe.user, match_id, action="roll", dice=[3, 1])
    selectors._PLAYED.clear()
    client = _client(bob)
    with django_assert_max_num_queries(8 + 3):
        client.get(reverse("live:club-screen", args=[club.slug]))
