"""The live lobby at club scale: the start form names the players by a search field (a
datalist fed by the members search), not a select of every member; the search answers the
club's own members only, a few names at a time; a name typed without the page's script
starts the match too."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.services import membership_end
from live.models import LiveMatch
from live.views_lobby import SEARCH_LIMIT
from tests.factories import MembershipFactory, PlayerFactory, member

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _crowd(club, count: int, prefix: str = "Member"):
    return [MembershipFactory(club=club, player=PlayerFactory(name=f"{prefix} {i:03}")).player
            for i in range(count)]


def _lobby(user, club) -> str:
    return _client(user).get(reverse("live:club", args=[club.slug])).content.decode()


def _search(user, club, q: str):
    return _client(user).get(reverse("live:member-search", args=[club.slug]), {"q": q})


def test_a_large_club_s_lobby_sends_a_search_field_not_every_member(club, joe, snow):
    _crowd(club, 60)
    page = _lobby(joe.user, club)
    assert 'name="player_b_name"' in page and 'list="lobby-members"' in page
    assert '<select name="player_b"' not in page
    assert "Member 042" not in page  # the names come from the search, as one types
    assert page.count("<option") < 15  # the dice and the computer's levels only


def test_a_small_club_s_names_come_with_the_page_for_the_datalist(club, joe, snow):
    page = _lobby(joe.user, club)
    assert f'value="SnowWhite" data-id="{snow.pk}"' in page
    assert 'value="JoeBlack"' not in page  # not oneself


def test_the_lobby_reads_as_many_queries_for_500_members_as_for_5(club, joe):
    _crowd(club, 5, "Small")
    _lobby(joe.user, club)  # the session, the content types, the names: read once
    with CaptureQueriesContext(connection) as few:
        _lobby(joe.user, club)
    _crowd(club, 500)
    with CaptureQueriesContext(connection) as cold:
        _lobby(joe.user, club)
    with CaptureQueriesContext(connection) as many:
        page = _lobby(joe.user, club)
    assert len(many) == len(few), [q["sql"] for q in many.captured_queries]
    # The names are read again once the club changed (its stamp), 21 at most.
    assert len(cold) == len(few) + 1
    assert len(page) < 20_000


def test_the_small_club_s_names_are_read_again_when_a_member_joins(club, joe, snow):
    _lobby(joe.user, club)
    newcomer = member(club, "Newcomer")
    assert f'value="Newcomer" data-id="{newcomer.pk}"' in _lobby(joe.user, club)


def test_the_search_finds_the_club_s_active_members_by_part_of_the_name(club, joe, snow,
                                                                          other_club):
    left = member(club, "SnowdenLeft")
    membership_end(membership=left.memberships.get())
    member(other_club, "SnowyElsewhere")
    response = _search(joe.user, club, "snow")
    assert response.status_code == 200
    assert response.json()["results"] == [{"id": snow.pk, "name": "SnowWhite"}]


def test_the_search_answers_a_few_names_at_a_time(club, joe):
    _crowd(club, 60)
    results = _search(joe.user, club, "member").json()["results"]
    assert len(results) == SEARCH_LIMIT
    assert [r["name"] for r in results] == sorted(r["name"] for r in results)


def test_a_member_of_another_club_may_not_search_its_members(club, joe, dave):
    response = _search(dave, club, "joe")
    assert response.status_code in (403, 404)
    assert b"JoeBlack" not in response.content


def test_a_visitor_signed_out_is_sent_to_sign_in(club, joe):
    response = Client().get(reverse("live:member-search", args=[club.slug]), {"q": "joe"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_name_typed_without_the_script_starts_the_match(club, joe, snow):
    response = _client(joe.user).post(reverse("live:club", args=[club.slug]),
                                      {"player_b": "", "player_b_name": " snowwhite ",
                                       "length": 3, "dice": "manual"})
    match = LiveMatch.objects.get()
    assert response["Location"] == reverse("live:board", args=[match.pk])
    assert (match.player_a, match.player_b) == (joe, snow)


@pytest.mark.parametrize(("name", "says"), [("Nobody Here", "No member of the club"),
                                             ("Twin", "Several members are called")])
def test_a_name_that_is_no_one_or_several_is_refused_with_a_message(club, joe, name, says):
    member(club, "Twin")
    MembershipFactory(club=club, player=PlayerFactory(name="twin"))
    response = _client(joe.user).post(reverse("live:club", args=[club.slug]),
                                      {"player_b_name": name, "length": 3}, follow=True)
    assert says in response.content.decode()
    assert not LiveMatch.objects.exists()


def test_a_member_of_another_club_is_not_found_by_name(club, joe, other_club):
    member(other_club, "Stranger")
    response = _client(joe.user).post(reverse("live:club", args=[club.slug]),
                                      {"player_b_name": "Stranger", "length": 3}, follow=True)
    assert "No member of the club" in response.content.decode()
    assert not LiveMatch.objects.exists()


def test_an_id_beyond_the_column_names_no_one(club, joe):
    response = _client(joe.user).post(reverse("live:club", args=[club.slug]),
                                      {"player_b": "99999999999999999999", "length": 3},
                                      follow=True)
    assert response.status_code == 200 and "Choose the two players" in response.content.decode()
    assert not LiveMatch.objects.exists()
