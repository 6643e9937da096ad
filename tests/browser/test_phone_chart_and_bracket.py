"""Issue 33's phone leftovers, read in German on a 390 px phone: the player's analysis chart
(its labels at least 11 px as shown, its dates in the reader's format, never ISO) and the
bracket (a hint, translated, that it scrolls sideways to the final, and it does)."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from tests.analysis.test_player_pages import _analysed, _day
from tests.browser.conftest import close_phone, new_phone
from tests.browser.test_pages_fit_a_phone import _member, _sign_in
from tournaments import services as tournaments

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ISO_DATE = re.compile(r"\b20\d\d-\d\d-\d\d\b")


@pytest.fixture
def german_phone(browser):
    context = new_phone(browser, locale="de-DE", extra_http_headers={
        "Accept-Language": "de"})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    close_phone(context)


def _chart(page) -> dict:
    return page.evaluate("""() => {
      const svg = document.querySelector("svg.chart");
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return {
        sizes: [...svg.querySelectorAll("text")].map(
          (t) => parseFloat(getComputedStyle(t).fontSize) * scale),
        titles: [...svg.querySelectorAll("circle title")].map((t) => t.textContent),
        text: document.body.innerText,
      };
    }""")


@pytest.fixture
def analysed(club, alice, bob):
    me, opponent = bob.player, alice.player
    for day, rate in ((1, 60.0), (2, 120.0), (3, 30.0)):
        _analysed(club, me, opponent, (rate, 50.0), when=_day(day))
    return me


def test_the_analysis_chart_reads_on_a_phone_in_the_readers_dates(german_phone, live_server,
                                                                   club, analysed):
    _sign_in(german_phone, live_server, "bob")
    german_phone.goto(live_server.url + reverse("analysis:player",
                                                args=[club.slug, analysed.pk]))
    chart = _chart(german_phone)
    assert chart["sizes"] and min(chart["sizes"]) >= 11, chart["sizes"]
    assert len(chart["titles"]) == 3
    with translation.override("de"):
        from django.utils.formats import date_format
        shown = date_format(_day(2).date(), "SHORT_DATE_FORMAT")
    assert any(title.startswith(shown) for title in chart["titles"]), chart["titles"]
    assert not ISO_DATE.search(" ".join(chart["titles"]) + chart["text"])


@pytest.mark.parametrize("width", [320, 390, 600, 601, 620, 660, 700, 740, 761, 800, 1024])
def test_the_chart_labels_are_at_least_11_px_at_every_width(browser, live_server, club,
                                                             analysed, width):
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    _sign_in(page, live_server, "bob")
    page.goto(live_server.url + reverse("analysis:player", args=[club.slug, analysed.pk]))
    sizes = _chart(page)["sizes"]
    context.close()
    assert sizes and min(sizes) >= 11, (width, sizes)


def test_the_bracket_says_on_a_phone_that_it_scrolls_to_the_final(german_phone, live_server,
                                                                   club, alice):
    names = ["Erin Eriksen", "Frank Fischer", "Hans Müller", "Dave Dubois", "Gita Gupta",
             "Ivan Ivanov", "Jana Jankowski"]
    cup = tournaments.tournament_create(club=club, name="Herbstpokal",
                                        starts_on=timezone.localdate())
    for player in [alice.player] + [_member(club, n) for n in names]:
        tournaments.entry_add(tournament=cup, player=player)
    tournaments.tournament_start(tournament=cup)
    _sign_in(german_phone, live_server, "alice")
    german_phone.goto(live_server.url + reverse(
        "tournaments:detail", kwargs={"slug": club.slug, "pk": cup.pk}))
    hint = german_phone.locator(".flight[data-flight=main] .scroll-hint")
    assert hint.is_visible()
    with translation.override("de"):
        expected = translation.gettext("Swipe sideways for the later rounds and the final →")
    assert hint.inner_text().strip() == expected != "Swipe sideways for the later rounds " \
        "and the final →"
    bracket = german_phone.locator(".flight[data-flight=main] .bracket")
    final = bracket.locator(".round").last
    assert not final.is_visible() or final.bounding_box()["x"] >= 390  # off to the right
    bracket.evaluate("(b) => { b.scrollLeft = b.scrollWidth; }")
    box = final.bounding_box()
    assert 0 <= box["x"] and box["x"] + box["width"] <= 391, box


def test_the_hint_is_not_shown_on_a_desktop(page, live_server, club, alice):
    cup = tournaments.tournament_create(club=club, name="Cup", starts_on=timezone.localdate())
    for n in range(8):
        player = alice.player if n == 0 else _member(club, f"Player {n}")
        tournaments.entry_add(tournament=cup, player=player)
    tournaments.tournament_start(tournament=cup)
    _sign_in(page, live_server, "alice")
    page.goto(live_server.url + reverse("tournaments:detail",
                                        kwargs={"slug": club.slug, "pk": cup.pk}))
    assert page.locator(".scroll-hint").count() >= 1
    assert not page.locator(".scroll-hint").first.is_visible()
