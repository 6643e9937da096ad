"""The analysis's errors on the replay viewer, in a real browser: "next error" fetches the
turn of the next error and shows it marked; "n" steps on; the filter keeps bad ones."""

from pathlib import Path

import pytest

from analysis import services
from analysis.models import Analysis
from games.services.match_import import match_import
from games.services.rules_check import rules_check_run

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
pytest.importorskip("gnubg")

DATA = Path(__file__).parents[1] / "analysis" / "data"


@pytest.fixture
def record(club, bob, monkeypatch):
    monkeypatch.setattr(services, "analysis_enqueue", lambda analysis_id: None)
    record = match_import(club=club, data=(DATA / "selfplay_5p.mat").read_bytes(),
                          filename="selfplay_5p.mat")
    rules_check_run(check_id=record.rules_check.pk)
    analysis = services.analysis_for_record(record_id=record.pk)
    services.analysis_run(analysis_id=analysis.pk)
    assert Analysis.objects.get(pk=analysis.pk).status == Analysis.Status.DONE
    return record


def _key(page):
    return page.locator(".replay-frame").get_attribute("data-key")


def test_next_error_steps_to_the_turn_of_the_next_error(page, live_server, login, record):
    login("bob")
    page.goto(f"{live_server.url}{record.get_absolute_url()}")
    assert _key(page) == "g1-t1"
    link = page.locator(".replay-marks a[data-step=next-mark]")
    target = link.get_attribute("data-turn")
    link.click()
    page.wait_for_function(f"location.hash === '#{target}'")
    assert _key(page) == target
    mark = page.locator("[data-testid=replay-mark]").first
    assert "Equity lost" in mark.inner_text() and "EMG" in mark.inner_text()
    assert page.locator(f".replay-moves li#{target}.current.marked").count() == 1
    following = page.locator(".replay-marks a[data-step=next-mark]").get_attribute("data-turn")
    page.keyboard.press("n")
    page.wait_for_function(f"location.hash === '#{following}'")
    assert page.locator(".replay-marks a[data-step=prev-mark]").get_attribute(
        "data-turn") == target


def test_the_filter_keeps_the_bad_and_very_bad_errors(page, live_server, login, record):
    login("bob")
    page.goto(f"{live_server.url}{record.get_absolute_url()}")
    page.click(".replay-marks a:has-text('bad and very bad only')")
    page.wait_for_url("**marks=severe**")
    assert "(bad and very bad only)" in page.locator(".replay-marks").inner_text()
    for _ in range(3):
        target = page.locator(".replay-marks a[data-step=next-mark]").get_attribute(
            "data-turn")
        page.click(".replay-marks a[data-step=next-mark]")
        page.wait_for_function(f"location.hash === '#{target}'")
        titles = page.locator("[data-testid=replay-mark] strong").all_inner_texts()
        assert titles and not any(t.startswith("Doubtful") for t in titles)
