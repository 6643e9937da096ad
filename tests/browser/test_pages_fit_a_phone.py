"""The pages that ran off a 390 px phone (issue 26.7): the outbox, the invitations, a
player's analysis, the error-rate leaderboard and the club's screen, each with long names,
addresses and errors; a 3,000-character play's error message; and the board's point numbers,
readable on the phone (12 px or more as shown). The conftest checks each page's width too."""

import datetime
import os
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.models import OutboundMail
from accounts.services.invitations import invitation_create
from analysis.models import AnalysisSetting, PlayerChoice
from live.services import live_match_create
from tests.analysis.test_player_pages import _analysed
from tests.browser.conftest import PHONE
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tests.live.conftest import act

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct horse battery"
SHOTS = Path(os.environ.get("DATA_DIR", "data")) / "screenshots"
LONG_NAME = "Margarethe Bartholomew-Konstantinopoulou"
LONG_ADDRESS = "margarethe.bartholomew-konstantinopoulou@a-very-long-club-domain.example"


def _sign_in(page, live_server, username):
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_login", username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_load_state()


def _width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def _member(club, name, username=None):
    user = UserFactory(username=username) if username else None
    player = PlayerFactory(name=name, user=user)
    MembershipFactory(club=club, player=player)
    return player


@pytest.fixture
def crowded(club, alice, bob):
    """A club with long names and addresses, mail that failed with a long error, open
    invitations, analysed matches, its error-rate leaderboard on and two boards playing."""
    long_player = _member(club, LONG_NAME, "margarethe")
    other = _member(club, "Konstantin Alexandropoulos-Wittgenstein", "konstantin")
    for n in range(3):
        OutboundMail.objects.create(
            key=f"fit-{n}", club=club, to=LONG_ADDRESS, kind="invitation",
            subject=f"You are invited to {club.name}: accept within fourteen days ({n})",
            body="…", status=OutboundMail.Status.FAILED, attempts=7,
            last_error="SMTPRecipientsRefused: {'" + LONG_ADDRESS + "': (550, b'5.1.1 "
                       "mailbox-unavailable-user-unknown-in-virtual-mailbox-table')}")
    for n in range(3):
        invitation_create(club=club, email=f"{n}.{LONG_ADDRESS}", name=f"{LONG_NAME} {n}",
                          role="referee")
    AnalysisSetting.objects.create(club=club, leaderboard=True)
    players = [long_player, other, *(p for p in (alice.player, bob.player))]
    for player in players:
        PlayerChoice.objects.create(player=player, on_leaderboard=True)
    now = timezone.now()
    for day in range(6):
        _analysed(club, long_player, other, (40.0 + day, 75.5 + day), cube=(3.1, 12.6),
                  when=now - datetime.timedelta(days=day))
    for a, b in ((long_player, other), (alice.player, bob.player)):
        live_match_create(club=club, by=a.user, player_a=a, player_b=b, length=7,
                          dice="manual")
    return long_player


@pytest.mark.parametrize("name", ["outbox", "invitations", "player-analysis",
                                  "error-leaderboard", "club-screen"])
def test_the_page_fits_a_phone(phone, live_server, club, crowded, name):
    path = {
        "outbox": reverse("accounts:club-outbox", args=[club.slug]),
        "invitations": reverse("accounts:club-invitations", args=[club.slug]),
        "player-analysis": reverse("analysis:player", args=[club.slug, crowded.pk]),
        "error-leaderboard": reverse("analysis:leaderboard", args=[club.slug]),
        "club-screen": reverse("live:club-screen", args=[club.slug]),
    }[name]
    _sign_in(phone, live_server, "alice")
    phone.goto(f"{live_server.url}{path}")
    phone.wait_for_load_state()
    assert phone.locator("main").inner_text()
    width = _width(phone)
    assert width <= PHONE["width"], f"{path} is {width} px wide"
    # What the page is for is on it (no data hidden to make it fit).
    expected = {"outbox": "mailbox-unavailable", "invitations": "Revoke",
                "player-analysis": "Worst", "error-leaderboard": LONG_NAME,
                "club-screen": "Alexandropoulos"}[name]
    assert expected in phone.locator("main").inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SHOTS / f"{name}-390.png"), full_page=True)


def test_a_three_thousand_character_play_s_error_fits_a_phone(phone, live_server, club):
    joe, snow = _member(club, "Joe", "joe"), _member(club, "Snow", "snow")
    match = live_match_create(club=club, by=joe.user, player_a=joe, player_b=snow, length=1,
                              dice="manual")
    act(joe.user, match.pk, action="roll", dice=[3, 1])
    _sign_in(phone, live_server, "joe")
    phone.goto(live_server.url + reverse("live:board", args=[match.pk]))
    phone.fill("[data-testid=play-text]", "13/8" * 750)
    phone.click("[data-testid=confirm]")
    phone.wait_for_selector(".flash.error:not(:empty), .messages li.error")
    assert _width(phone) <= PHONE["width"]


def test_the_board_s_point_numbers_are_readable_on_a_phone(phone, live_server, club):
    joe, snow = _member(club, "Joe", "joe"), _member(club, "Snow", "snow")
    match = live_match_create(club=club, by=joe.user, player_a=joe, player_b=snow, length=1,
                              dice="manual")
    _sign_in(phone, live_server, "joe")
    phone.goto(live_server.url + reverse("live:board", args=[match.pk]))
    shown = phone.evaluate("""() => {
      const svg = document.querySelector(".board-svg");
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return [...svg.querySelectorAll(".b-num")].map(
        (t) => parseFloat(getComputedStyle(t).fontSize) * scale);
    }""")
    assert len(shown) == 24
    assert min(shown) >= 12, f"the point numbers are {min(shown):.1f} px on a phone"
