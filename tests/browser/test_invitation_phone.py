"""A new member opens an invitation on a phone (390 px), chooses a username and a password,
lands on the club's page signed in as the member the club invited, and nothing runs off
the right edge on the way."""

import re

import pytest

from accounts.models import OutboundMail
from accounts.services.invitations import invitation_create
from clubs.models import Player
from tests.browser.conftest import PHONE
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_member_accepts_an_invitation_on_a_phone(phone, live_server, club):
    erin = PlayerFactory(name="Erin Ellis")
    MembershipFactory(club=club, player=erin, role="player")
    invitation_create(club=club, email="erin@example.org", player=erin)
    body = OutboundMail.objects.get(kind="invitation").body
    path = re.search(r"(/accounts/invitations/[^/\s]+/)", body).group(1)

    phone.goto(f"{live_server.url}{path}")
    assert "Erin Ellis" in phone.inner_text("main")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide"
    phone.fill("#id_username", "erin")
    phone.fill("#id_password1", "a-long-Passphrase-42")
    phone.fill("#id_password2", "a-long-Passphrase-42")
    phone.click("button[type=submit]")
    phone.wait_for_url(f"{live_server.url}/clubs/{club.slug}/")
    assert "Welcome to" in phone.inner_text("main")
    assert "erin" in phone.inner_text("header")
    erin.refresh_from_db()
    assert erin.user.username == "erin" and Player.objects.filter(name="Erin Ellis").count() == 1
    # The same link a second time: refused, saying why.
    phone.goto(f"{live_server.url}{path}")
    assert "used already" in phone.inner_text("main")
