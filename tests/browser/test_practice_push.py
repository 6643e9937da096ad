"""The embedded default pushes too: in ``make run``'s configuration (no Redis: the channel
layer is the web process's memory, the broker the filesystem), the computer's turns of a
practice match are played by a worker process whose "changed" never reaches the web
process's socket. The board polls while it is the computer's turn, so each computer turn
shows within 2 s of its last action (it used to wait for the 20 s backstop poll)."""

import pytest
from django.urls import reverse
from django.utils import timezone

from live.models import LiveAction
from live.services import live_match_create
from tests.browser.conftest import close_phone
from tests.browser.test_live_phones import _signed_in_phone, daphne
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tests.integration.conftest import celery_worker_process  # noqa: F401 - the fixture

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.embedded,
              pytest.mark.django_db(transaction=True)]
pytest.importorskip("gnubg")

ROLL = "[data-testid=roll] button:not([disabled])"
PLAY = "[data-testid=confirm]:not([disabled])"
TAKE = "[data-testid=take]:not([disabled])"
ACCEPT = "[data-testid=accept]:not([disabled])"
JOES_TURN = f"{ROLL}, {PLAY}, {TAKE}, {ACCEPT}"


@pytest.fixture
def make_run_server(transactional_db, settings, celery_worker_process):  # noqa: F811
    if settings.REDIS_URL:
        pytest.skip("make run's configuration has no Redis (REDIS_URL is set here)")
    with daphne(settings, eager=False) as url:
        yield url


def _act(page, selector: str) -> None:
    """Press a control and wait for the board the answer brings (its version changes)."""
    version = page.get_attribute("#live", "data-version")
    page.click(selector)
    page.wait_for_function(
        f"document.getElementById('live').getAttribute('data-version') !== '{version}'")


def test_each_computer_turn_reaches_the_board_within_two_seconds(browser, make_run_server,
                                                                 club):
    user = UserFactory(username="joe")
    joe = PlayerFactory(name="Joe", user=user)
    MembershipFactory(club=club, player=joe)
    match = live_match_create(club=club, by=user, player_a=joe, player_b=None, length=5,
                              dice="digital", level="beginner")
    context, page = _signed_in_phone(browser, make_run_server, user)
    try:
        page.goto(make_run_server + reverse("live:board", args=[match.pk]))
        page.wait_for_selector("#live[data-following=socket]")  # the socket is open
        _act(page, "[data-testid=opening] button")
        seen, delays = 0, []
        while len(delays) < 3:
            page.wait_for_selector(JOES_TURN, timeout=60_000)
            shown = timezone.now()
            last = LiveAction.objects.filter(match=match, by__isnull=True).order_by(
                "-seq").first()
            if last is not None and last.seq > seen:
                seen = last.seq
                delays.append((shown - last.at).total_seconds())
            if page.locator(PLAY).count():
                first = page.locator("[data-testid=play] select.legal option").nth(1)
                page.fill("[data-testid=play-text]", first.inner_text())
                _act(page, PLAY)
            else:
                _act(page, next(c for c in (ROLL, TAKE, ACCEPT) if page.locator(c).count()))
        assert all(delay <= 2.0 for delay in delays), delays
        assert page.get_attribute("#live", "data-following") == "socket"  # not a fallback
    finally:
        close_phone(context)
