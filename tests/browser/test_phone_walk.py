"""A phone (390 × 844) walks the main pages in each language (issue 33.6): no element wider
than the page outside a table's own scrolling, no word of a table cut in two ("bar/2⏎1",
"Erikse⏎n", "27.11.20⏎26", "長⏎さ"), navigation links and checkboxes at least 44 px tall to
tap, and no sentence of the English catalogue left on a page in another language. The
conftest checks each page's width as well. The live board's refusal is shown below the
board and its buttons, in view."""

import datetime
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from accounts.models import OutboundMail
from games.services.match_import import match_import
from live.services import live_match_create
from tests.browser.conftest import close_phone, new_phone
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tests.live.conftest import act
from tournaments import services as tournaments

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct horse battery"
LANGUAGES = ("da", "de", "it", "ja")
DEMO = Path(settings.BASE_DIR) / "demo" / "data"

#: Elements placed off the page on purpose (a skip link, a screen reader's text).
OFF_PAGE_OK = ".skip-link, .sr-only, .visually-hidden"

#: What a phone finds wrong on the page it shows (JavaScript, run in the page).
INSPECT = """(maxWords) => {
  const width = document.documentElement.clientWidth;
  const scrolls = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const x = getComputedStyle(a).overflowX;
      if (x === "auto" || x === "scroll" || x === "hidden") return true;
    }
    return false;
  };
  const wide = [];
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > width + 1 && !scrolls(el) && !el.closest("%OFF%"))
      wide.push(el.tagName.toLowerCase() + "." + String(el.className.baseVal ?? el.className)
        + " " + Math.round(r.right));
  }
  const cut = [];
  for (const cell of document.querySelectorAll("table td, table th")) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /\\S+/g;
      let m;
      while ((m = re.exec(node.data))) {
        if (m[0].length < 2 || m[0].length > maxWords) continue;
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((q) => q.width > 0)
          .map((q) => Math.round(q.top)));
        if (tops.size > 1) cut.push(m[0]);
      }
    }
  }
  const small = [];
  const target = (el) => {
    const label = el.closest("label");
    const r = (label || el).getBoundingClientRect();
    return r;
  };
  for (const el of document.querySelectorAll(".topbar a, .topbar button, input[type=checkbox]")) {
    const r = target(el);
    if (r.width && r.height < 44) small.push((el.textContent || el.name || el.tagName).trim()
      + " " + Math.round(r.height));
  }
  return {wide, cut, small, text: document.body.innerText};
}""".replace("%OFF%", OFF_PAGE_OK)


def _english_sentences(language: str) -> set[str]:
    """Sentences the catalogue translates into ``language`` (three words or more, no
    placeholder): one of them on a page in that language is a string left untranslated."""
    po = polib.pofile(str(Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES"
                          / "django.po"))
    return {e.msgid for e in po if e.msgstr and e.msgstr != e.msgid and not e.msgid_plural
            and len(e.msgid.split()) >= 3 and "%" not in e.msgid and "{" not in e.msgid
            and "<" not in e.msgid and not e.obsolete}


def _member(club, name, username, role="player"):
    player = PlayerFactory(name=name, user=UserFactory(username=username))
    MembershipFactory(club=club, player=player, role=role)
    return player


@pytest.fixture
def walked(club, alice, bob):
    """A club with what the main pages show: a started knockout (its bracket), a match
    record, a live match with a refused play, a failed mail and an open invitation."""
    names = ["Erin Eriksen", "Frank Fischer", "Hans Müller", "Dave Dubois", "Gita Gupta",
             "Ivan Ivanov", "Jana Jankowski"]
    players = [alice.player] + [_member(club, n, n.split()[0].lower()) for n in names]
    cup = tournaments.tournament_create(club=club, name="Autumn cup",
                                        starts_on=timezone.localdate())
    for player in players:
        tournaments.entry_add(tournament=cup, player=player)
    tournaments.tournament_start(tournament=cup)
    record = match_import(club=club, data=(DEMO / "selfplay_5p.mat").read_bytes(),
                          filename="selfplay_5p.mat", uploaded_by=alice,
                          player_left=players[0], player_right=players[3])
    live = live_match_create(club=club, by=alice, player_a=alice.player, player_b=players[1],
                             length=5, dice="manual")
    act(alice, live.pk, action="roll", dice=[3, 1])
    OutboundMail.objects.create(key="walk-1", club=club, to="erin@example.org", kind="test",
                                subject="Your match is ready", body="…",
                                status=OutboundMail.Status.FAILED, attempts=3,
                                created_at=timezone.now() - datetime.timedelta(days=1))
    return {"cup": cup, "record": record, "live": live, "player": players[1]}


def _pages(club, walked) -> list[str]:
    slug = club.slug
    return [
        reverse("clubs:detail", args=[slug]),
        reverse("clubs:ratings", args=[slug]),
        reverse("clubs:player", args=[slug, walked["player"].pk]),
        reverse("tournaments:detail", kwargs={"slug": slug, "pk": walked["cup"].pk}),
        reverse("live:club", args=[slug]),
        reverse("live:board", args=[walked["live"].pk]),
        walked["record"].get_absolute_url(),
        reverse("clubs:manage", args=[slug]),
        reverse("accounts:club-outbox", args=[slug]),
        reverse("accounts:club-invitations", args=[slug]),
        reverse("notifications:list"),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_phone_walks_the_main_pages(browser, live_server, club, walked, language):
    context = new_phone(browser, locale=language)
    page = context.new_page()
    page.set_default_timeout(15_000)
    english = _english_sentences(language)
    try:
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_login", "alice")
        page.fill("#id_password", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_load_state()
        found = {}
        for path in _pages(club, walked):
            page.goto(f"{live_server.url}{path}")
            page.wait_for_load_state()
            assert page.evaluate("document.documentElement.lang") == language, path
            seen = page.evaluate(INSPECT, 12)
            left = sorted(s for s in english if s in seen["text"])
            problems = {k: v for k, v in (("wide", seen["wide"][:5]), ("cut", seen["cut"][:8]),
                                          ("small", seen["small"][:8]), ("english", left[:5]))
                        if v}
            if problems:
                found[path] = problems
        assert not found, found
    finally:
        close_phone(context)


def test_a_refused_play_is_shown_below_the_board_in_view(browser, live_server, club, walked):
    context = new_phone(browser, locale="de")
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_login", "alice")
        page.fill("#id_password", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_load_state()
        page.goto(live_server.url + reverse("live:board", args=[walked["live"].pk]))
        page.fill("[data-testid=play-text]", "13/7")
        page.click("[data-testid=confirm]")
        page.wait_for_selector(".flash.error:not(:empty)")
        where = page.evaluate("""() => {
          const flash = document.querySelector("#flash").getBoundingClientRect();
          const board = document.querySelector("[data-testid=board]").getBoundingClientRect();
          return {top: flash.top, bottom: flash.bottom, board: board.bottom,
                  height: innerHeight};
        }""")
        assert where["top"] >= where["board"]  # below the board, not above it
        # in view, and clear of the screen's edge (its scroll margin; a subpixel of rounding)
        assert 0 <= where["top"] and where["bottom"] <= where["height"] - 4
        text = page.inner_text("#flash")
        assert "kein erlaubter Zug" in text and "legal play" not in text
    finally:
        close_phone(context)
