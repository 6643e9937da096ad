"""The chouette scoreboard in a real browser: the admin taps a cube action and the result;
a player's read-only board follows by itself (polling, no reload)."""

import datetime
from decimal import Decimal

import pytest

from chouette import services
from chouette.models import ChouetteLedgerEntry
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def session(club, alice, bob):
    players = [alice.player, bob.player,
               MembershipFactory(club=club, player=PlayerFactory(name="Cat")).player]
    session = services.chouette_session_start(club=club, date=datetime.date(2026, 3, 6),
                                              stake=Decimal("1.00"), players=players)
    services.chouette_order_roll(session=session, rolls={p.pk: 6 - i
                                                         for i, p in enumerate(players)})
    services.chouette_game_start(session=session)
    return session


def test_the_admin_taps_a_game_and_the_viewer_follows(browser, page, live_server, login,
                                                      session, alice, bob):
    url = f"{live_server.url}{session.get_absolute_url()}"
    viewer_context = browser.new_context(viewport={"width": 1024, "height": 768})
    viewer = viewer_context.new_page()
    viewer.set_default_timeout(15_000)
    try:
        viewer.goto(f"{live_server.url}/accounts/login/")
        viewer.fill("#id_login", "bob")
        viewer.fill("#id_password", "correct horse battery")
        viewer.click("button[type=submit]")
        viewer.wait_for_load_state()
        viewer.goto(url)
        assert viewer.locator("[data-testid=game-title]").inner_text().startswith("Game 1")
        assert viewer.locator("button:has-text('Box doubles')").count() == 0  # read-only
        viewer.evaluate("window.__notReloaded = true")

        login("alice")
        page.goto(url)
        page.click("tr[data-member='Bob'] button:has-text('Box doubles')")
        page.wait_for_selector("tr[data-member='Bob'] button:has-text('Take')")
        page.click("tr[data-member='Bob'] button:has-text('Take')")
        page.wait_for_function(
            "document.querySelector(\"[data-testid='cube-Bob']\").textContent.trim() === '2'")
        assert "Cube action recorded" in page.locator("#flash").inner_text()

        # The viewer's board shows Bob's cube on 2 without a reload.
        viewer.wait_for_function(
            "document.querySelector(\"[data-testid='cube-Bob']\").textContent.trim() === '2'",
            timeout=10_000)

        page.click("button:has-text('Box gammon')")
        page.wait_for_selector("[data-testid=no-game]")
        assert ChouetteLedgerEntry.objects.filter(game__session=session).count() == 2

        viewer.wait_for_selector("[data-testid=no-game]", timeout=10_000)
        assert "The box wins gammon" in viewer.locator("[data-testid=games]").inner_text()
        assert viewer.evaluate("window.__notReloaded") is True
    finally:
        viewer_context.close()
