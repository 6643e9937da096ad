"""The home captain enters a team match card on a phone (390 px) at the table: every board's
form fits the screen, every control is a 44 px tap target, and the card goes to the away
captain to confirm."""

import pytest

from teamleagues import services
from teamleagues.models import Fixture
from tests.browser.conftest import PHONE
from tests.teamleagues.conftest import make_world

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_home_captain_enters_the_card_on_a_phone(phone, live_server):
    w = make_world(boards=6, lengths=(5, 5, 5, 7, 7, 7))
    fixture = Fixture.objects.filter(league=w.league).order_by("round", "pk").first()
    for team in (fixture.home, fixture.away):
        players = [p.pk for p in w.players[team.club_id]]  # any member may play: six
        services.lineup_submit(fixture=fixture, team=team, players=players,
                               by=w.captains[team.pk])
    captain = w.captains[fixture.home_id]
    phone.goto(f"{live_server.url}/accounts/login/")
    phone.fill("#id_login", captain.username)
    phone.fill("#id_password", "correct horse battery")
    phone.click("button[type=submit]")
    phone.wait_for_load_state()
    phone.goto(f"{live_server.url}/team-fixtures/{fixture.pk}/")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the card is {width} px wide"
    small = phone.evaluate("""() => [...document.querySelectorAll(
        '.teamcard button, .teamcard select, '
        + '.teamcard input:not([type=checkbox]):not([type=hidden])')]
        .filter(e => e.offsetParent !== null)
        .map(e => [e.name || e.textContent.trim(), e.getBoundingClientRect().height])
        .filter(([, h]) => h < 44)""")
    assert small == [], f"controls under 44 px: {small}"
    lengths = w.league.lengths
    for n in range(1, 7):
        form = phone.locator("[data-testid=enter-form]")
        form.locator(f"select[name=winner_{n}]").select_option("home")
        form.locator(f"input[name=home_{n}]").fill(str(lengths[n - 1]))
        form.locator(f"input[name=away_{n}]").fill("1")
    phone.locator("[data-testid=enter-form] button").click()
    phone.wait_for_load_state()
    assert "the away captain confirms it" in phone.inner_text("main")
    assert Fixture.objects.get(pk=fixture.pk).status == "entered"
