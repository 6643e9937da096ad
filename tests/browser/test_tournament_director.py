"""The tournament director's flow and the players' report and confirm, in a real browser:
create an event, enter members and a guest, draw the seeds, start, enter a result and see
the bracket advance; a player reports, the opponent confirms, and a spectator's public page
follows by itself (polling, no reload by hand); the director's page follows too, but never
reloads under a director's fingers (a focused or edited field: an "updated — reload" notice);
a player withdraws themselves from "my tournaments", after a confirmation step."""

import datetime

import pytest

from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import Tournament, TournamentMatch

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _member(club, name, username=""):
    user = UserFactory(username=username) if username else None
    player = PlayerFactory(name=name, user=user)
    MembershipFactory(club=club, player=player)
    return player


def test_the_director_creates_draws_starts_and_enters_a_result(page, live_server, login,
                                                               alice, club):
    for name in ("Erin Eriksen", "Frank Fischer", "Grace Gallo"):
        _member(club, name)
    login("alice")
    page.goto(f"{live_server.url}/clubs/riverside/tournaments/")
    page.click("text=New tournament")
    page.fill("#id_name", "Browser Cup")
    page.fill("#id_starts_on", "2026-11-28")
    page.select_option("#id_format", "single_elimination")
    page.fill("#id_main_length", "5")
    page.click("button:has-text('Create')")
    page.wait_for_selector("h1:has-text('Browser Cup — director')")

    for name in ("Erin Eriksen", "Frank Fischer", "Grace Gallo"):
        page.select_option("select[name=player]", label=name)
        page.click("button:has-text('Enter')")
        page.wait_for_selector(f"[data-entry='{name}']")
    page.fill("input[name=guest]", "Visiting Vera")
    page.click("button:has-text('Enter')")
    page.wait_for_selector("[data-entry='Visiting Vera']")
    page.click("button:has-text('Draw the seeds at random')")  # recorded
    page.wait_for_selector("text=Seeds drawn at random")
    page.click("[data-testid=start]")
    page.wait_for_selector("[data-testid=day]")
    assert "draw seed" in page.locator("p.sub").inner_text()

    tournament = Tournament.objects.get(name="Browser Cup")
    semi = TournamentMatch.objects.select_related("player_a", "player_b").get(
        tournament=tournament, key="M1-1")
    form = page.locator("form.result[data-key='M1-1'][data-action='enter']")
    form.locator("select[name=winner]").select_option(label=semi.player_b.name)
    form.locator("input[name=score_a]").fill("3")
    form.locator("input[name=score_b]").fill("5")
    form.locator("button:has-text('Enter result')").click()
    page.wait_for_selector("text=Result entered.")
    final = page.locator("#match-M2-1")
    assert semi.player_b.name in final.inner_text()  # the bracket advanced
    assert "Waiting" in final.inner_text()  # the other semi-final is still to play
    assert page.locator("#match-M1-1 .won").inner_text().startswith(semi.player_b.name)


def test_the_director_drags_the_players_into_seed_order(page, live_server, login, alice,
                                                        club):
    tournament = services.tournament_create(club=club, name="Seeded Cup",
                                            starts_on=datetime.date(2026, 11, 28))
    for name in ("Ann", "Ben", "Cat"):
        services.entry_add(tournament=tournament, player=_member(club, name))
    login("alice")
    page.goto(f"{live_server.url}{tournament.get_absolute_url()}manage/")
    items = page.locator("[data-seed-order] li")
    items.nth(2).drag_to(items.nth(0), target_position={"x": 5, "y": 2})  # Cat to the top
    numbers = page.locator("[data-seed-order] input")
    assert [numbers.nth(i).input_value() for i in range(3)] == ["1", "2", "3"]
    assert items.nth(0).get_attribute("data-seed-entry") == "Cat"
    page.click("button:has-text('Seed in this order')")
    page.wait_for_selector("text=Seeds set.")
    assert list(tournament.entries.order_by("seed").values_list("player__name", flat=True)
                ) == ["Cat", "Ann", "Ben"]


def test_a_bad_score_is_refused_in_the_browser(page, live_server, login, alice, club):
    tournament = services.tournament_create(club=club, name="Strict Cup",
                                            starts_on=datetime.date(2026, 11, 28))
    for name in ("Ann", "Ben"):
        services.entry_add(tournament=tournament, player=_member(club, name))
    services.tournament_start(tournament=tournament)
    login("alice")
    page.goto(f"{live_server.url}{tournament.get_absolute_url()}manage/")
    form = page.locator("form.result[data-key='M1-1'][data-action='enter']")
    form.locator("input[name=score_a]").fill("5")
    form.locator("input[name=score_b]").fill("3")
    form.locator("button:has-text('Enter result')").click()
    page.wait_for_selector("text=not a finished result")
    assert TournamentMatch.objects.get(tournament=tournament, key="M1-1").status == "ready"


def test_a_player_reports_the_opponent_confirms_and_the_public_page_follows(
        browser, page, live_server, login, club):
    bob = _member(club, "Bob", "bob")
    dora = _member(club, "Dora", "dora")
    tournament = services.tournament_create(club=club, name="Players Cup",
                                            starts_on=datetime.date(2026, 11, 28))
    for player in (bob, dora):
        services.entry_add(tournament=tournament, player=player)
    services.tournament_start(tournament=tournament)
    url = f"{live_server.url}{tournament.get_absolute_url()}"

    spectator_context = browser.new_context(viewport={"width": 1024, "height": 768})
    spectator = spectator_context.new_page()
    spectator.set_default_timeout(15_000)
    try:
        spectator.clock.install()  # the poll's timer is driven by the test, not waited for
        spectator.goto(url)
        assert spectator.locator("#match-M1-1").inner_text().count("Ready") == 1

        login("bob")
        page.goto(url)
        mine = page.locator("[data-testid=my-matches]")
        mine.locator("select[name=winner]").select_option(label="Bob")
        mine.locator("input[name=score_a]").fill("7")
        mine.locator("input[name=score_b]").fill("4")
        mine.locator("button:has-text('Report the result')").click()
        page.wait_for_selector("text=your opponent confirms it")

        dora_context = browser.new_context(viewport={"width": 1024, "height": 768})
        dora_page = dora_context.new_page()
        dora_page.set_default_timeout(15_000)
        try:
            dora_page.goto(f"{live_server.url}/accounts/login/")
            dora_page.fill("#id_login", "dora")
            dora_page.fill("#id_password", "correct horse battery")
            dora_page.click("button[type=submit]")
            dora_page.wait_for_load_state()
            dora_page.goto(url)
            dora_page.click("button:has-text('Confirm')")
            dora_page.wait_for_selector("text=Result confirmed.")
        finally:
            dora_context.close()

        # The spectator's page reloads itself at the next poll and shows the result.
        spectator.clock.run_for(16_000)
        spectator.wait_for_function(
            "document.querySelector('#match-M1-1').textContent.includes('Finished')")
        assert "7" in spectator.locator("#match-M1-1 .won").inner_text()
        assert "Placings" in spectator.content()
    finally:
        spectator_context.close()
    match = TournamentMatch.objects.get(tournament=tournament, key="M1-1")
    assert match.winner == bob and match.confirmed_by == dora.user


def test_the_draw_sheet_prints_one_flight_per_page_without_the_forms(page, live_server,
                                                                      club):
    tournament = services.tournament_create(club=club, name="Printed Cup",
                                            format="consolation",
                                            starts_on=datetime.date(2026, 11, 28))
    for n in range(6):
        services.entry_add(tournament=tournament, player=_member(club, f"Printed {n}"))
    services.tournament_start(tournament=tournament)
    page.goto(f"{live_server.url}{tournament.get_absolute_url()}")
    page.emulate_media(media="print")
    breaks = page.eval_on_selector_all(
        ".flight", "els => els.map(e => getComputedStyle(e).breakAfter)")
    assert breaks == ["page", "page"]  # main, consolation
    assert page.locator("a:has-text('print the draw')").is_hidden()
    assert page.locator("#match-M1-2").is_visible()


def _running_cup(club, name):
    tournament = services.tournament_create(club=club, name=name,
                                            starts_on=datetime.date(2026, 11, 28))
    for player in ("Ann", "Ben", "Cyd", "Del"):
        services.entry_add(tournament=tournament, player=_member(club, f"{player} {name}"))
    services.tournament_start(tournament=tournament)
    return tournament


def _elsewhere(tournament, alice, key="M1-2"):
    """A result entered from another device (a referee's tablet, the API)."""
    match = TournamentMatch.objects.get(tournament=tournament, key=key)
    services.match_result_enter(match=match, by=alice, winner=match.player_a_id, score_a=7,
                                score_b=2)


# Null-safe: the predicate also runs while the page is between documents (reloading).
FINISHED = "document.querySelector('#match-M1-2')?.textContent.includes('Finished')"


def test_the_directors_page_follows_results_entered_elsewhere(page, live_server, login,
                                                              alice, club):
    tournament = _running_cup(club, "Followed Cup")
    login("alice")
    page.clock.install()  # the poll's timer is driven by the test, not waited for
    page.goto(f"{live_server.url}{tournament.get_absolute_url()}manage/")
    assert "Finished" not in page.locator("#match-M1-2").inner_text()
    _elsewhere(tournament, alice)
    page.clock.run_for(16_000)
    page.wait_for_function(FINISHED)  # reloaded by itself
    assert page.locator("[data-testid=updated]").count() == 0


def test_the_directors_page_does_not_reload_under_a_typing_director(page, live_server,
                                                                    login, alice, club):
    tournament = _running_cup(club, "Typed Cup")
    login("alice")
    page.clock.install()
    page.goto(f"{live_server.url}{tournament.get_absolute_url()}manage/")
    form = page.locator("form.result[data-key='M1-1'][data-action='enter']")
    form.locator("input[name=score_a]").fill("3")
    page.locator("h1").click()  # typed, then looked away: still an edited form
    _elsewhere(tournament, alice)
    page.clock.run_for(16_000)
    note = page.wait_for_selector("[data-testid=updated]")
    assert "Updated" in note.inner_text()
    assert form.locator("input[name=score_a]").input_value() == "3"  # not reloaded
    assert "Finished" not in page.locator("#match-M1-2").inner_text()
    note.query_selector("button:has-text('reload')").click()
    page.wait_for_function(FINISHED)


def test_a_focused_field_holds_the_reload_until_it_is_left(page, live_server, login, alice,
                                                           club):
    tournament = _running_cup(club, "Focused Cup")
    login("alice")
    page.clock.install()
    page.goto(f"{live_server.url}{tournament.get_absolute_url()}manage/")
    field = page.locator("form.result[data-key='M1-1'][data-action='enter'] "
                         "input[name=score_a]")
    field.focus()  # about to type, nothing typed yet
    _elsewhere(tournament, alice)
    page.clock.run_for(16_000)
    page.wait_for_selector("[data-testid=updated]")
    assert "Finished" not in page.locator("#match-M1-2").inner_text()
    field.blur()
    page.clock.run_for(16_000)  # the next poll: nobody at the form, the page reloads
    page.wait_for_function(FINISHED)


def test_a_player_withdraws_from_my_tournaments_after_confirming(page, live_server, login,
                                                                 alice, club):
    bob = _member(club, "Bob", "bob")
    later = services.tournament_create(club=club, name="Next Cup",
                                       starts_on=datetime.date(2026, 12, 5))
    services.entry_add(tournament=later, player=bob)
    login("bob")
    page.goto(f"{live_server.url}/clubs/riverside/tournaments/mine/")
    page.click(f"[data-testid=withdraw-{later.pk}]")
    page.wait_for_selector("h1:has-text('Withdraw from Next Cup?')")
    assert "has not started" in page.locator("[data-testid=withdraw]").inner_text()
    page.click("[data-testid=confirm-withdraw]")
    page.wait_for_selector("text=You withdrew from Next Cup.")
    assert page.locator(f"[data-testid=withdraw-{later.pk}]").count() == 0
    assert later.entries.get(player=bob).status == "withdrawn"
