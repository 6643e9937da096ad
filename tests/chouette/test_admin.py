"""Referees review and reverse chouette games in the admin; the ledger is read-only there."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from chouette import services
from chouette.models import ChouetteGame, ChouetteLedgerEntry
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(club, alice):
    players = [alice.player] + [MembershipFactory(club=club, player=PlayerFactory(name=n)).player
                                for n in ("Ben", "Cat")]
    session = services.chouette_session_start(club=club, date=datetime.date(2026, 3, 6),
                                              stake=Decimal("1.00"), players=players)
    services.chouette_order_roll(session=session, rolls={p.pk: 6 - i
                                                         for i, p in enumerate(players)})
    game = services.chouette_game_start(session=session)
    return services.chouette_result_record(session=session, game=game, winner="box",
                                           kind="single")


@pytest.fixture
def referee(carol, staff_permissions):
    return staff_permissions(carol, "view_chouettegame", "change_chouettegame",
                             "view_chouetteledgerentry", "change_chouetteledgerentry",
                             "delete_chouetteledgerentry")


def _reverse(client, game, reason):
    return client.post(reverse("admin:chouette_chouettegame_changelist"), {
        "action": "reverse_games", "_selected_action": [game.pk], "apply": "1",
        "reason": reason})


def test_a_referee_reverses_a_game_with_a_reason(client, referee, game):
    client.force_login(referee)
    response = _reverse(client, game, "The board was set up wrong")
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.status, game.reversed_by, game.reverse_reason) == (
        ChouetteGame.Status.REVERSED, referee, "The board was set up wrong")
    reversals = ChouetteLedgerEntry.objects.filter(reverses__isnull=False)
    assert sorted(e.points for e in reversals) == [-1, -1]
    assert all(e.created_by == referee for e in reversals)


def test_the_reversal_asks_for_a_reason_first(client, referee, game):
    client.force_login(referee)
    response = _reverse(client, game, "")
    assert response.status_code == 200 and b"This field is required" in response.content
    assert not ChouetteLedgerEntry.objects.filter(reverses__isnull=False).exists()


def test_the_admin_of_another_club_does_not_see_the_game(client, dave, staff_permissions, game):
    staff_permissions(dave, "view_chouettegame", "change_chouettegame")
    client.force_login(dave)
    response = client.get(reverse("admin:chouette_chouettegame_changelist"))
    assert str(game) not in response.content.decode()
    _reverse(client, game, "not mine")
    game.refresh_from_db()
    assert game.status == ChouetteGame.Status.FINISHED


def test_ledger_entries_are_read_only_in_the_admin(client, referee, game):
    client.force_login(referee)
    entry = ChouetteLedgerEntry.objects.first()
    url = reverse("admin:chouette_chouetteledgerentry_change", args=[entry.pk])
    page = client.get(url)
    assert page.status_code == 200 and b'name="_save"' not in page.content
    client.post(url, {"points": 50, "amount": "50.00"})
    client.post(reverse("admin:chouette_chouetteledgerentry_delete", args=[entry.pk]),
                {"post": "yes"})
    entry.refresh_from_db()
    assert entry.points == 1
