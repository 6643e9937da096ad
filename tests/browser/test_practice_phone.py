"""A member practises against GNU Backgammon on a phone: starts from the club's live page,
rolls, plays, sees the computer's turns on their own, and ends the match by resigning (the
computer accepts a backgammon). The computer's turns are played by a real worker process
(gnubg is not thread-safe: never in the web server's threads)."""

import pytest
from django.urls import reverse

from live.models import LiveMatch
from tests.browser.conftest import PHONE
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tests.integration.conftest import celery_worker_process  # noqa: F401 - the fixture

pytestmark = [pytest.mark.browser, pytest.mark.integration,
              pytest.mark.django_db(transaction=True)]
pytest.importorskip("gnubg")

PASSWORD = "correct horse battery"


#: Joe's controls, once the page is his to act on (a sent form disables its buttons).
ROLL = "[data-testid=roll] button:not([disabled])"
PLAY = "[data-testid=confirm]:not([disabled])"


@pytest.mark.usefixtures("celery_worker_process")
def test_a_member_practises_against_the_computer_on_a_phone(phone, live_server, club):
    user = UserFactory(username="joe")
    MembershipFactory(club=club, player=PlayerFactory(name="Joe", user=user))
    phone.goto(f"{live_server.url}/accounts/login/")
    phone.fill("#id_login", "joe")
    phone.fill("#id_password", PASSWORD)
    phone.click("button[type=submit]")
    phone.wait_for_load_state()

    phone.goto(live_server.url + reverse("live:club", args=[club.slug]))
    practice = phone.locator("[data-testid=practice]")
    practice.locator("select[name=level]").select_option("beginner")
    practice.locator("input[name=length]").fill("1")
    practice.locator("button[type=submit]").click()
    phone.wait_for_selector("[data-testid=board]")
    match = LiveMatch.objects.get()
    assert match.player_b_id is None and match.level == "beginner"
    assert "Joe" in phone.inner_text("[data-testid=score]")

    phone.click("[data-testid=opening] button")
    played = 0
    while played < 2:  # two of Joe's plays: the computer's turns come in between
        phone.wait_for_selector(f"{PLAY}, {ROLL}", timeout=60_000)  # follows the worker
        if phone.locator(ROLL).count():
            phone.click(ROLL)
            continue
        first = phone.locator("[data-testid=play] select.legal option").nth(1).inner_text()
        phone.fill("[data-testid=play-text]", first)
        phone.click("[data-testid=confirm]")
        phone.wait_for_load_state()
        played += 1
    match.refresh_from_db()
    computer_moves = match.actions.filter(side=1, kind="move", by__isnull=True).count()
    assert computer_moves >= 1, "the computer played its turns"
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide"

    # Resign on Joe's own turn, the board at rest: pressed while the worker is still moving
    # for the computer, it would be decided on a stale version and refused (409).
    phone.wait_for_selector(ROLL, timeout=60_000)
    phone.wait_for_selector("[data-testid=resign]")
    phone.locator("select[name=value]").select_option("3")
    phone.click("[data-testid=resign]")
    phone.wait_for_function(
        "document.querySelector('[data-testid=turn]').innerText.includes('wins the match')",
        timeout=60_000)
    assert "GNU Backgammon" in phone.inner_text("[data-testid=turn]")
