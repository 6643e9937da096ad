"""The chouette pages at phone size (390 px wide) and the "Start a chouette" form: nothing
runs off the right edge of the board (the member table, its Beaver button), and each rule
checkbox sits beside its label. Screenshots go to ``data/screenshots/`` for a look.
"""

import datetime
import os
from decimal import Decimal
from pathlib import Path

import pytest

from chouette import services
from tests.browser.conftest import PHONE, close_phone, new_phone
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("DATA_DIR", "data")) / "screenshots"

#: Every visible element whose box ends right of the viewport (or starts left of it).
OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.right > width + 0.5 || box.left < -0.5) {
      out.push(`${el.tagName.toLowerCase()}${el.className ? "." + el.className : ""}`
               + ` "${(el.textContent || "").trim().slice(0, 30)}" ${box.left}-${box.right}`);
    }
  }
  return {width, scrollWidth: document.documentElement.scrollWidth, out};
}"""


def _login(page, live_server, username):
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_login", username)
    page.fill("#id_password", "correct horse battery")
    page.click("button[type=submit]")
    page.wait_for_load_state()


def _shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _assert_fits(page):
    found = page.evaluate(OVERFLOWING)
    assert found["scrollWidth"] <= found["width"], found
    assert found["out"] == [], found["out"][:10]


@pytest.fixture
def doubled(club, alice, bob):
    """Five players with long-ish names; the box has doubled the captain: Take, Drop and
    Beaver are on the captain's row."""
    names = ["Margarethe", "Bartholomew", "Konstantin"]
    players = [alice.player, bob.player] + [
        MembershipFactory(club=club, player=PlayerFactory(name=n)).player for n in names]
    session = services.chouette_session_start(club=club, date=datetime.date(2026, 3, 6),
                                              stake=Decimal("1.00"), players=players)
    services.chouette_order_roll(session=session, rolls={p.pk: 6 - i
                                                         for i, p in enumerate(players)})
    game = services.chouette_game_start(session=session)
    services.chouette_cube_action(session=session, kind="box_double", members=[game.captain_id])
    return session


def test_the_board_fits_a_phone_and_the_beaver_button_is_on_screen(phone, live_server,
                                                                  doubled):
    _login(phone, live_server, "alice")
    phone.goto(f"{live_server.url}{doubled.get_absolute_url()}")
    beaver = phone.locator("[data-testid=members] button:has-text('Beaver')")
    beaver.wait_for()
    _shot(phone, "chouette-board-390")
    _assert_fits(phone)
    box = beaver.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    # The cube buttons of the other members are on screen too.
    for button in phone.locator("[data-testid=members] button").all():
        b = button.bounding_box()
        assert b["x"] + b["width"] <= PHONE["width"], (button.inner_text(), b)


def test_the_read_only_board_fits_a_phone(phone, live_server, doubled, bob):
    _login(phone, live_server, "bob")
    phone.goto(f"{live_server.url}{doubled.get_absolute_url()}")
    phone.locator("[data-testid=members]").wait_for()
    _shot(phone, "chouette-board-390-viewer")
    _assert_fits(phone)


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1024, "height": 900}],
                         ids=["phone", "desktop"])
def test_each_rule_checkbox_sits_beside_its_label(browser, live_server, club, alice, bob,
                                                 viewport):
    context = (new_phone(browser, is_mobile=False, has_touch=False) if viewport == PHONE
               else browser.new_context(viewport=viewport))
    page = context.new_page()
    try:
        _login(page, live_server, "alice")
        page.goto(f"{live_server.url}/clubs/{club.slug}/chouette/new/")
        _shot(page, f"chouette-new-{viewport['width']}")
        if viewport == PHONE:
            _assert_fits(page)
        for name in ("jacoby", "beavers", "raccoons"):
            box = page.locator(f"#id_{name}").bounding_box()
            label = page.locator(f"label[for=id_{name}]").bounding_box()
            # On the same line, the box first, just before the label's text.
            assert abs((box["y"] + box["height"] / 2) - (label["y"] + label["height"] / 2)) < 8
            assert 0 <= label["x"] - (box["x"] + box["width"]) < 24, (name, box, label)
        # Ticking by the label still works.
        checked = page.is_checked("#id_raccoons")
        page.click("label[for=id_raccoons]")
        assert page.is_checked("#id_raccoons") != checked
    finally:
        close_phone(context) if viewport == PHONE else context.close()


@pytest.mark.parametrize("page_name", ["list", "record", "settlement"])
def test_the_other_chouette_pages_fit_a_phone(phone, live_server, doubled, alice, bob,
                                              page_name):
    services.chouette_cube_action(session=doubled, kind="take",
                                  members=[doubled.games.get().captain_id])
    services.chouette_result_record(session=doubled, winner="team", kind="gammon")
    _login(phone, live_server, "alice")
    path = {"list": f"/clubs/{doubled.club.slug}/chouette/",
            "record": f"/clubs/{doubled.club.slug}/chouette/players/{bob.player.pk}/",
            "settlement": f"/clubs/{doubled.club.slug}/chouette/settlement/"}[page_name]
    phone.goto(f"{live_server.url}{path}")
    _shot(phone, f"chouette-{page_name}-390")
    _assert_fits(phone)
