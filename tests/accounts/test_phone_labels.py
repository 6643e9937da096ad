"""On a phone the outbox's and the invitations' tables stack each row, every cell after its
column's name (``data-label``): those names are in the page's language, like the header."""

import re

import pytest
from django.urls import reverse

from accounts.models import OutboundMail
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def _labels(page: str) -> set[str]:
    return set(re.findall(r'data-label="([^"]*)"', page))


def test_the_outboxs_phone_labels_are_in_the_pages_language(client, club, alice):
    OutboundMail.objects.create(key="k1", to="x@example.org", kind="test", subject="Hi",
                                body="b", club=club)
    client.force_login(alice)
    page = client.get(reverse("accounts:club-outbox", args=[club.slug]),
                      HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert {"Wann", "An", "Status", "Versuche"} <= _labels(page)
    assert not _labels(page) & {"when", "to", "status", "tries"}


def test_the_invitations_phone_labels_are_in_the_pages_language(client, club, alice):
    erin = PlayerFactory(name="Erin", email="erin@example.org")
    MembershipFactory(club=club, player=erin, role="player")
    client.force_login(alice)
    client.post(reverse("accounts:club-invitations", args=[club.slug]), {
        "form": "one", "one-player": erin.pk, "one-email": "erin@example.org",
        "one-role": "player"})
    page = client.get(reverse("accounts:club-invitations", args=[club.slug]),
                      HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "erin@example.org" in page
    assert {"Rolle", "Status", "Läuft ab"} <= _labels(page)
    assert not _labels(page) & {"role", "status", "expires"}
