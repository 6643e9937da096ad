"""The round-based formats on a phone (390 px wide): Swiss standings with the rounds'
pairings, a round-robin crosstable, the ladder with an open challenge, a league table. Nothing
runs off the right edge except inside a wrapper made to scroll sideways (``overflow-x:
auto``, the wide tables). A director pairs the next Swiss round (preview, then publish) on
the phone; the new-tournament page shows only the chosen format's settings. Screenshots go
to ``data/screenshots/`` for a look."""

import datetime
import os
from pathlib import Path

import pytest

from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import Fixture, Tournament, TournamentMatch
from tournaments.services import ladder as ladders
from tournaments.services import league as leagues
from tournaments.services import rounds

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("DATA_DIR", "data")) / "screenshots"
NAMES = ["Bartholomew Featherstonehaugh", "Maximiliana Oyelaran-Smythe", "Konstantin Vasquez",
         "Wilhelmina Abernathy", "Cornelius Achterberg", "Guadalupe Villanueva",
         "Fitzgerald O'Donoghue", "Anastasia Papadopoulou", "Ignatius Montgomery"]

#: Visible elements whose box runs off the viewport, leaving out those inside a wrapper
#: that scrolls sideways (that wrapper itself must fit), and the wrappers found.
OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX);
  const out = [];
  const wrappers = [];
  for (const el of document.querySelectorAll("body *")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (scrolls(el)) {
      wrappers.push({tag: el.className, scrollable: el.scrollWidth > el.clientWidth});
    }
    let inside = false;
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (scrolls(up)) { inside = true; break; }
    }
    if (inside) continue;
    if (box.right > width + 0.5 || box.left < -0.5) {
      out.push(`${el.tagName.toLowerCase()}${el.className ? "." + el.className : ""}`
               + ` "${(el.textContent || "").trim().slice(0, 30)}" ${box.left}-${box.right}`);
    }
  }
  return {width, scrollWidth: document.documentElement.scrollWidth, out, wrappers};
}"""


def _login(page, live_server, username):
    page.context.clear_cookies()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_login", username)
    page.fill("#id_password", "correct horse battery")
    page.click("button[type=submit]")
    page.wait_for_load_state()


def _shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _fits(page) -> list:
    found = page.evaluate(OVERFLOWING)
    assert found["scrollWidth"] <= found["width"], found
    assert found["out"] == [], found["out"][:10]
    return found["wrappers"]


def _players(club, count):
    players = []
    for i, name in enumerate(NAMES[:count], start=1):
        player = PlayerFactory(name=name, user=UserFactory(username=f"p{i}"))
        MembershipFactory(club=club, player=player)
        players.append(player)
    return players


def _event(club, fmt, count, **settings):
    tournament = services.tournament_create(
        club=club, name="Thursday Night Swiss Championship" if "swiss" in fmt
        else "Winter Round Robin", format=fmt, starts_on=datetime.date(2026, 11, 26),
        options={"lengths": {"main": 5}, "format_settings": settings})
    for player in _players(club, count):
        services.entry_add(tournament=tournament, player=player)
    services.tournament_start(tournament=tournament)
    tournament.refresh_from_db()
    return tournament


def _play(tournament, number, by):
    for match in tournament.matches.filter(round_number=number, status="ready"):
        services.match_result_enter(match=match, by=by, winner=match.player_a_id, score_a=5,
                                    score_b=3)


def _url(live_server, tournament, name):
    return f"{live_server.url}/clubs/{tournament.club.slug}/tournaments/{tournament.pk}/{name}/"


def test_swiss_standings_with_pairings_fit_a_phone(phone, live_server, club, alice):
    swiss = _event(club, "swiss", 9)
    for number in (1, 2):
        rounds.swiss_round_publish(tournament=swiss, pairs=rounds.swiss_round_preview(
            tournament=swiss)["pairs"])
        _play(swiss, number, alice)
    rounds.swiss_round_publish(tournament=swiss, pairs=rounds.swiss_round_preview(
        tournament=swiss)["pairs"])
    _login(phone, live_server, "alice")
    phone.goto(_url(live_server, swiss, "standings"))
    phone.locator("[data-testid=standings]").wait_for()
    assert phone.locator("text=Round 3").count() and phone.locator("text=bye").count()
    _shot(phone, "swiss-standings-390")
    wrappers = _fits(phone)
    assert any(w["scrollable"] for w in wrappers)  # the tie-break columns scroll sideways


def test_a_round_robin_crosstable_fits_a_phone(phone, live_server, club, alice):
    robin = _event(club, "round_robin", 8)
    _play(robin, 1, alice)
    _play(robin, 2, alice)
    phone.goto(_url(live_server, robin, "standings"))
    crosstable = phone.locator("[data-testid=crosstable]")
    crosstable.wait_for()
    _shot(phone, "round-robin-crosstable-390")
    _fits(phone)
    wrapper = crosstable.locator("xpath=..")
    assert wrapper.evaluate("el => getComputedStyle(el).overflowX") == "auto"


def test_the_ladder_with_an_open_challenge_fits_a_phone(phone, live_server, club, alice):
    ladder = ladders.ladder_create(club=club, name="Riverside Ladder of Champions")
    players = _players(club, 6)
    for player in players:
        ladders.ladder_join(ladder=ladder, player=player)
    ladders.challenge_issue(ladder=ladder, by=players[4].user, challenged=players[2])
    for username in ("p5", "p3", "alice"):  # challenger, challenged, the director
        _login(phone, live_server, username)
        phone.goto(f"{live_server.url}/clubs/{club.slug}/ladders/{ladder.pk}/")
        phone.locator("[data-testid=open-challenges] li").first.wait_for()
        _shot(phone, f"ladder-390-{username}")
        _fits(phone)
    # The challenger cancels from the phone.
    _login(phone, live_server, "p5")
    phone.goto(f"{live_server.url}/clubs/{club.slug}/ladders/{ladder.pk}/")
    phone.click("button:has-text('Cancel my challenge')")
    phone.wait_for_selector("text=Challenge cancelled.")
    phone.click("summary:has-text('Leave the ladder')")
    phone.click("button:has-text('Yes, leave the ladder')")
    phone.wait_for_selector("text=left the ladder")
    assert list(ladder.rungs.order_by("position").values_list("player_id", flat=True)) == [
        p.pk for p in players[:4] + players[5:]]
    _fits(phone)


def test_a_league_table_fits_a_phone(phone, live_server, club, alice, carol):
    players = _players(club, 8)
    season = leagues.season_create(
        club=club, name="Riverside Winter League 2026/27", starts_on=datetime.date(2026, 1, 5),
        ends_on=datetime.date(2026, 6, 30), length=5, missed_deadline="referees",
        divisions=[[p.pk for p in players[:4]], [p.pk for p in players[4:]]])
    leagues.season_start(season=season)
    first = Fixture.objects.filter(division__season=season).order_by("pk").first()
    leagues.fixture_enter(fixture=first, by=alice, winner=first.player_a_id, score_a=5,
                          score_b=2)
    leagues.fixtures_expire(today=datetime.date(2026, 1, 20))  # round 1: to the referees
    for username in ("carol", "alice"):
        _login(phone, live_server, username)
        phone.goto(f"{live_server.url}/clubs/{club.slug}/leagues/{season.pk}/")
        phone.locator("[data-testid=division]").first.wait_for()
        assert phone.locator("[data-testid=overdue]").count() == 3
        _shot(phone, f"league-390-{username}")
        _fits(phone)


def test_a_director_pairs_the_next_swiss_round_on_a_phone(phone, live_server, club, alice):
    swiss = _event(club, "swiss", 6)
    rounds.swiss_round_publish(tournament=swiss, pairs=rounds.swiss_round_preview(
        tournament=swiss)["pairs"])
    _play(swiss, 1, alice)
    _login(phone, live_server, "alice")
    phone.goto(_url(live_server, swiss, "pairing"))
    preview = phone.locator("[data-testid=preview]")
    preview.wait_for()
    assert "Round 2: proposed pairings" in preview.inner_text()
    assert preview.locator("ol li").count() == 3
    assert not swiss.matches.filter(round_number=2).exists()  # a preview writes nothing
    _shot(phone, "swiss-pairing-preview-390")
    _fits(phone)
    phone.click("button:has-text('Publish round 2')")
    phone.wait_for_selector("text=Round 2 published")
    assert swiss.matches.filter(round_number=2, status=TournamentMatch.Status.READY
                                ).count() == 3
    phone.goto(_url(live_server, swiss, "standings"))
    assert phone.locator("h3:has-text('Round 2')").count() == 1
    _fits(phone)


def test_the_new_tournament_page_shows_only_the_chosen_format_s_settings(
        phone, live_server, club, alice):
    _login(phone, live_server, "alice")
    phone.goto(f"{live_server.url}/clubs/{club.slug}/tournaments/new/")
    phone.select_option("#id_format", "moreswiss")
    assert phone.is_visible("#id_losses_out") and phone.is_visible("#id_late_half_points")
    assert not phone.is_visible("#id_rounds") and not phone.is_visible("#id_groups")
    assert not phone.is_visible("#id_consolation_length")
    _shot(phone, "tournament-new-moreswiss-390")
    _fits(phone)
    phone.select_option("#id_format", "groups")
    assert phone.is_visible("#id_qualifiers") and phone.is_visible("#id_cycles")
    assert phone.is_visible("#id_final_length") and not phone.is_visible("#id_losses_out")
    phone.fill("#id_name", "Groups Night")
    phone.fill("#id_starts_on", "2026-12-03")
    phone.fill("#id_groups", "2")
    phone.click("button:has-text('Create')")
    phone.wait_for_selector("h1:has-text('Groups Night')")
    assert Tournament.objects.get(name="Groups Night").options["format_settings"][
        "groups"] == 2


def test_the_tournament_and_match_record_lists_fit_a_phone(phone, live_server, club, alice):
    from games.services.match_import import match_import
    from tests.factories import sample_bytes

    groups = _event(club, "groups", 6, groups=2)
    services.tournament_create(club=club, name="Riverside Double Elimination Championship",
                               format="double_elimination",
                               starts_on=datetime.date(2026, 12, 3))
    left, right = [entry.player for entry in groups.entries.order_by("pk")[:2]]
    match_import(club=club, data=sample_bytes("5nqfGw9bWG3deTaU.mat"), filename="a.mat",
                 player_left=left, player_right=right)
    _login(phone, live_server, "alice")
    for name, path in (("tournaments", "tournaments/"), ("match-records", "matches/")):
        phone.goto(f"{live_server.url}/clubs/{club.slug}/{path}")
        phone.locator("table tbody tr").first.wait_for()
        _shot(phone, f"{name}-list-390")
        _fits(phone)
