"""A chouette evening's sheet (names across, the order down, cube and points) and its gate.
(The team match card prints from a team league's fixture: tests/teamleagues/test_print.py.)"""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from chouette import services
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def session(club, alice, bob):
    players = [alice.player, bob.player,
               MembershipFactory(club=club, player=PlayerFactory(name="Cat")).player]
    session = services.chouette_session_start(club=club, date=datetime.date(2026, 3, 6),
                                              stake=Decimal("0.50"), players=players)
    services.chouette_order_roll(session=session, rolls={p.pk: 6 - i
                                                         for i, p in enumerate(players)})
    return session


def _url(session):
    return reverse("printing:chouette", args=[session.club.slug, session.pk])


def test_the_chouette_sheet_has_the_names_across_and_numbered_rows(client, bob, session,
                                                                   read_pdf):
    client.force_login(bob)
    response = client.get(_url(session))
    assert response.status_code == 200
    pdf = read_pdf(response)
    assert pdf.landscape()
    assert "Cat" in pdf.text and "Cube" in pdf.text and "Box" in pdf.text
    assert "30" in pdf.text  # the evening's rows, numbered down


def test_a_stranger_may_not_print_a_clubs_chouette(client, dave, session):
    client.force_login(dave)
    assert client.get(_url(session)).status_code == 403


def test_the_chouette_sheet_over_the_api(session, bob):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(bob)
    response = api.get(reverse("chouette-print-api", kwargs={"pk": session.pk}))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")

