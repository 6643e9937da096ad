"""Two people record the same game's result at the same moment: exactly one result and one
set of ledger entries (real threads, real transactions, each with its own connection)."""

import datetime
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from chouette import services
from chouette.models import ChouetteGame, ChouetteLedgerEntry
from tests.concurrency import race
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def game(club, alice):
    players = [alice.player] + [MembershipFactory(club=club, player=PlayerFactory(name=n)).player
                                for n in ("Ben", "Cat", "Dan")]
    session = services.chouette_session_start(club=club, date=datetime.date(2026, 3, 6),
                                              stake=Decimal("2.00"), players=players)
    services.chouette_order_roll(session=session, rolls={p.pk: 6 - i
                                                         for i, p in enumerate(players)})
    return services.chouette_game_start(session=session)


def test_two_services_recording_one_result_give_one_result(game):
    def record(winner):
        return lambda: services.chouette_result_record(
            session=game.session, game=game, winner=winner, kind="single")

    outcomes = race(record("box"), record("team"))
    recorded = [o for o in outcomes if isinstance(o, ChouetteGame)]
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert len(recorded) == 1 and len(refused) == 1, outcomes
    assert isinstance(refused[0], services.DOMAIN_ERRORS)
    assert "already recorded" in str(refused[0]) or "try again" in str(refused[0])
    game.refresh_from_db()
    assert game.status == ChouetteGame.Status.FINISHED
    assert game.winner == recorded[0].winner
    entries = ChouetteLedgerEntry.objects.filter(game=game)
    assert entries.count() == 3
    assert len({e.member_id for e in entries}) == 3


def test_two_api_requests_recording_one_result_give_one_result(game, alice, carol):
    url = reverse("chouette-result-api", kwargs={"pk": game.pk})

    def post(user):
        def call():
            client = Client()
            client.force_login(user)
            return client.post(url, {"winner": "box", "kind": "gammon"},
                               content_type="application/json")
        return call

    outcomes = race(post(alice), post(carol))
    statuses = sorted(o.status_code for o in outcomes)
    assert statuses == [200, 400], outcomes
    refused = next(o for o in outcomes if o.status_code == 400)
    assert "already recorded" in refused.json()["detail"] or "try again" in refused.json()[
        "detail"]
    assert ChouetteLedgerEntry.objects.filter(game=game).count() == 3
    assert ChouetteGame.objects.get(pk=game.pk).status == ChouetteGame.Status.FINISHED
