"""The live lobby of a club of 60 on a phone: the opponent is found by typing part of a name
(the datalist fills from the members search), and choosing it starts the match."""

import pytest
from django.urls import reverse

from live.models import LiveMatch
from tests.factories import MembershipFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_member_finds_the_opponent_by_name_and_starts_the_match(phone, live_server, club):
    joe = PlayerFactory(name="Joe", user=UserFactory(username="joe"))
    MembershipFactory(club=club, player=joe)
    for n in range(60):
        MembershipFactory(club=club, player=PlayerFactory(name=f"Member {n:02}"))
    wanted = PlayerFactory(name="Wilhelmina Snow")
    MembershipFactory(club=club, player=wanted)
    phone.goto(f"{live_server.url}/accounts/login/")
    phone.fill("#id_login", "joe")
    phone.fill("#id_password", "correct horse battery")
    phone.click("button[type=submit]")
    phone.wait_for_load_state()
    phone.goto(live_server.url + reverse("live:club", args=[club.slug]))
    assert phone.locator("#lobby-members option").count() == 0  # too many to send
    field = phone.locator("[data-testid=player-b]")
    field.type("wilhel", delay=20)
    phone.wait_for_function(
        "document.querySelectorAll('#lobby-members option').length === 1")
    assert phone.locator("#lobby-members option").get_attribute("value") == "Wilhelmina Snow"
    field.fill("Wilhelmina Snow")
    assert phone.locator("[data-testid=start] input[name=player_b]").input_value() == str(
        wanted.pk)
    phone.click("[data-testid=start] button[type=submit]")
    phone.wait_for_url(f"{live_server.url}/live/*/")
    match = LiveMatch.objects.get()
    assert (match.player_a, match.player_b) == (joe, wanted)
