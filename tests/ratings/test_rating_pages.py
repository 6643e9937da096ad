"""The rating pages on the hand-worked small club (tests/ratings/conftest.py): the numbers
shown, CSV, who sees what, and query counts that do not grow with players or matches."""

import csv
import datetime
import io
import math

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.models import Club, Player
from results.models import FinishedMatch
from results.services import finished_match_record
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def get(client, name, *args, user=None, **params):
    if user is not None:
        client.force_login(user)
    return client.get(reverse(name, args=args), params)


def rows_of(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode())))


def public(club):
    Club.objects.filter(pk=club.pk).update(results_public=True)


# --------------------------------------------------------------------------- the numbers


def test_the_rating_list_ranks_no_one_and_lists_everyone_as_provisional(client, small_club):
    public(small_club.club)
    response = get(client, "clubs:ratings", "riverside")
    assert response.status_code == 200
    assert response.context["established"] == []  # nobody has 100 experience yet
    names = [r["name"] for r in response.context["provisional"]]
    assert names[0] == "Ann" and set(names) == {"Ann", "Ben", "Cat", "Dan"}
    assert "A recompute is pending" not in response.content.decode()


def test_the_rating_list_csv_shows_two_decimals(client, small_club):
    public(small_club.club)
    rows = rows_of(get(client, "clubs:ratings", "riverside", format="csv"))
    assert rows[0][:4] == ["rank", "player", "rating", "experience"]
    ann = next(r for r in rows if r[1] == "Ann")
    assert ann[3] == "17" and ann[4] == "3" and ann[7] == "provisional"
    assert len(ann[2].split(".")[1]) == 2


def test_a_player_past_100_experience_is_ranked(client, small_club):
    w = small_club
    public(w.club)
    from ratings.models import Rating

    Rating.objects.filter(player=w.ann).update(experience=120)
    response = get(client, "clubs:ratings", "riverside")
    assert [(r["rank"], r["name"]) for r in response.context["established"]] == [(1, "Ann")]


def test_the_season_leaderboard_adds_wins_attendance_and_placings(client, small_club):
    public(small_club.club)
    response = get(client, "clubs:leaderboard", "riverside")
    table = {r["name"]: r for r in response.context["rows"]}
    # Ann: 4 wins (the friendly too) + 3 evenings + 1st of 4 (4 points) = 11
    assert (table["Ann"]["wins"], table["Ann"]["losses"], table["Ann"]["points"]) == (4, 0, 11)
    # Ben: 1 win + 3 evenings + 3rd= of 4 (a quarter of 4) = 5; Cat: 1 + 2 + half of 4 = 5
    assert table["Ben"]["points"] == 5 and table["Cat"]["points"] == 5
    assert table["Dan"]["points"] == 3 and table["Dan"]["rated_matches"] == 1
    assert [r["name"] for r in response.context["rows"]][0] == "Ann"


def test_the_leaderboard_shows_only_the_admins_columns(client, small_club):
    from ratings.services.updates import rating_settings_update

    public(small_club.club)
    rating_settings_update(club=small_club.club, leaderboard_columns=["tournament_wins",
                                                                      "places"])
    rows = rows_of(get(client, "clubs:leaderboard", "riverside", format="csv"))
    assert rows[0] == ["rank", "player", "tournament_wins", "places"]
    assert ["1", "Ann", "1", "1"] in rows


def test_a_season_without_results_has_an_empty_leaderboard(client, small_club):
    from ratings.models import Season

    public(small_club.club)
    later = Season.objects.create(club=small_club.club, name="2026 H2",
                                  starts_on=datetime.date(2026, 7, 1),
                                  ends_on=datetime.date(2026, 12, 31))
    response = get(client, "clubs:leaderboard", "riverside", season=later.pk)
    assert response.context["season"] == later and response.context["rows"] == []


def test_the_master_points_table_totals_each_player(client, small_club):
    public(small_club.club)
    rows = rows_of(get(client, "clubs:master-points", "riverside", season="all",
                       format="csv"))
    assert rows[1][:2] == ["1", "Ann"]
    assert float(rows[1][5]) == pytest.approx((math.sqrt(5) + math.sqrt(7)) / 3 + 1.2,
                                              abs=0.005)
    assert {r[1]: r[5] for r in rows[1:]}["Dan"] == "0.5"


def test_the_head_to_head_names_the_nemesis_and_lists_the_meetings(client, small_club):
    w = small_club
    public(w.club)
    response = get(client, "clubs:head-to-head", "riverside", w.cat.pk, opponent=w.ann.pk)
    assert response.context["nemesis"]["name"] == "Ann"
    rows = {r["name"]: r for r in response.context["rows"]}
    assert (rows["Ann"]["points_for"], rows["Ann"]["points_against"]) == (4, 7)
    assert rows["Dan"]["wins"] == 1
    meetings = response.context["meetings"]
    assert (meetings.matches, meetings.wins, meetings.losses) == (1, 0, 1)


def test_the_player_page_shows_rating_history_placings_and_head_to_head(client, small_club):
    w = small_club
    public(w.club)
    response = get(client, "clubs:player", "riverside", w.ann.pk)
    body = response.content.decode()
    rating = response.context["rating"]
    assert rating["experience"] == 17 and rating["matches"] == 3 and rating["provisional"]
    assert len(rating["chart"]["dots"]) == 3 and body.count("<circle") == 3
    assert "<svg" in body and "cdn" not in body.lower()
    assert [p["place"] for p in response.context["placings"]] == ["1st"]
    assert len(response.context["recent"]) == 4  # the friendly too, not rated
    assert {r["name"] for r in response.context["h2h"]["rows"]} == {"Ben", "Cat", "Dan"}


def test_the_what_if_calculator_reproduces_the_worked_check(client, small_club):
    public(small_club.club)
    response = get(client, "clubs:what-if", "riverside", rating_a=1800, experience_a=500,
                   rating_b=1700, experience_b=500, length=5)
    answer = response.context["answer"]
    assert answer["a_if_a"] == pytest.approx(3.90, abs=0.005)
    assert answer["b_if_b"] == pytest.approx(5.04, abs=0.005)
    assert answer["a_if_b"] == pytest.approx(-5.04, abs=0.005)


def test_the_what_if_calculator_reads_a_players_current_rating(client, small_club):
    w = small_club
    public(w.club)
    response = get(client, "clubs:what-if", "riverside", player_a=w.ann.pk,
                   player_b=w.dan.pk, length=3)
    assert response.context["answer"]["a"][1] == 17
    assert response.context["answer"]["chance_a"] > 0.5


def test_the_pages_follow_a_correction(client, small_club, django_capture_on_commit_callbacks):
    w = small_club
    public(w.club)
    before = get(client, "clubs:player", "riverside", w.ben.pk).context["rating"]["shown"]
    with django_capture_on_commit_callbacks(execute=True):
        finished_match_record(club=w.club, source="league", source_id=1, player_a=w.ann,
                              player_b=w.ben, length=5, winner=w.ben,
                              finished_at=w.m1.finished_at, score_a=2, score_b=5)
    after = get(client, "clubs:player", "riverside", w.ben.pk).context["rating"]["shown"]
    assert after != before
    table = {r["name"]: r for r in get(client, "clubs:leaderboard", "riverside")
             .context["rows"]}
    assert (table["Ben"]["wins"], table["Ann"]["wins"]) == (2, 3)


def test_a_pending_recompute_is_shown(client, small_club):
    from ratings.services.updates import ratings_recompute_request

    public(small_club.club)
    ratings_recompute_request(club_id=small_club.club.pk, from_at=small_club.m1.finished_at,
                              from_match_id=small_club.m1.pk)
    assert "A recompute is pending" in get(client, "clubs:ratings", "riverside").content.decode()


def test_a_tables_cache_serves_until_the_ratings_change(client, small_club,
                                                     django_capture_on_commit_callbacks):
    w = small_club
    public(w.club)
    with CaptureQueriesContext(connection) as first:
        get(client, "clubs:ratings", "riverside")
    with CaptureQueriesContext(connection) as second:
        cached = get(client, "clubs:ratings", "riverside").content.decode()
    assert len(second) < len(first)  # the rating list's query is not run again
    with django_capture_on_commit_callbacks(execute=True):
        finished_match_record(club=w.club, source="league", source_id=1, player_a=w.ann,
                              player_b=w.ben, length=5, winner=w.ben,
                              finished_at=w.m1.finished_at, score_a=2, score_b=5)
    assert get(client, "clubs:ratings", "riverside").content.decode() != cached


def test_anonymous_visitors_share_a_cached_page_and_members_get_their_own(client, small_club,
                                                                        bob):
    public(small_club.club)
    get(client, "clubs:leaderboard", "riverside")
    with CaptureQueriesContext(connection) as again:
        get(client, "clubs:leaderboard", "riverside")
    # The club (the results gate) and the latest chouette seat (attendance moves without a
    # recompute); settings and seasons are cached.
    assert len(again) == 2
    assert "Cookie" in get(client, "clubs:leaderboard", "riverside")["Vary"]
    page = get(client, "clubs:leaderboard", "riverside", user=bob).content.decode()
    assert "Log out" in page and "Ann" in page


# --------------------------------------------------------------------------- who sees what


def test_a_stranger_is_refused_the_ratings_of_a_private_club(client, small_club, dave):
    assert get(client, "clubs:ratings", "riverside", user=dave).status_code == 403


def test_an_anonymous_visitor_is_sent_to_log_in(client, small_club):
    response = get(client, "clubs:player", "riverside", small_club.ann.pk)
    assert response.status_code == 302 and reverse("account_login") in response["Location"]


def test_a_member_sees_the_chouette_record_on_a_player_page(client, small_club, bob):
    response = get(client, "clubs:player", "riverside", small_club.ann.pk, user=bob)
    assert response.context["chouette"] is not None


def test_public_results_never_show_the_chouette_record(client, small_club, dave):
    public(small_club.club)
    response = get(client, "clubs:player", "riverside", small_club.ann.pk, user=dave)
    assert response.status_code == 200 and response.context["chouette"] is None
    assert "Chouette records are for the club's members" in response.content.decode()


def test_a_player_of_another_club_has_no_page_here(client, small_club, dave):
    public(small_club.club)
    from clubs.models import Player

    other = Player.objects.get(user=dave)
    assert get(client, "clubs:player", "riverside", other.pk).status_code == 404


def test_only_the_clubs_admins_change_the_settings(client, small_club, alice, bob):
    url = reverse("clubs:ratings-manage", args=["riverside"])
    data = {"settings-start_rating": "1500", "settings-experience_ramp": "on",
            "settings-rate_one_point": "on", "settings-rate_ladder": "on",
            "settings-rate_friendly": "on", "settings-points_per_match_win": "1",
            "settings-points_per_attendance": "1", "settings-points_first": "1",
            "settings-points_second": "0.5", "settings-points_third": "0.25",
            "settings-leaderboard_columns": ["rating", "points"]}
    client.force_login(bob)
    assert client.post(url, data).status_code == 403
    client.force_login(alice)
    assert client.post(url, data).status_code == 302
    from ratings.models import RatingSettings

    settings = RatingSettings.objects.get(club=small_club.club)
    assert settings.rate_friendly and settings.leaderboard_columns == ["rating", "points"]


def test_an_admin_adds_a_season(client, small_club, alice):
    client.force_login(alice)
    response = client.post(reverse("clubs:ratings-manage", args=["riverside"]), {
        "season-name": "2026 H2", "season-starts_on": "2026-07-01",
        "season-ends_on": "2026-12-31"})
    assert response.status_code == 302
    assert small_club.club.seasons.filter(name="2026 H2").exists()


# --------------------------------------------------------------------------- query counts


def _grow(w, players: int, matches: int, django_capture_on_commit_callbacks):
    """More players and matches (with a second league) in the same season."""
    extra = []
    for i in range(players):
        player = PlayerFactory(name=f"Extra {i}")
        MembershipFactory(club=w.club, player=player)
        extra.append(player)
    with django_capture_on_commit_callbacks(execute=True):
        for i in range(matches):
            a, b = extra[i % players], (extra + [w.ann])[i % players + 1]
            finished_match_record(
                club=w.club, source=FinishedMatch.Source.LEAGUE, source_id=1000 + i,
                player_a=a, player_b=b, length=3, winner=a, score_a=3, score_b=i % 3,
                finished_at=datetime.datetime(2026, 3, 1, 20, i % 60, tzinfo=datetime.UTC))


PAGES = [("clubs:ratings", False, {}), ("clubs:leaderboard", False, {}),
         ("clubs:master-points", False, {"season": "all"}), ("clubs:player", True, {}),
         ("clubs:head-to-head", True, {}), ("clubs:what-if", False, {})]


def _count(client, name, with_player, params, w):
    """The cold path's queries (every cache empty: the chouette record's, for one, is kept
    across ratings versions)."""
    from django.core.cache import cache

    cache.clear()
    args = ("riverside", w.ann.pk) if with_player else ("riverside",)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse(name, args=args), params).status_code == 200
    return len(queries)


@pytest.mark.parametrize("name, with_player, params", PAGES, ids=[p[0] for p in PAGES])
def test_a_pages_query_count_does_not_grow_with_players_or_matches(
        client, small_club, bob, name, with_player, params, django_capture_on_commit_callbacks):
    # Guards the N+1s: a query per row of the list (names, ratings, opponents, tournaments).
    client.force_login(bob)
    small = _count(client, name, with_player, params, small_club)
    _grow(small_club, 12, 40, django_capture_on_commit_callbacks)
    assert _count(client, name, with_player, params, small_club) == small


def test_a_member_without_rated_matches_has_a_page_at_the_start_rating(client, small_club,
                                                                       bob):
    from clubs.models import Player

    me = Player.objects.get(user=bob)
    response = get(client, "clubs:player", "riverside", me.pk, user=bob)
    rating = response.context["rating"]
    assert (rating["shown"], rating["experience"], rating["chart"]["empty"]) == \
        ("1500.00", 0, True)
    assert "No rated matches yet." in response.content.decode()


def test_the_what_if_form_asks_for_a_player_or_a_rating_on_each_side(client, small_club):
    public(small_club.club)
    response = get(client, "clubs:what-if", "riverside", rating_a=1800, length=5)
    assert response.context["answer"] is None
    assert "Player B: choose a player or give a rating." in response.content.decode()


def test_the_player_page_shows_no_template_comment(client, small_club):
    public(small_club.club)
    body = get(client, "clubs:player", "riverside", small_club.ann.pk).content.decode()
    assert "{#" not in body and "#}" not in body


def test_the_player_page_gives_the_players_score_first(client, small_club):
    w = small_club
    public(w.club)
    body = get(client, "clubs:player", "riverside", w.cat.pk).content.decode()
    # Ann beat Cat 7-4 in the final (Ann was player A): Cat's page says "lost 4–7".
    assert '<td>lost</td><td class="num">4–7</td>' in body
    assert '<td>won</td><td class="num">5–0</td>' in body  # Cat as player A keeps her order


def test_the_leaderboard_says_its_wins_count_unrated_matches_too(client, small_club):
    public(small_club.club)
    response = get(client, "clubs:leaderboard", "riverside")
    body = response.content.decode()
    # Ann: 4 wins (the friendly, not rated, too) beside 3 rated matches: the labels say so.
    ann = next(r for r in response.context["rows"] if r["name"] == "Ann")
    assert (ann["wins"], ann["rated_matches"]) == (4, 3)
    assert "Wins (all played)" in body and "Losses (all played)" in body
    assert "rated matches count only those that moved the rating" in body


def test_a_name_a_spreadsheet_would_run_is_quoted_in_the_csv(client, small_club):
    """Every CSV export: a player named as a formula stays text (config/spreadsheets.py)."""
    public(small_club.club)
    Player.objects.filter(name="Ann").update(name="=HYPERLINK(\"http://x\")")
    cache.clear()
    rows = rows_of(get(client, "clubs:ratings", "riverside", format="csv"))
    assert "'=HYPERLINK(\"http://x\")" in [r[1] for r in rows]
    assert not any(cell.startswith("=") for r in rows for cell in r)
