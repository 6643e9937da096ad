"""Chouette API: reads for signed-in users, writes for the club's admins and referees,
400 with the reason on bad or out-of-turn input (never a 500), 403 for other clubs."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from chouette import services
from chouette.models import ChouetteGame, ChouetteLedgerEntry, ChouetteSession
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def players(club, alice, bob):
    return [alice.player, bob.player,
            MembershipFactory(club=club, player=PlayerFactory(name="Cat")).player]


@pytest.fixture
def session(club, players):
    session = services.chouette_session_start(club=club, date=datetime.date(2026, 3, 6),
                                              stake=Decimal("0.50"), players=players)
    services.chouette_order_roll(session=session, rolls={p.pk: 6 - i
                                                         for i, p in enumerate(players)})
    return session


def _start_url(club):
    return reverse("chouette-session-start-api", kwargs={"slug": club.slug})


def test_the_admin_starts_a_session_and_the_server_rolls_the_order(api, club, alice, players):
    api.force_authenticate(alice)
    response = api.post(_start_url(club), {"date": "2026-03-06", "stake": "1.25",
                                           "players": [p.pk for p in players]}, format="json")
    assert response.status_code == 201, response.json()
    pk = response.json()["id"]
    response = api.post(reverse("chouette-order-api", kwargs={"pk": pk}), {}, format="json")
    assert response.status_code == 200
    board = response.json()["scoreboard"]
    assert board["order"]["ready"] and board["lineup"]["box"] is not None
    assert ChouetteSession.objects.get(pk=pk).stake == Decimal("1.25")


@pytest.mark.parametrize("body, message", [
    ({"date": "2026-03-06", "stake": "1", "players": [1]}, "players"),
    ({"date": "not a date", "stake": "1", "players": [1, 2]}, "date"),
    ({"date": "2026-03-06", "stake": "-1", "players": [1, 2]}, "stake"),
    ({"date": "2026-03-06", "stake": "1", "players": [1, 2], "cube_mode": "three"},
     "cube_mode"),
])
def test_a_malformed_session_is_a_400(api, club, alice, body, message):
    api.force_authenticate(alice)
    response = api.post(_start_url(club), body, format="json")
    assert response.status_code == 400 and message in response.json()["errors"]
    assert not ChouetteSession.objects.exists()


def test_settings_the_rules_refuse_are_a_400_with_the_reason(api, club, alice, players):
    api.force_authenticate(alice)
    response = api.post(_start_url(club), {
        "date": "2026-03-06", "stake": "1", "players": [p.pk for p in players],
        "beavers": False, "raccoons": True}, format="json")
    assert response.status_code == 400
    assert "raccoons need beavers" in response.json()["detail"]


def test_the_admin_of_another_club_gets_403(api, club, dave, session):
    api.force_authenticate(dave)
    assert api.post(_start_url(club), {"date": "2026-03-06", "stake": "1", "players": []},
                    format="json").status_code == 403
    response = api.post(reverse("chouette-game-start-api", kwargs={"pk": session.pk}), {},
                        format="json")
    assert response.status_code == 403
    assert not ChouetteGame.objects.exists()


def test_a_player_reads_but_cannot_write(api, bob, session):
    api.force_authenticate(bob)
    detail = api.get(reverse("chouette-session-detail", kwargs={"pk": session.pk}))
    assert detail.status_code == 200 and detail.json()["scoreboard"]["lineup"]["box"]
    response = api.post(reverse("chouette-game-start-api", kwargs={"pk": session.pk}), {},
                        format="json")
    assert response.status_code == 403


def test_anonymous_users_cannot_read(api, session):
    response = api.get(reverse("chouette-session-list"))
    assert response.status_code in (401, 403)


def test_a_game_through_the_api(api, carol, session, players):
    api.force_authenticate(carol)  # the referee may write
    response = api.post(reverse("chouette-game-start-api", kwargs={"pk": session.pk}), {},
                        format="json")
    game_id = response.json()["scoreboard"]["game"]["id"]
    cube_url = reverse("chouette-cube-action-api", kwargs={"pk": game_id})
    bob, cat = players[1].pk, players[2].pk
    assert api.post(cube_url, {"kind": "team_double", "members": [bob, cat]},
                    format="json").status_code == 200
    assert api.post(cube_url, {"kind": "take", "members": [bob]}, format="json").status_code \
        == 200
    assert api.post(cube_url, {"kind": "drop", "members": [cat]}, format="json").status_code \
        == 200
    response = api.post(reverse("chouette-result-api", kwargs={"pk": game_id}),
                        {"winner": "team", "kind": "single"}, format="json")
    assert response.status_code == 200
    assert {e.member_id: e.amount for e in ChouetteLedgerEntry.objects.all()} == {
        bob: Decimal("-1.00"), cat: Decimal("-0.50")}
    game = api.get(reverse("chouette-game-detail", kwargs={"pk": game_id})).json()
    assert game["status"] == "finished" and len(game["cube_actions"]) == 4
    plan = api.get(reverse("chouette-settlement-api", kwargs={"slug": session.club.slug}))
    assert plan.json()["plan"] == [{"payer_id": players[0].pk, "payer": "Alice",
                                    "payee_id": bob, "payee": "Bob", "amount": "1.00"},
                                   {"payer_id": players[0].pk, "payer": "Alice",
                                    "payee_id": cat, "payee": "Cat", "amount": "0.50"}]


@pytest.mark.parametrize("body, message", [
    ({"kind": "take", "members": ["x"]}, "members"),
    ({"kind": "double", "members": [1]}, "kind"),
    ({"members": [1]}, "kind"),
])
def test_a_malformed_cube_action_is_a_400(api, alice, session, body, message):
    game = services.chouette_game_start(session=session)
    api.force_authenticate(alice)
    response = api.post(reverse("chouette-cube-action-api", kwargs={"pk": game.pk}), body,
                        format="json")
    fields = {name.split(".")[0] for name in response.json()["errors"]}  # members.0: members
    assert response.status_code == 400 and message in fields


def test_an_out_of_turn_cube_action_is_a_400_with_the_reason(api, alice, session, players):
    game = services.chouette_game_start(session=session)
    api.force_authenticate(alice)
    response = api.post(reverse("chouette-cube-action-api", kwargs={"pk": game.pk}),
                        {"kind": "take", "members": [players[1].pk]}, format="json")
    assert response.status_code == 400
    assert "no double is waiting" in response.json()["detail"]


def test_a_second_result_is_a_400(api, alice, session):
    game = services.chouette_game_start(session=session)
    api.force_authenticate(alice)
    url = reverse("chouette-result-api", kwargs={"pk": game.pk})
    assert api.post(url, {"winner": "box", "kind": "single"}, format="json").status_code == 200
    response = api.post(url, {"winner": "team", "kind": "single"}, format="json")
    assert response.status_code == 400 and "already recorded" in response.json()["detail"]
    assert ChouetteLedgerEntry.objects.count() == 2


def test_joins_and_leaves_through_the_api(api, club, alice, session):
    newcomer = MembershipFactory(club=club, player=PlayerFactory(name="Dan")).player
    api.force_authenticate(alice)
    url = reverse("chouette-lineup-api", kwargs={"pk": session.pk})
    response = api.post(url, {"action": "join", "player": newcomer.pk}, format="json")
    assert response.json()["scoreboard"]["lineup"]["team"][-1]["name"] == "Dan"
    response = api.post(url, {"action": "leave", "player": 999999}, format="json")
    assert response.status_code == 400 and "not in this lineup" in response.json()["detail"]


def test_undo_through_the_api(api, alice, session):
    services.chouette_game_start(session=session)
    services.chouette_result_record(session=session, winner="box", kind="single")
    api.force_authenticate(alice)
    response = api.post(reverse("chouette-undo-api", kwargs={"pk": session.pk}),
                        {"reason": "misclick"}, format="json")
    assert response.status_code == 200
    assert ChouetteLedgerEntry.objects.filter(reason="misclick").count() == 2


def test_payments_are_marked_and_undone_through_the_api(api, club, alice, bob, dave, session,
                                                        players):
    from chouette.models import ChouettePayment
    from chouette.selectors import outstanding_balances

    services.chouette_game_start(session=session)  # Alice boxes against Bob and Cat
    services.chouette_result_record(session=session, winner="box", kind="single")
    pay_url = reverse("chouette-payment-api", kwargs={"slug": club.slug})
    body = {"payer": bob.player.pk, "payee": alice.player.pk, "amount": "0.50"}
    api.force_authenticate(bob)
    assert api.post(pay_url, body, format="json").status_code == 403
    api.force_authenticate(dave)
    assert api.post(pay_url, body, format="json").status_code in (403, 404)
    api.force_authenticate(alice)
    too_much = api.post(pay_url, {**body, "amount": "0.51"}, format="json")
    assert too_much.status_code == 400 and "more than the payer owes" in too_much.json()["detail"]
    assert api.post(pay_url, {**body, "amount": "-1"}, format="json").status_code == 400
    made = api.post(pay_url, body, format="json")
    assert made.status_code == 201 and made.json()["amount"] == "0.50"
    assert bob.player.pk not in outstanding_balances(club=club)
    undo_url = reverse("chouette-payment-undo-api",
                       kwargs={"slug": club.slug, "pk": made.json()["id"]})
    assert api.post(undo_url, {}, format="json").status_code == 400
    undone = api.post(undo_url, {"reason": "wrong payer"}, format="json")
    assert undone.status_code == 201
    assert (undone.json()["payer"], undone.json()["reverses"]) == (alice.player.pk,
                                                                   made.json()["id"])
    assert outstanding_balances(club=club)[bob.player.pk] == Decimal("-0.50")
    again = api.post(undo_url, {"reason": "again"}, format="json")
    assert again.status_code == 400 and "already undone" in again.json()["detail"]
    assert ChouettePayment.objects.count() == 2


def test_a_result_from_a_stale_version_is_a_409_as_in_live(api, alice, session):
    game = services.chouette_game_start(session=session)
    stale = ChouetteSession.objects.get(pk=session.pk).version - 1
    api.force_authenticate(alice)
    url = reverse("chouette-result-api", kwargs={"pk": game.pk})
    response = api.post(url, {"winner": "box", "kind": "single", "version": stale},
                        format="json")
    assert response.status_code == 409 and "changed in the meantime" in response.json()["detail"]
    assert not ChouetteLedgerEntry.objects.exists()
