"""The national list's API and page are kept per version of what they show (issue 34.7):
each test reads the list once (so it is kept), changes one thing that alters it, and reads
it again; a key that did not move would give the kept answer, and the test fails."""

import datetime

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from clubs.models import Membership
from clubs.services import membership_grant
from federations import services as federations
from federations.models import Federation, FederationClub
from ratings.models import Pool
from ratings.services.official_lists import official_list_publish
from tests.factories import MembershipFactory
from tests.ratings.federation_world import at, build_federation, four_matches, play

pytestmark = pytest.mark.django_db

PAGE = reverse("clubs:federation-ratings", args=["dbgf"])


def api_url() -> str:
    return reverse("national-ratings-api", args=["dbgf"])


@pytest.fixture
def world(club, other_club, django_capture_on_commit_callbacks):
    w = build_federation(club, other_club)
    with django_capture_on_commit_callbacks(execute=True):
        four_matches(club, other_club, w)
    return w


def rows(client, **query) -> dict[str, dict]:
    """The live list (today's unless ``as_of``), by name."""
    answer = client.get(api_url(), query)
    assert answer.status_code == 200
    return {row["name"]: row for row in answer.json()["results"]}


def page(client, **query) -> str:
    answer = client.get(PAGE, query)
    assert answer.status_code == 200
    return answer.content.decode()


def yesterday() -> datetime.date:
    return timezone.localdate() - datetime.timedelta(days=1)


# --------------------------------------------------------------------------- memberships


def test_a_player_joining_another_member_club_is_listed_with_it_at_once(client, world):
    assert rows(client)["Ann"]["clubs"] == ["riverside"]
    MembershipFactory(club=world.other_club, player=world.ann)
    assert rows(client)["Ann"]["clubs"] == ["hilltop", "riverside"]


def test_a_player_who_left_their_club_leaves_the_list_and_comes_back_on_rejoining(
        client, world):
    assert "Ben" in rows(client)
    membership = Membership.objects.get(club=world.club, player=world.ben)
    membership.is_active = False
    membership.ended_at = timezone.now() - datetime.timedelta(days=2)
    membership.save()
    assert "Ben" not in rows(client)  # rated in the background, as a guest
    membership_grant(club=world.club, player=world.ben, role=Membership.Role.PLAYER)
    assert "Ben" in rows(client)


def test_a_renamed_player_is_listed_under_the_new_name(client, world):
    assert "Ann" in rows(client)
    world.ann.name = "Annie"
    world.ann.save()
    assert "Annie" in rows(client) and "Ann" not in rows(client)


# --------------------------------------------------------------------------- member clubs


def test_a_club_leaving_the_federation_takes_its_players_off_the_list_at_once(client, world):
    """At once: before the replay its leaving queues has run (here it never runs)."""
    before = rows(client)
    assert "Cat" in before and before["Fay"]["clubs"] == ["hilltop", "riverside"]
    federations.federation_club_leave(federation=world.federation, club=world.other_club,
                                      actor=None, on=yesterday() - datetime.timedelta(days=1))
    after = rows(client)
    assert "Cat" not in after and after["Fay"]["clubs"] == ["riverside"]


def test_a_club_days_corrected_in_the_admin_change_the_list_too(client, world):
    """The admin saves the row itself (no service): the receiver moves the stamp."""
    assert "Dan" in rows(client)
    link = FederationClub.objects.get(federation=world.federation, club=world.other_club)
    link.status, link.left_on = FederationClub.Status.LEFT, yesterday()
    link.save()
    assert "Dan" not in rows(client)


def test_a_club_joining_the_federation_lists_its_members(client, world):
    """Lakeside joins: Eve, a guest till now with no rated match, is still not listed, but
    Ann, who joins Lakeside, is listed with it."""
    MembershipFactory(club=world.lakeside, player=world.ann)
    assert rows(client)["Ann"]["clubs"] == ["riverside"]
    federations.federation_club_apply(federation=world.federation, club=world.lakeside,
                                      actor=None)
    federations.federation_club_accept(federation=world.federation, club=world.lakeside,
                                       actor=None, on=yesterday())
    assert rows(client)["Ann"]["clubs"] == ["lakeside", "riverside"]


# --------------------------------------------------------------------------- the federation


def test_the_provisional_threshold_changes_the_list_by_any_path(client, world):
    """Even an update that sends no signal: the key reads the federation's row."""
    assert not rows(client)["Fay"]["provisional"]  # 12 experience, threshold 10
    Federation.objects.filter(pk=world.federation.pk).update(provisional_below=1000)
    assert all(row["provisional"] for row in rows(client).values())


def test_the_inactivity_setting_changes_the_list(client, world):
    assert len(rows(client)) == 5
    Federation.objects.filter(pk=world.federation.pk).update(inactive_after_months=1)
    assert rows(client) == {}
    assert len(rows(client, inactive="include")) == 5


def test_a_new_result_replayed_changes_the_list(client, world,
                                                django_capture_on_commit_callbacks):
    before = rows(client)["Ben"]
    with django_capture_on_commit_callbacks(execute=True):
        play(world.club, world.ben, world.ann, world.ben, at(2026, 5, 1))
    after = rows(client)["Ben"]
    assert after["matches"] == before["matches"] + 1 and after["rating"] > before["rating"]


# --------------------------------------------------------------------------- the page


def test_the_page_follows_memberships_and_renames(client, world):
    assert "hilltop, riverside" in page(client)  # Fay
    world.fay.name = "Fayette"
    world.fay.save()
    MembershipFactory(club=world.other_club, player=world.ben)
    shown = page(client)
    assert "Fayette" in shown and shown.count("hilltop, riverside") == 2


def test_the_page_says_when_a_replay_is_pending(client, world):
    assert "A recompute is pending" not in page(client)
    Pool.objects.filter(federation=world.federation).update(
        recompute_from_at=at(2026, 3, 1), recompute_from_match=0)
    assert "A recompute is pending" in page(client)


def test_the_page_lists_an_official_list_once_published(client, world):
    assert "No official list published yet" in page(client)
    official_list_publish(federation=world.federation, period="2026-03")
    assert "No official list published yet" not in page(client)


def test_the_page_heading_follows_the_federation(client, world):
    assert "provisional below 10 experience" in page(client)
    Federation.objects.filter(pk=world.federation.pk).update(name="DBgF", start_rating=1000)
    shown = page(client)
    assert "DBgF" in shown and "everyone starts at 1000" in shown


# --------------------------------------------------------------------------- costs


def test_a_kept_answer_reads_the_federation_and_its_pool_only(client, world,
                                                              django_assert_num_queries):
    client.get(api_url())
    with django_assert_num_queries(2):  # the federation, its pool
        client.get(api_url())


def test_a_kept_page_reads_the_federation_its_pool_and_its_lists_version(
        client, world, django_assert_num_queries):
    page(client)
    with django_assert_num_queries(3):  # + the official lists' version
        page(client)


def _read_cost(client, url) -> int:
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_a_read_costs_the_same_queries_whatever_the_list_size(
        client, world, django_capture_on_commit_callbacks):
    """Read with nothing kept (the standings, the day's memberships, the names: no query a
    row)."""
    small = (_read_cost(client, api_url()), _read_cost(client, PAGE))
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(3):
            newcomer = MembershipFactory(club=world.club).player
            play(world.club, newcomer, world.ann, newcomer, at(2026, 5, 1))
    assert len(rows(client)) == 8
    assert (_read_cost(client, api_url()), _read_cost(client, PAGE)) == small


def test_after_a_replay_the_first_request_finds_the_list_read_by_the_worker(
        client, world, django_capture_on_commit_callbacks, django_assert_num_queries):
    rows(client)
    with django_capture_on_commit_callbacks(execute=True):  # the replay's task, eager
        play(world.club, world.ben, world.ann, world.ben, at(2026, 5, 1))
    with django_assert_num_queries(3):  # the federation, its pool, the page's names
        client.get(api_url())
