"""Chouette pages: who may read and write, the scoreboard taps, polling, CSV, query counts."""

import csv
import datetime
import io
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.urls import reverse

from chouette import services
from chouette.models import ChouetteGame, ChouetteLedgerEntry, ChouettePayment, ChouetteSession
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def session(club, alice, bob, carol):
    """Alice, Bob, Carol and Dora; the order rolled: Alice box, Bob captain, Carol, Dora."""
    dora = MembershipFactory(club=club, player=PlayerFactory(name="Dora")).player
    players = [alice.player, bob.player, carol.player, dora]
    session = services.chouette_session_start(
        club=club, date=datetime.date(2026, 3, 6), stake=Decimal("1.50"), players=players,
        created_by=alice)
    dice = dict(zip((p.pk for p in players), (6, 5, 4, 3), strict=True))
    services.chouette_order_roll(session=session, rolls=dice)
    session.refresh_from_db()
    return session


def _url(session, name, **kwargs):
    return reverse(f"chouette:{name}", kwargs={"slug": session.club.slug, "pk": session.pk,
                                            **kwargs})


def _tap(client, session, tap, data, json=True):
    headers = {"Accept": "application/json"} if json else {}
    return client.post(_url(session, "tap", tap=tap), data, headers=headers)


def test_the_club_admin_starts_a_session_from_the_form(client, club, alice, bob, carol):
    client.force_login(alice)
    response = client.post(reverse("chouette:new", kwargs={"slug": club.slug}), {
        "date": "2026-03-06", "stake": "2.00", "players": [alice.player.pk, bob.player.pk,
                                                            carol.player.pk],
        "cube_mode": "per_member", "jacoby": "on", "beavers": "on", "automatic_doubles": 0,
        "consultation": "no_cube_no_talk", "box_answer_policy": "free"})
    session = ChouetteSession.objects.get()
    assert response.status_code == 302 and response["Location"] == session.get_absolute_url()
    assert (session.stake, session.currency, session.jacoby, session.raccoons) == (
        Decimal("2.00"), club.currency, True, False)
    assert session.seats.count() == 3


def test_a_box_partner_below_six_players_is_refused_on_the_form(client, club, alice, bob):
    client.force_login(alice)
    response = client.post(reverse("chouette:new", kwargs={"slug": club.slug}), {
        "date": "2026-03-06", "stake": "2.00", "players": [alice.player.pk, bob.player.pk],
        "cube_mode": "per_member", "automatic_doubles": 0, "box_partner_from": 4,
        "consultation": "no_cube_no_talk", "box_answer_policy": "free"})
    assert response.status_code == 200
    assert "box_partner_from must be None" in response.content.decode()
    assert not ChouetteSession.objects.exists()


def test_a_player_cannot_open_the_start_form(client, club, bob):
    client.force_login(bob)
    assert client.get(reverse("chouette:new", kwargs={"slug": club.slug})).status_code \
        == 403


def test_the_admin_sees_the_controls_and_a_player_sees_the_board_read_only(
        client, session, alice, bob):
    client.force_login(alice)
    page = client.get(_url(session, "board")).content.decode()
    assert "Start the next game" in page
    client.force_login(bob)
    page = client.get(_url(session, "board")).content.decode()
    assert "Start the next game" not in page and "Alice" in page and "box" in page


def test_anonymous_visitors_are_sent_to_log_in(client, session):
    response = client.get(_url(session, "board"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_player_cannot_tap_the_scoreboard(client, session, bob):
    client.force_login(bob)
    response = _tap(client, session, "start", {})
    assert response.status_code == 403
    assert not ChouetteGame.objects.exists()


def test_the_admin_of_another_club_cannot_tap_the_scoreboard(client, session, dave):
    client.force_login(dave)
    response = _tap(client, session, "start", {})
    assert response.status_code == 403
    assert not ChouetteGame.objects.exists()


def test_the_referee_can_tap_the_scoreboard(client, session, carol):
    client.force_login(carol)
    response = _tap(client, session, "start", {"version": session.version})
    assert response.status_code == 200 and response.json()["ok"]
    assert ChouetteGame.objects.get().number == 1


def test_a_game_recorded_with_taps(client, session, alice, bob, carol):
    client.force_login(alice)
    assert _tap(client, session, "start", {}).json()["ok"]
    # The box (Alice) doubles Bob and Carol; Bob takes, Carol drops; the box wins a gammon.
    response = _tap(client, session, "cube", {
        "do": "box_double", "members": [bob.player.pk, carol.player.pk]})
    assert response.json()["ok"], response.json()
    assert _tap(client, session, "cube", {"do": f"take:{bob.player.pk}"}).json()["ok"]
    assert _tap(client, session, "cube", {"do": f"drop:{carol.player.pk}"}).json()["ok"]
    body = _tap(client, session, "result", {"result": "box:gammon"}).json()
    assert body["ok"] and "result recorded" in body["message"]
    points = {e.member.name: e.points for e in ChouetteLedgerEntry.objects.all()}
    assert points == {"Bob": 4, "Carol": 1, "Dora": 1}  # Bob 2x2; Carol's drop; Dora Jacoby
    assert body["html"].count("Points tonight") == 1


def test_an_out_of_turn_tap_is_refused_with_the_reason_and_changes_nothing(
        client, session, alice, bob):
    client.force_login(alice)
    _tap(client, session, "start", {})
    response = _tap(client, session, "cube", {"do": f"take:{bob.player.pk}"})
    assert response.status_code == 400
    assert "no double is waiting" in response.json()["message"]
    assert not ChouetteGame.objects.get().cube_actions.exists()


def test_a_tap_from_a_stale_board_is_refused_with_409_as_every_stale_version(
        client, session, alice):
    client.force_login(alice)
    stale = session.version
    _tap(client, session, "start", {"version": stale})
    response = _tap(client, session, "result", {"result": "box:single", "version": stale})
    assert response.status_code == 409 and "changed in the meantime" in response.json()[
        "message"]
    assert response.json()["stale"] is True
    assert ChouetteGame.objects.get().status == ChouetteGame.Status.PLAYING


def test_without_javascript_a_tap_redirects_with_a_message(client, session, alice):
    client.force_login(alice)
    response = _tap(client, session, "result", {"result": "box:single"}, json=False)
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "No game is being played" in page


def test_the_poll_is_tiny_when_nothing_changed(client, session, bob):
    client.force_login(bob)
    url = _url(session, "state")
    assert client.get(url, {"since": session.version}).json() == {
        "version": session.version, "changed": False}
    services.chouette_game_start(session=session)
    body = client.get(url, {"since": session.version}).json()
    assert body["changed"] and body["version"] == session.version + 1
    assert body["state"]["game"]["box"]["name"] == "Alice"
    assert "Start the next game" not in body["html"]  # Bob reads only


def test_the_ledger_exports_as_csv(client, session, bob):
    services.chouette_game_start(session=session)
    services.chouette_result_record(session=session, winner="team", kind="single")
    client.force_login(bob)
    response = client.get(_url(session, "ledger-csv"))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:7] == ["entry", "created_at", "game", "box", "member", "points", "amount"]
    assert sorted((r[4], r[5], r[6]) for r in rows[1:]) == [
        ("Bob", "-1", "-1.50"), ("Carol", "-1", "-1.50"), ("Dora", "-1", "-1.50")]


def test_settlement_page_marks_a_payment_paid(client, session, alice, bob):
    services.chouette_game_start(session=session)
    services.chouette_result_record(session=session, winner="box", kind="single")
    client.force_login(alice)
    url = reverse("chouette:settlement", kwargs={"slug": session.club.slug})
    page = client.get(url).content.decode()
    assert "Mark paid" in page and "4.50" in page
    client.post(reverse("chouette:mark-paid", kwargs={"slug": session.club.slug}),
                {"payer": bob.player.pk, "payee": alice.player.pk, "amount": "1.50"})
    from chouette.selectors import outstanding_balances
    assert outstanding_balances(club=session.club)[alice.player.pk] == Decimal("3.00")
    assert bob.player.pk not in outstanding_balances(club=session.club)


def test_a_payment_marked_by_mistake_is_undone_with_a_reason(client, session, alice, bob):
    services.chouette_game_start(session=session)
    services.chouette_result_record(session=session, winner="box", kind="single")
    club = session.club
    services.chouette_payment_record(club=club, payer=bob.player.pk, payee=alice.player.pk,
                                     amount=Decimal("1.50"))
    payment = ChouettePayment.objects.get()
    client.force_login(alice)
    settlement_url = reverse("chouette:settlement", kwargs={"slug": club.slug})
    assert "Why undo?" in client.get(settlement_url).content.decode()
    undo = reverse("chouette:payment-undo", kwargs={"slug": club.slug, "pk": payment.pk})
    response = client.post(undo, {"reason": ""}, follow=True)
    assert "Give a reason" in response.content.decode()
    assert ChouettePayment.objects.count() == 1
    response = client.post(undo, {"reason": "Bob paid Carol, not Alice"}, follow=True)
    page = response.content.decode()
    assert "Payment undone" in page and "undo: Bob paid Carol, not Alice" in page
    from chouette.selectors import outstanding_balances
    assert outstanding_balances(club=club)[bob.player.pk] == Decimal("-1.50")
    response = client.post(undo, {"reason": "twice"}, follow=True)
    assert "already undone" in response.content.decode()
    assert ChouettePayment.objects.count() == 2


def test_only_the_clubs_admins_and_referees_undo_payments(client, session, alice, bob, dave):
    services.chouette_game_start(session=session)
    services.chouette_result_record(session=session, winner="box", kind="single")
    services.chouette_plan_mark_paid(club=session.club)
    payment = ChouettePayment.objects.first()
    undo = reverse("chouette:payment-undo",
                   kwargs={"slug": session.club.slug, "pk": payment.pk})
    client.force_login(bob)
    assert client.post(undo, {"reason": "mine"}).status_code == 403
    client.force_login(dave)  # another club's admin
    assert client.post(undo, {"reason": "theirs"}).status_code in (403, 404)
    assert ChouettePayment.objects.filter(reverses__isnull=False).count() == 0


def test_a_player_cannot_mark_payments_paid(client, session, bob, alice):
    services.chouette_game_start(session=session)
    services.chouette_result_record(session=session, winner="box", kind="single")
    client.force_login(bob)
    response = client.post(
        reverse("chouette:mark-paid", kwargs={"slug": session.club.slug}), {"all": "1"})
    assert response.status_code == 403


def test_a_players_record_counts_roles_and_money(client, session, alice, bob):
    services.chouette_game_start(session=session)
    services.chouette_result_record(session=session, winner="team", kind="single")
    services.chouette_game_start(session=session)  # Bob boxes now
    services.chouette_result_record(session=session, winner="box", kind="single")
    client.force_login(alice)
    url = reverse("chouette:record", kwargs={"slug": session.club.slug,
                                                   "player_id": bob.player.pk})
    response = client.get(url)
    row = response.context["rows"][0]
    # Game 1: Bob captains and wins +1; game 2: Bob boxes and wins +3 against three.
    assert (row["box"], row["captain"], row["member"], row["points"], row["amount"]) == (
        1, 1, 0, 4, Decimal("6.00"))


def test_the_session_list_query_count_does_not_grow_with_sessions(
        client, club, session, alice, django_assert_num_queries):
    client.force_login(alice)
    url = reverse("chouette:list", kwargs={"slug": club.slug})
    client.get(url)
    # Built (an empty cache): session + user + the club with the roles + the club's chouette
    # version + the pager's count + a page of sessions (game and player counts in
    # subqueries: without them each row would add two queries) + the club's language.
    cache.clear()
    with django_assert_num_queries(7):
        client.get(url)
    for day in (7, 8, 9):
        services.chouette_session_start(
            club=club, date=datetime.date(2026, 3, day), stake=Decimal("1"),
            players=[alice.player, session.seats.all()[1].player])
    with django_assert_num_queries(6):  # new sessions: a new version, the page is built
        assert len(client.get(url).context["sessions"]) == 4
    # Cached until the next write: session, user, club with roles, the version.
    with django_assert_num_queries(4):
        assert "ledger CSV" in client.get(url).content.decode()


def test_the_scoreboard_query_count_does_not_grow_with_games(
        client, session, alice, bob, django_assert_num_queries):
    client.force_login(alice)
    url = _url(session, "board")

    def play_one():
        services.chouette_game_start(session=session)
        services.chouette_cube_action(session=session, kind="box_double",
                                      members=[services.session_lineup(
                                          session=session).captain])

    play_one()
    # Constant: auth session, user, club with roles, chouette session, seats with players,
    # games, the ledger sums (2), the cube actions of the game on the board, the join list:
    # never a query per game, member or seat (the N+1 a lazy seat.player would bring).
    with django_assert_num_queries(10):
        client.get(url)
    # Then cached per version of the session (the writer's forms get their own token).
    with django_assert_num_queries(4):
        assert "csrf-token-of-the-viewer" not in client.get(url).content.decode()
    services.chouette_cube_action(session=session, kind="take",
                                  members=[services.session_lineup(session=session).captain])
    services.chouette_result_record(session=session, winner="box", kind="single")
    for _ in range(3):
        play_one()
        services.chouette_cube_action(session=session, kind="drop", members=[
            ChouetteGame.objects.filter(status="playing").get().captain_id])
        services.chouette_result_record(session=session, winner="box", kind="single")
    play_one()
    with django_assert_num_queries(10):
        client.get(url)


def test_the_settlement_page_query_count_does_not_grow_with_players(
        client, club, session, alice, django_assert_num_queries):
    services.chouette_game_start(session=session)
    services.chouette_result_record(session=session, winner="box", kind="single")
    client.force_login(alice)
    url = reverse("chouette:settlement", kwargs={"slug": club.slug})
    # auth session, user, club with roles, the club's chouette version, the recent payments
    # (names and undo state joined), ledger sums by box and by member, payments by payer
    # and by payee, the players' names in one query (not one per balance or payment row).
    with django_assert_num_queries(10):
        assert len(client.get(url).context["plan"]) == 3
    # Cached until a ledger row or a payment lands: session, user, club, the version.
    with django_assert_num_queries(4):
        client.get(url)
    services.chouette_plan_mark_paid(club=club)
    first = ChouettePayment.objects.filter(club=club).first()
    services.chouette_payment_reverse(club=club, payment_id=first.pk, reason="wrong")
    with django_assert_num_queries(10):  # payments: a new version
        assert len(client.get(url).context["payments"]) == 4


def test_the_club_page_links_to_the_chouette(client, club, bob):
    client.force_login(bob)
    page = client.get(reverse("clubs:detail", kwargs={"slug": club.slug})).content.decode()
    assert reverse("chouette:list", kwargs={"slug": club.slug}) in page


def test_a_game_row_signs_each_players_points_as_points_tonight_does(client, session, alice):
    client.force_login(alice)
    _tap(client, session, "start", {})
    body = _tap(client, session, "result", {"result": "box:single"}).json()
    games = body["html"].split('data-testid="games"')[1]
    # Alice in the box wins 1 point from each of the three: +3 for her, -1 for each of them.
    assert "Alice (box) +3, Bob -1, Carol -1, Dora -1" in games
    running = body["html"].split('data-testid="running"')[1].split("</table>")[0]
    assert '>Alice</a></td><td class="num">3</td>' in running
    assert '>Bob</a></td><td class="num">-1</td>' in running


def test_the_ledger_csv_quotes_a_name_a_spreadsheet_would_run(client, session, bob):
    """A member named as a formula stays text in the export (config/spreadsheets.py)."""
    services.chouette_game_start(session=session)
    services.chouette_result_record(session=session, winner="team", kind="single")
    session.club.memberships.get(player__name="Carol").player.__class__.objects.filter(
        name="Carol").update(name="@SUM(A1:A9)")
    client.force_login(bob)
    rows = list(csv.reader(io.StringIO(client.get(_url(session, "ledger-csv")).content.decode())))
    assert "'@SUM(A1:A9)" in [r[4] for r in rows[1:]]
    assert ("Bob", "-1", "-1.50") in [(r[4], r[5], r[6]) for r in rows[1:]]  # numbers as before
