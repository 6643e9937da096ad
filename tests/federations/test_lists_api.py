"""The national lists' API: the live list as of a day, official lists published by the
rating officer, the changes between two lists, and the exports anyone can recompute."""

import csv
import datetime
import io
import json

import pytest
from django.urls import reverse

from clubs.models import Membership
from ratings import core
from ratings.models import OfficialList
from tests.factories import MembershipFactory, PlayerFactory
from tests.ratings.federation_world import at, build_federation, four_matches, officer, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(club, other_club, django_capture_on_commit_callbacks):
    w = build_federation(club, other_club)
    with django_capture_on_commit_callbacks(execute=True):
        four_matches(club, other_club, w)
    return w


@pytest.fixture
def rating_officer(client, world, alice):
    officer(world, alice)
    client.force_login(alice)
    return client


def url(name, *args):
    return reverse(name, args=("dbgf", *args))


def publish(client, period):
    return client.post(url("official-lists-api"), {"period": period},
                       content_type="application/json")


def test_the_live_list_gives_the_rows_paginated(client, world):
    body = client.get(url("national-ratings-api"), {"as_of": "2026-03-31"}).json()
    assert body["count"] == 5
    first = body["results"][0]
    assert set(first) == {"player", "name", "clubs", "rating", "experience", "matches",
                          "provisional", "inactive"}
    fay = next(r for r in body["results"] if r["name"] == "Fay")
    assert fay["clubs"] == ["hilltop", "riverside"] and fay["matches"] == 1


def test_an_as_of_in_the_future_is_refused_with_a_sentence(client, world):
    answer = client.get(url("national-ratings-api"), {"as_of": "2999-01-01"})
    assert answer.status_code == 400
    assert "cannot be in the future" in answer.json()["detail"]


def test_an_as_of_that_is_not_a_date_is_refused(client, world):
    answer = client.get(url("national-ratings-api"), {"as_of": "last tuesday"})
    assert answer.status_code == 400
    assert "YYYY-MM-DD" in answer.json()["detail"]


def test_as_of_lists_the_clubs_of_that_day_for_a_player_who_moved(client, world):
    Membership.objects.filter(player=world.ben, club=world.club).update(
        is_active=False, ended_at=at(2026, 4, 1, 9))
    moved = MembershipFactory(club=world.other_club, player=world.ben)
    Membership.objects.filter(pk=moved.pk).update(joined_at=at(2026, 4, 1, 18))

    def clubs(day):
        rows = client.get(url("national-ratings-api"), {"as_of": day}).json()["results"]
        return next(r["clubs"] for r in rows if r["name"] == "Ben")

    assert clubs("2026-03-31") == ["riverside"]
    assert clubs("2026-04-02") == ["hilltop"]


def _inactive_after_six_months(world) -> dict:
    """As of 20 September 2026, six months after their last match: Ann (8 March), Ben
    (1 March) and Dan (9 March) are inactive; Cat and Fay (2 April) are not."""
    world.federation.inactive_after_months = 6
    world.federation.save(update_fields=["inactive_after_months"])
    return {"as_of": "2026-09-20"}


def test_inactive_players_are_listed_marked_only_when_asked(client, world):
    day = _inactive_after_six_months(world)
    default = client.get(url("national-ratings-api"), day).json()["results"]
    assert "Ann" not in {r["name"] for r in default}
    assert all(r["inactive"] is False for r in default)
    listed = client.get(url("national-ratings-api"),
                        {**day, "inactive": "include"}).json()["results"]
    marked = {r["name"]: r["inactive"] for r in listed}
    assert marked == {"Ann": True, "Ben": True, "Dan": True, "Cat": False, "Fay": False}
    assert {r["name"] for r in default} == {n for n, gone in marked.items() if not gone}
    assert client.get(url("national-ratings-api"),
                      {**day, "inactive": "exclude"}).json()["results"] == default


def test_an_inactive_that_is_neither_include_nor_exclude_is_a_400(client, world):
    answer = client.get(url("national-ratings-api"), {"inactive": "yes"})
    assert answer.status_code == 400 and "include or exclude" in answer.content.decode()


def test_the_list_page_shows_the_inactive_marked_when_asked(client, world):
    page = reverse("clubs:federation-ratings", args=["dbgf"])
    day = _inactive_after_six_months(world)
    assert 'data-testid="inactive"' not in client.get(page, day).content.decode()
    text = client.get(page, {**day, "inactive": "include"}).content.decode()
    assert text.count('data-testid="inactive"') == 3  # Ann, Ben and Dan


def test_the_rating_officer_publishes_a_numbered_frozen_list(rating_officer, world):
    answer = publish(rating_officer, "2026-03")
    assert answer.status_code == 201
    body = answer.json()
    assert (body["number"], body["period"], body["last_day"]) == (1, "2026-03", "2026-03-31")
    assert {r["name"] for r in body["rows"]} == {"Ann", "Ben", "Cat", "Dan", "Fay"}
    assert rating_officer.get(url("official-list-api", 1)).json()["rows"] == body["rows"]


def test_a_member_of_another_club_may_not_publish(client, world, dave):
    client.force_login(dave)
    assert publish(client, "2026-03").status_code == 403
    assert not OfficialList.objects.exists()


def test_a_period_that_has_not_ended_is_refused(rating_officer, world):
    answer = publish(rating_officer, "2999-11")
    assert answer.status_code == 400
    assert "has not ended" in answer.json()["detail"]
    assert not OfficialList.objects.exists()


def test_a_period_that_is_no_month_or_week_is_refused(rating_officer, world):
    answer = publish(rating_officer, "March")
    assert answer.status_code == 400 and "ISO week" in answer.json()["detail"]


def test_a_week_is_a_period(rating_officer, world):
    body = publish(rating_officer, "2026-W10").json()
    assert (body["first_day"], body["last_day"]) == ("2026-03-02", "2026-03-08")


def test_republishing_keeps_the_number_and_says_what_changed(rating_officer, world,
                                                             django_capture_on_commit_callbacks):
    w = world
    publish(rating_officer, "2026-03")
    publish(rating_officer, "2026-04")
    with django_capture_on_commit_callbacks(execute=True):  # a back-dated March result
        play(w.club, w.ben, w.ann, w.ben, at(2026, 3, 20))
    body = publish(rating_officer, "2026-03").json()
    assert (body["number"], body["revision"]) == (1, 2)
    assert {c["name"] for c in body["changes"]} >= {"Ann", "Ben"}
    ben = next(c for c in body["changes"] if c["name"] == "Ben")
    assert ben["after"]["matches"] == ben["before"]["matches"] + 1
    assert OfficialList.objects.count() == 2


def test_the_changes_since_a_list_are_explained_match_by_match(rating_officer, world):
    publish(rating_officer, "2026-03")
    publish(rating_officer, "2026-04")
    body = rating_officer.get(url("official-list-changes-api", 2), {"since": 1}).json()
    fay = next(p for p in body["players"] if p["name"] == "Fay")
    assert [m["opponent_name"] for m in fay["matches"]] == ["Cat"]
    step = fay["matches"][0]
    assert step["rating_before"] == pytest.approx(fay["before"]["rating"])
    assert step["rating_after"] == pytest.approx(fay["after"]["rating"])
    assert {p["name"] for p in body["players"]} == {"Fay", "Cat"}


def test_changes_need_the_number_of_another_list(rating_officer, world):
    publish(rating_officer, "2026-03")
    assert rating_officer.get(url("official-list-changes-api", 1),
                              {"since": "x"}).status_code == 400
    assert rating_officer.get(url("official-list-changes-api", 1),
                              {"since": 9}).status_code == 404


def test_anyone_can_recompute_a_list_from_its_json_export(rating_officer, world):
    publish(rating_officer, "2026-03")
    publish(rating_officer, "2026-04")
    data = json.loads(rating_officer.get(url("official-list-json-api", 2)).content)
    settings = core.RatingSettings(formula=data["settings"]["formula"],
                                   start_rating=data["settings"]["start_rating"])
    start = {o["player"]: (o["rating"], o["experience"]) for o in data["opening"]}
    matches = [core.RatedMatch(m["winner"], m["loser"], m["length"], m["winner"])
               for m in data["matches"]]
    standings = core.replay(matches, settings, start=start).standings
    assert {r["player"]: (r["rating"], r["experience"]) for r in data["rows"]} == {
        p: tuple(s) for p, s in standings.items()}


def test_the_csv_export_neutralises_formulas(rating_officer, world, club,
                                             django_capture_on_commit_callbacks):
    w = world
    rogue = PlayerFactory(name="=HYPERLINK(1)")
    joined = MembershipFactory(club=club, player=rogue)  # a member in March (the lists' day)
    Membership.objects.filter(pk=joined.pk).update(joined_at=at(2026, 3, 1, 0))
    with django_capture_on_commit_callbacks(execute=True):
        play(club, rogue, w.ann, rogue, at(2026, 3, 3))
    publish(rating_officer, "2026-03")
    publish(rating_officer, "2026-04")
    text = rating_officer.get(url("official-list-csv-api", 2)).content.decode()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {r["record"] for r in rows} == {"list", "setting", "opening", "match", "row"}
    names = [r["name"] for r in rows if r["record"] == "row"]
    assert "'=HYPERLINK(1)" in names and "=HYPERLINK(1)" not in names


def test_an_unknown_list_is_not_found(client, world):
    assert client.get(url("official-list-api", 7)).status_code == 404


def test_the_list_pages_day_is_the_last_day_of_the_period(rating_officer, world):
    body = publish(rating_officer, "2026-03").json()
    fay = next(r for r in body["rows"] if r["name"] == "Fay")
    assert fay["last_played"] == datetime.date(2026, 3, 8).isoformat()
    assert fay["experience"] == 7
