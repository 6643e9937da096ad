"""The replay viewer in a real browser: step with keys and buttons, a violation marked on
the move list and the board, the board direction switched and remembered, a phone."""

import os
from pathlib import Path

import pytest

from games.services.match_import import match_import
from games.services.rules_check import rules_check_run
from tests.browser.conftest import close_phone, new_phone
from tests.factories import sample_bytes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("REPLAY_SCREENSHOTS", "")) if os.environ.get(
    "REPLAY_SCREENSHOTS") else None


def _shot(page, name):
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=name != "phone")


@pytest.fixture
def record(club, bob):
    # Game 1, line 11 ("13: 14/10 13/12") is an illegal play.
    record = match_import(club=club, data=sample_bytes("5nqfGw9bWG3deTaU.mat"),
                          filename="5nqfGw9bWG3deTaU.mat")
    rules_check_run(check_id=record.rules_check.pk)
    return record


def _key(page):
    return page.locator(".replay-frame").get_attribute("data-key")


def test_step_through_the_replay_with_keys_and_buttons(page, live_server, login, record):
    login("bob")
    page.goto(f"{live_server.url}{record.get_absolute_url()}")
    assert _key(page) == "g1-t1"
    page.keyboard.press("ArrowRight")
    page.wait_for_function("location.hash === '#g1-t2'")
    assert _key(page) == "g1-t2"
    page.click(".replay-controls a[data-step=next]")
    page.wait_for_function("location.hash === '#g1-t3'")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("location.hash === '#g1-t2'")
    assert page.locator(".replay-moves li.current").get_attribute("id") == "g1-t2"
    page.click(".replay-controls a[data-step=prev]")
    page.wait_for_function("location.hash === '#g1-t1'")
    page.select_option("#jump-game", "g3-t1")
    page.wait_for_function("location.hash === '#g3-t1'")
    assert "Game 3" in page.locator(".replay-controls .where").inner_text()
    page.keyboard.press("PageDown")
    page.wait_for_function("location.hash === '#g4-t1'")
    # The Position ID shown is the board's: the engine's ID of the frame.
    assert len(page.locator(".pos-id").inner_text()) == 14
    _shot(page, "desktop-step")


def test_a_cited_turn_opens_with_the_violation_marked(page, live_server, login, record):
    login("bob")
    flagged = page.context.new_page()
    flagged.goto(f"{live_server.url}{record.get_absolute_url()}")
    key = flagged.locator(".replay-moves li.flagged").first.get_attribute("data-turn")
    flagged.close()
    page.goto(f"{live_server.url}{record.get_absolute_url()}#{key}")
    page.wait_for_function(f"document.querySelector('.replay-frame').dataset.key === '{key}'")
    frame = page.locator(".replay-frame")
    assert "illegal" in frame.locator(".replay-action").inner_text()
    assert frame.locator(".violation").count() >= 1
    assert frame.locator(".alternatives code").count() >= 1
    assert frame.locator("svg .ck-illegal").count() >= 1  # the checker that moved
    assert frame.locator("svg .mv-illegal path").count() >= 1  # and where it went
    assert page.locator(f".replay-moves li#{key}.current.flagged").count() == 1
    _shot(page, "desktop-violation")


def test_board_direction_is_switched_and_remembered(page, live_server, login, record):
    login("bob")
    url = f"{live_server.url}{record.get_absolute_url()}"
    page.goto(url)
    assert page.locator(".board-svg").get_attribute("data-home") == "right"
    page.check("input[name=home][value=left]")
    page.check("input[name=switch_sides]")
    page.click(".replay-setting button[type=submit]")
    page.wait_for_load_state()
    page.goto(url)
    assert page.locator(".board-svg").get_attribute("data-home") == "left"
    page.select_option("#jump-game", "g2-t1")  # switch sides after each game
    page.wait_for_function("location.hash === '#g2-t1'")
    assert page.locator(".board-svg").get_attribute("data-home") == "right"
    _shot(page, "desktop-left")


def test_phone_sized_replay_fits_and_steps(browser, live_server, record):
    context = new_phone(browser)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_login", "bob")
        page.fill("#id_password", "correct horse battery")
        page.click("button[type=submit]")
        page.wait_for_load_state()
        page.goto(f"{live_server.url}{record.get_absolute_url()}")
        box = page.locator(".board-svg").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        moves = page.locator(".replay-moves").bounding_box()
        assert moves["y"] >= box["y"] + box["height"]  # the move list below the board
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390
        page.tap(".replay-controls a[data-step=next]")
        page.wait_for_function("location.hash === '#g1-t2'")
        _shot(page, "phone")
    finally:
        close_phone(context)


def test_without_javascript_every_turn_is_a_link(browser, live_server, record):
    context = browser.new_context(viewport={"width": 1024, "height": 768},
                                  java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_login", "bob")
        page.fill("#id_password", "correct horse battery")
        page.click("button[type=submit]")
        page.wait_for_load_state()
        page.goto(f"{live_server.url}{record.get_absolute_url()}")
        page.click(".replay-controls a[data-step=next]")  # a plain link: a new page
        page.wait_for_load_state()
        assert "at=g1-t2" in page.url and _key(page) == "g1-t2"
        page.select_option("#jump-game", "g2-t1")
        page.click("form.jump button[type=submit]")
        page.wait_for_load_state()
        assert _key(page) == "g2-t1"
        page.click(".replay-moves li.flagged a")
        page.wait_for_load_state()
        assert page.locator(".replay-frame .violation").count() >= 1
    finally:
        context.close()


def test_a_changed_fragment_and_the_back_button_move_the_viewer(page, live_server, login,
                                                                 record):
    login("bob")
    page.goto(f"{live_server.url}{record.get_absolute_url()}")
    assert _key(page) == "g1-t1"
    # A fragment changed by hand (or by a link to a cited turn) is followed.
    page.evaluate("location.hash = '#g2-t1'")
    page.wait_for_function("document.querySelector('.replay-frame').dataset.key === 'g2-t1'")
    # A jump from the move list adds a history entry; Back returns from it.
    page.click(".replay-moves li#g2-t3 a")
    page.wait_for_function("document.querySelector('.replay-frame').dataset.key === 'g2-t3'")
    page.go_back()
    page.wait_for_function("document.querySelector('.replay-frame').dataset.key === 'g2-t1'")
    assert page.locator(".replay-moves li.current").get_attribute("id") == "g2-t1"
    page.go_back()  # to the page as it opened, without a fragment
    page.wait_for_function("document.querySelector('.replay-frame').dataset.key === 'g1-t1'")
    page.go_forward()
    page.wait_for_function("document.querySelector('.replay-frame').dataset.key === 'g2-t1'")
