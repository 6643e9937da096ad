"""The chouette in the visitor's language: the board, the balances, the start form's errors,
the scoreboard's and the API's refusals; money shown with two decimals in the language's
format, machine values (form inputs) left as they are."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.models import AccountPreference
from chouette import services
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def session(club, alice, bob, carol):
    """Alice box, Bob captain, Carol and Dora; stake 1.50; game 1: the box wins a single
    game (Alice +4.50, each member -1.50)."""
    dora = MembershipFactory(club=club, player=PlayerFactory(name="Dora")).player
    players = [alice.player, bob.player, carol.player, dora]
    session = services.chouette_session_start(
        club=club, date=datetime.date(2026, 3, 6), stake=Decimal("1.50"), players=players)
    services.chouette_order_roll(
        session=session, rolls={p.pk: die for p, die in zip(players, (6, 5, 4, 3), strict=True)})
    services.chouette_game_start(session=session)
    services.chouette_result_record(session=session, winner="box", kind="single")
    session.refresh_from_db()
    return session


def _board(session):
    return reverse("chouette:board", kwargs={"slug": session.club.slug, "pk": session.pk})


def test_the_board_speaks_german_to_a_member_who_chose_german(client, session, bob):
    AccountPreference.objects.create(user=bob, language="de")
    client.force_login(bob)  # the choice is remembered in the session at sign-in
    page = client.get(_board(session)).content.decode()
    assert '<html lang="de"' in page
    assert "Punkte heute Abend" in page and "Box / Kapitän" in page
    assert "1,50" in page and "pro Punkt" in page  # the stake, in German
    assert "4,50" in page and "-1,50" in page  # the evening's money so far
    assert "Die Box gewinnt eine einfache Partie" in page
    assert "Kapitän" in page


def test_the_board_follows_the_browser_language_and_keeps_machine_values(
        client, session, alice):
    client.force_login(alice)
    page = client.get(_board(session), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Nächste Partie starten" in page and "Abend schließen" in page
    assert f'name="version" value="{session.version}"' in page


def test_the_settlement_page_in_german_with_german_money(client, session, alice):
    client.force_login(alice)
    url = reverse("chouette:settlement", kwargs={"slug": session.club.slug})
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Chouette-Salden" in page and "Wer zahlt wem" in page
    assert "Als bezahlt markieren" in page
    assert ">1,50<" in page and ">4,50<" in page
    assert 'name="amount" value="1.50"' in page  # what the form posts back stays a number


def test_the_english_board_keeps_its_words_and_point_decimals(client, session, bob):
    client.force_login(bob)
    page = client.get(_board(session), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Points tonight" in page and "1.50" in page and "-1.50" in page
    assert "The box wins single game" in page


def test_a_start_form_error_in_danish(client, club, alice, bob):
    client.force_login(alice)
    response = client.post(reverse("chouette:new", kwargs={"slug": club.slug}), {
        "date": "2026-03-06", "stake": "2.00", "players": [alice.player.pk, bob.player.pk],
        "cube_mode": "per_member", "automatic_doubles": 0, "box_partner_from": 4,
        "consultation": "no_cube_no_talk", "box_answer_policy": "free"},
        HTTP_ACCEPT_LANGUAGE="da")
    page = response.content.decode()
    assert response.status_code == 200
    assert "box_partner_from skal være None (ingen partner)" in page
    assert "Start aftenen" in page and "Penge pr. point." in page


def test_a_refused_tap_answers_in_german(client, session, alice, bob):
    client.force_login(alice)
    services.chouette_game_start(session=session)
    session.refresh_from_db()
    url = reverse("chouette:tap", kwargs={"slug": session.club.slug, "pk": session.pk,
                                          "tap": "cube"})
    response = client.post(url, {"version": session.version, "do": f"take:{bob.player.pk}"},
                           headers={"Accept": "application/json"}, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 400
    message = response.json()["message"]
    assert "wartet kein Doppel" in message and "[no_double_pending]" in message


def test_the_api_detail_of_a_refusal_in_german(session, alice, bob):
    game = services.chouette_game_start(session=session)
    api = APIClient()
    api.force_authenticate(alice)
    response = api.post(reverse("chouette-cube-action-api", kwargs={"pk": game.pk}),
                        {"kind": "take", "members": [bob.player.pk]}, format="json",
                        HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 400
    assert "wartet kein Doppel" in response.json()["detail"]
