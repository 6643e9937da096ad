"""Two members play a 1-point match with real dice on their phones (390 px): each page
follows the other's actions by itself; the play is built by tapping checkers (undone once),
confirmed, and the match ends with a resignation both pages show."""

import contextlib
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.urls import reverse

from live.models import LiveMatch
from live.services import live_match_create
from tests.browser.conftest import PHONE, close_phone, new_phone
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tests.helpers import database_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct horse battery"


def _member(club, name):
    user = UserFactory(username=name.lower())
    player = PlayerFactory(name=name, user=user)
    MembershipFactory(club=club, player=player)
    return player


def _phone(browser, live_server, username):
    context = new_phone(browser)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_login", username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_load_state()
    return context, page


def _turn(page):
    return page.inner_text("[data-testid=turn]")


def test_two_phones_play_a_one_point_match_and_follow_each_other(browser, live_server, club):
    joe, snow = _member(club, "Joe"), _member(club, "Snow")
    match = live_match_create(club=club, by=joe.user, player_a=joe, player_b=snow, length=1,
                              dice="manual")
    url = live_server.url + reverse("live:board", args=[match.pk])
    joe_context, joe_page = _phone(browser, live_server, "joe")
    snow_context, snow_page = _phone(browser, live_server, "snow")
    try:
        joe_page.goto(url)
        snow_page.goto(url)
        assert "Opening roll" in _turn(snow_page)
        width = joe_page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page is {width} px wide"

        # Joe won the opening roll with 3-1; Snow's page follows by itself.
        opening = joe_page.locator("[data-testid=opening]")
        opening.locator("select[name=d1]").select_option("3")
        opening.locator("select[name=d2]").select_option("1")
        opening.locator("button").click()
        snow_page.wait_for_function(
            "document.querySelector('[data-testid=turn]').innerText.includes('Joe plays 31')")

        # Joe taps 13 -> 10, undoes it, then taps 8 -> 5 and 6 -> 5, and confirms.
        joe_page.click(".tap[data-point='13']")
        joe_page.click(".tap[data-point='10']")
        assert joe_page.input_value("[data-testid=play-text]") == "13/10"
        joe_page.click("[data-undo]")
        assert joe_page.input_value("[data-testid=play-text]") == ""
        for point in ("8", "5", "6", "5"):
            joe_page.click(f".tap[data-point='{point}']")
        assert joe_page.input_value("[data-testid=play-text]") == "8/5 6/5"
        joe_page.click("[data-testid=confirm]")
        snow_page.wait_for_function(
            "document.querySelector('[data-testid=turn]').innerText.includes('Snow to roll')")

        # An illegal play is refused on Snow's page with the reason; nothing changes.
        roll = snow_page.locator("[data-testid=roll]")
        roll.locator("select[name=d1]").select_option("6")
        roll.locator("select[name=d2]").select_option("4")
        roll.locator("button").click()
        snow_page.wait_for_selector("[data-testid=play-text]")
        snow_page.fill("[data-testid=play-text]", "13/1")
        snow_page.click("[data-testid=confirm]")
        snow_page.wait_for_function("document.getElementById('flash').innerText.includes("
                                    "'not a legal play')")
        assert "Legal plays: " in snow_page.inner_text("#flash")
        joe_page.wait_for_function(
            "document.querySelector('[data-testid=turn]').innerText.includes('Snow plays 64')")

        # Snow resigns; Joe accepts; both pages show the end of the match.
        snow_page.click("[data-testid=resign]")
        joe_page.wait_for_selector("[data-testid=accept]")
        joe_page.click("[data-testid=accept]")
        for page in (joe_page, snow_page):
            page.wait_for_function("document.querySelector('[data-testid=turn]')"
                                   ".innerText.includes('Joe wins the match')")
        match = LiveMatch.objects.get(pk=match.pk)
        assert match.status == "finished" and match.record is not None
    finally:
        close_phone(joe_context)
        close_phone(snow_context)


def _signed_in_phone(browser, server: str, user):
    """A phone whose browser holds a session made here (the server process checks no
    password: the tests' fast hasher is this process's setting only)."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    context = new_phone(browser)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                          "url": server}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


@contextlib.contextmanager
def daphne(settings, *, eager: bool = True):
    """The site served by Daphne (ASGI, WebSockets) on the test database (SQLite's file or
    PostgreSQL's, and Redis when it is set), in a process of its own: pytest-django's live
    server speaks WSGI only, so it cannot carry a socket. ``eager``: tasks run in the
    server's process; otherwise they go through the broker to a worker (``make run``'s
    configuration)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "DATABASE_URL": database_url(),
           "CELERY_TASK_ALWAYS_EAGER": "true" if eager else "false",
           "DJANGO_SETTINGS_MODULE": "config.settings"}
    root = Path(__file__).resolve().parents[2]
    process = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
         "config.asgi:application"], cwd=root, env=env, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60  # a loaded machine takes its time to import
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("Daphne did not start")
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def daphne_server(transactional_db, settings):
    with daphne(settings) as url:
        yield url


def test_over_daphne_the_other_phone_follows_within_a_second(browser, daphne_server, club):
    joe, snow = _member(club, "Joe"), _member(club, "Snow")
    match = live_match_create(club=club, by=joe.user, player_a=joe, player_b=snow, length=1,
                              dice="manual")
    url = daphne_server + reverse("live:board", args=[match.pk])
    joe_context, joe_page = _signed_in_phone(browser, daphne_server, joe.user)
    snow_context, snow_page = _signed_in_phone(browser, daphne_server, snow.user)
    try:
        joe_page.goto(url)
        snow_page.goto(url)
        for page in (joe_page, snow_page):
            page.wait_for_selector("#live[data-following=socket]")
        opening = joe_page.locator("[data-testid=opening]")
        opening.locator("select[name=d1]").select_option("5")
        opening.locator("select[name=d2]").select_option("2")
        opening.locator("button").click()
        # The socket says so at once (the state JSON is polled only every 20 s meanwhile).
        snow_page.wait_for_function(
            "document.querySelector('[data-testid=turn]').innerText.includes('Joe plays 52')",
            timeout=1500)
        joe_page.fill("[data-testid=play-text]", "13/8 13/11")
        joe_page.click("[data-testid=confirm]")
        snow_page.wait_for_function(
            "document.querySelector('[data-testid=turn]').innerText.includes('Snow to roll')",
            timeout=1500)
    finally:
        close_phone(joe_context)
        close_phone(snow_context)
