"""Playwright driving Debian's headless Chromium (/usr/bin/chromium) against live_server.

Every page a phone-sized context visits must fit the phone: its width
(``document.documentElement.scrollWidth``) is reported when it loads, after the page
changes itself (a board redrawn, a message shown) and when the test ends; a test whose phone
saw a page wider than 390 px fails in its teardown, naming the pages. A phone context is
made by the ``phone`` fixture or ``new_phone()``.
"""

import os
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))
# Playwright's sync API runs an event loop in this thread; the ORM calls made by the test
# itself (fixtures) are synchronous and safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

#: A phone-sized page (the smallest common one), for the pages players use at the table.
PHONE = {"width": 390, "height": 844}

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


#: Reports the page's width to the test (``watch_widths``): at load, then after each change
#: the page makes to itself (debounced), so a message or a board drawn later counts too.
WIDTH_REPORTER = """(() => {
  const report = () => {
    try { window.__reportWidth(location.pathname, document.documentElement.scrollWidth); }
    catch (e) { /* the binding is gone: the context is closing */ }
  };
  let timer = null;
  const later = () => { clearTimeout(timer); timer = setTimeout(report, 150); };
  addEventListener("load", () => {
    report();
    new MutationObserver(later).observe(document.documentElement,
      {childList: true, subtree: true, characterData: true, attributes: true});
  });
})();"""

#: The phone contexts of the running test and the widths their pages reported.
_WATCHED: list[tuple[object, list[tuple[str, int]]]] = []


def watch_widths(context) -> list[tuple[str, int]]:
    """Collect the width of every page ``context`` shows; checked when the test ends."""
    widths: list[tuple[str, int]] = []
    context.expose_binding("__reportWidth",
                           lambda source, path, width: widths.append((path, width)))
    context.add_init_script(WIDTH_REPORTER)
    _WATCHED.append((context, widths))
    return widths


def new_phone(browser, **options):
    """A phone-sized context (390 px) whose pages are checked to fit it."""
    context = browser.new_context(**{"viewport": PHONE, "device_scale_factor": 1,
                                     "is_mobile": True, "has_touch": True, **options})
    watch_widths(context)
    return context


def close_phone(context) -> None:
    """Note the width of the pages still open in a phone context, then close it."""
    for watched, widths in _WATCHED:
        if watched is context:
            widths.extend(phone_widths_now(context))
    context.close()


def phone_widths_now(context) -> list[tuple[str, int]]:
    """The width of each page still open in ``context``, now."""
    found = []
    for page in context.pages:
        try:
            found.append((page.evaluate("location.pathname"),
                          page.evaluate("document.documentElement.scrollWidth")))
        except Exception:  # noqa: BLE001 - a page closing or navigating: its load reported
            continue
    return found


@pytest.fixture(autouse=True)
def _phone_pages_fit():
    """After each browser test: no page a phone context showed was wider than the phone."""
    _WATCHED.clear()
    yield
    too_wide = set()
    for _context, widths in _WATCHED:
        too_wide.update((path, width) for path, width in widths if width > PHONE["width"])
    _WATCHED.clear()
    assert not too_wide, f"pages wider than the {PHONE['width']} px phone: {sorted(too_wide)}"


@pytest.fixture(scope="session")
def browser(tmp_path_factory):
    if not CHROMIUM.exists():
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail(f"REQUIRE_BROWSER is set but {CHROMIUM} is missing")
        pytest.skip(f"{CHROMIUM} not installed (run bin/ensure-chromium)")
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    context = new_phone(browser)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    close_phone(context)


@pytest.fixture
def login(page, live_server):
    def do_login(username: str, password: str = "correct horse battery"):
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_login", username)
        page.fill("#id_password", password)
        page.click("button[type=submit]")
        page.wait_for_load_state()

    return do_login
