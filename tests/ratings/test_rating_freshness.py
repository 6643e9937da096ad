"""The cached rating pages stay true: a chouette game moves a player page's chouette record
at once, a renamed player's new name shows at once, a chouette evening counts as attendance
at once; and a signed-in member's warm pages cost a fixed few queries."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from chouette import services as chouette
from clubs.models import Club

pytestmark = pytest.mark.django_db


def page(client, name, *args, **params) -> str:
    response = client.get(reverse(name, args=("riverside", *args)), params)
    assert response.status_code == 200
    return response.content.decode()


def evening(w, day: datetime.date, players, *, finish: bool = True):
    """A chouette evening at the small club: the order rolled, and one game the team wins."""
    session = chouette.chouette_session_start(club=w.club, date=day, stake=Decimal("1.00"),
                                              players=players)
    chouette.chouette_order_roll(session=session, rolls={
        p.pk: 6 - i for i, p in enumerate(players)})
    if finish:
        chouette.chouette_game_start(session=session)
        chouette.chouette_result_record(session=session, winner="team", kind="single")
    return session


def chouette_line(body: str) -> str:
    start = body.index("<h2>Chouette</h2>")
    return body[start:body.index("</p>", start)]


# --------------------------------------------------------------------------- the chouette record


def test_a_finished_chouette_game_shows_on_the_player_page_at_once(client, small_club, bob):
    w = small_club
    client.force_login(bob)
    before = chouette_line(page(client, "clubs:player", w.ann.pk))
    assert "0 games in the box" in before
    assert chouette_line(page(client, "clubs:player", w.ann.pk)) == before  # from the cache
    evening(w, datetime.date(2026, 3, 1), [w.ann, w.ben, w.cat])  # Ann rolled the 6: box
    after = chouette_line(page(client, "clubs:player", w.ann.pk))
    assert "1 games in the box" in after and "net -2 points" in after


def test_a_reversed_chouette_game_leaves_the_player_page_at_once(client, small_club, bob):
    w = small_club
    client.force_login(bob)
    session = evening(w, datetime.date(2026, 3, 1), [w.ann, w.ben, w.cat])
    assert "1 games in the box" in chouette_line(page(client, "clubs:player", w.ann.pk))
    chouette.chouette_game_reverse(game=session.games.get(), reversed_by=None,
                                   reason="Wrong result entered")
    assert "0 games in the box" in chouette_line(page(client, "clubs:player", w.ann.pk))


def test_a_members_warm_player_page_reads_no_chouette_rows(client, small_club, bob,
                                                           django_assert_num_queries):
    w = small_club
    evening(w, datetime.date(2026, 3, 1), [w.ann, w.ben, w.cat])
    client.force_login(bob)
    page(client, "clubs:player", w.ann.pk)
    # The session, its user, the club with bob's roles in it (one query), the player with
    # the versions of their chouette ledger and match records: the record itself, the
    # match records and the rating story all come from the cache.
    with django_assert_num_queries(4):
        page(client, "clubs:player", w.ann.pk)


def test_a_members_warm_rating_list_costs_three_queries(client, small_club, bob,
                                                        django_assert_num_queries):
    client.force_login(bob)
    page(client, "clubs:ratings")
    with django_assert_num_queries(3):  # the session, its user, the club with bob's roles
        page(client, "clubs:ratings")


# --------------------------------------------------------------------------- renames


def test_a_renamed_player_shows_under_the_new_name_at_once(client, small_club, bob):
    w = small_club
    client.force_login(bob)
    assert ">Cat<" in page(client, "clubs:ratings")
    page(client, "clubs:player", w.ann.pk)
    w.cat.name = "Catherine"
    w.cat.save()
    assert "Catherine" in page(client, "clubs:ratings")
    assert "Catherine" in page(client, "clubs:player", w.ann.pk)  # in Ann's head-to-head
    assert "Catherine" in page(client, "clubs:leaderboard")


def test_an_anonymous_visitor_sees_the_new_name_at_once(client, small_club):
    w = small_club
    Club.objects.filter(pk=w.club.pk).update(results_public=True)
    assert ">Dan<" in page(client, "clubs:ratings")  # the whole page is cached now
    w.dan.name = "Daniel"
    w.dan.save(update_fields=["name"])
    body = page(client, "clubs:ratings")
    assert "Daniel" in body and ">Dan<" not in body


# --------------------------------------------------------------------------- attendance


def leaderboard_rows(client) -> dict:
    """The leaderboard's rows by name (from the page's context: a cached table has none)."""
    response = client.get(reverse("clubs:leaderboard", args=["riverside"]))
    return {r["name"]: r for r in response.context["rows"]}


def leaderboard_row(client, name: str) -> dict:
    return leaderboard_rows(client)[name]


def test_a_chouette_evening_counts_as_attendance(client, small_club, bob):
    w = small_club
    client.force_login(bob)
    dan = leaderboard_row(client, "Dan")
    assert (dan["attendances"], dan["points"]) == (2, 3)  # 7 and 20 February
    evening(w, datetime.date(2026, 3, 1), [w.dan, w.ben, w.cat], finish=False)
    dan = leaderboard_row(client, "Dan")  # at once: no recompute in between
    assert (dan["attendances"], dan["points"]) == (3, 4)


def test_a_chouette_evening_on_a_match_day_is_one_attendance(client, small_club, bob):
    w = small_club
    client.force_login(bob)
    evening(w, datetime.date(2026, 2, 20), [w.dan, w.ben, w.cat])  # Dan's friendly's day
    rows = leaderboard_rows(client)
    assert (rows["Dan"]["attendances"], rows["Dan"]["points"]) == (2, 3)
    assert rows["Ben"]["attendances"] == 4  # three match days, and this evening


def test_a_chouette_evening_outside_the_season_does_not_count(client, small_club, bob):
    w = small_club
    client.force_login(bob)
    evening(w, datetime.date(2026, 7, 1), [w.dan, w.ben, w.cat], finish=False)
    assert leaderboard_row(client, "Dan")["attendances"] == 2


def test_two_members_share_the_cached_page_body_each_under_their_own_name(client, small_club,
                                                                          alice, bob):
    client.force_login(bob)
    for_bob = page(client, "clubs:ratings")
    client.force_login(alice)
    for_alice = page(client, "clubs:ratings")
    assert '<span class="who">bob</span>' in for_bob and "manage/ratings" not in for_bob
    # Alice's flags differ (she administers the club): her body has the settings link.
    assert '<span class="who">alice</span>' in for_alice and "manage/ratings" in for_alice


def test_a_member_sees_a_pending_recompute_at_once(client, small_club, bob):
    from ratings.services.updates import ratings_recompute_request

    w = small_club
    client.force_login(bob)
    assert "A recompute is pending" not in page(client, "clubs:leaderboard")
    ratings_recompute_request(club_id=w.club.pk, from_at=w.m1.finished_at,
                              from_match_id=w.m1.pk)
    assert "A recompute is pending" in page(client, "clubs:leaderboard")


def test_an_uploaded_match_record_shows_on_the_player_page_at_once(client, small_club, bob):
    from games.services.match_import import match_import
    from tests.factories import sample_bytes

    w = small_club
    client.force_login(bob)
    assert "No match records." in page(client, "clubs:player", w.ann.pk)
    match_import(club=w.club, data=sample_bytes("5nqfGw9bWG3deTaU.mat"),
                 filename="5nqfGw9bWG3deTaU.mat", player_left=w.ann, player_right=w.ben)
    body = page(client, "clubs:player", w.ann.pk)
    assert "No match records." not in body and "Ann v Ben" in body
