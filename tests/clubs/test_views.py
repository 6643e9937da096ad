import pytest
from django.urls import reverse

from clubs.models import Membership
from clubs.views import MEMBERS_PER_PAGE
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def test_home_lists_clubs_in_constant_queries(client, django_assert_num_queries):
    for _ in range(5):
        club = ClubFactory()
        MembershipFactory.create_batch(3, club=club)
    # One query: member counts are annotated, not counted per club (N+1).
    with django_assert_num_queries(1):
        response = client.get(reverse("clubs:home"))
    assert response.status_code == 200
    assert response.content.decode().count("<tr>") == 6


def _rows(response) -> int:
    return response.content.decode().count("<tr>") - 1  # the header row


def test_club_page_costs_the_same_at_twelve_and_at_two_hundred_members(
        client, club, django_assert_num_queries):
    url = reverse("clubs:detail", args=[club.slug])
    MembershipFactory.create_batch(12, club=club)
    # Built: the club (with the visitor's roles), the pager's count, one page of members with
    # their players (select_related: no query per member).
    with django_assert_num_queries(3):
        assert _rows(client.get(url)) == 12
    MembershipFactory.create_batch(188, club=club)  # a membership: the club's stamp moves
    with django_assert_num_queries(3):
        response = client.get(url)
    assert _rows(response) == MEMBERS_PER_PAGE  # one page, not the 200 members
    assert "200 members" in response.content.decode()
    # Kept until a membership or a name changes: the club's query only.
    with django_assert_num_queries(1):
        assert client.get(url).content == response.content


def test_club_page_pages_and_searches_members(client, club):
    url = reverse("clubs:detail", args=[club.slug])
    for n in range(MEMBERS_PER_PAGE + 5):
        MembershipFactory(club=club, player=PlayerFactory(name=f"Member {n:03d}"))
    MembershipFactory(club=club, player=PlayerFactory(name="Zelda Zimmer"))
    last = client.get(url, {"page": 2})
    assert _rows(last) == 6 and "Zelda Zimmer" in last.content.decode()
    assert _rows(client.get(url, {"page": "garbage"})) == MEMBERS_PER_PAGE  # the first
    found = client.get(url, {"q": "zelda"}).content.decode()
    assert "Zelda Zimmer" in found and "Member 001" not in found
    assert "No member matches" in client.get(url, {"q": "nobody"}).content.decode()


def test_a_rename_or_a_role_change_shows_on_the_cached_club_page(client, club, bob):
    url = reverse("clubs:detail", args=[club.slug])
    assert "Bob" in client.get(url).content.decode()
    player = bob.player
    player.name = "Robert Renamed"
    player.save()
    assert "Robert Renamed" in client.get(url).content.decode()
    membership = club.memberships.get(player=player)
    membership.role = Membership.Role.REFEREE
    membership.save()
    assert "Referee" in client.get(url).content.decode()


def test_manage_page_shows_a_page_of_members_in_constant_queries(
        client, alice, club, django_assert_num_queries):
    url = reverse("clubs:manage", args=[club.slug])
    client.force_login(alice)
    MembershipFactory.create_batch(10, club=club)
    # session, user, club with roles, the pager's count, a page of members with players,
    # and whether the admin lacks two-factor sign-in (the notice in the frame).
    with django_assert_num_queries(6):
        assert "Add member" in client.get(url).content.decode()
    MembershipFactory.create_batch(120, club=club)
    with django_assert_num_queries(6):
        response = client.get(url)
    assert _rows(response) == MEMBERS_PER_PAGE
    # Kept per club stamp (the frame still asks about two-factor sign-in); each role form
    # carries this viewer's own CSRF token.
    with django_assert_num_queries(4):
        body = client.get(url).content.decode()
    assert "csrf-token-of-the-viewer" not in body
    assert body.count('name="csrfmiddlewaretoken"') == 2 * MEMBERS_PER_PAGE + 3


def test_admin_adds_a_member(client, alice, club):
    client.force_login(alice)
    response = client.post(reverse("clubs:manage", args=[club.slug]),
                           {"name": "Zed Zimmer", "email": "", "role": "player"})
    assert response.status_code == 302
    assert club.memberships.filter(player__name="Zed Zimmer", role="player").exists()


def test_duplicate_member_name_is_a_form_error(client, alice, bob, club):
    client.force_login(alice)
    response = client.post(reverse("clubs:manage", args=[club.slug]),
                           {"name": "bob", "role": "player"})
    assert response.status_code == 200
    assert "already has a member" in response.content.decode()
    assert club.memberships.filter(player__name__iexact="bob").count() == 1


def test_last_admin_cannot_be_removed(client, alice, club):
    membership = Membership.objects.get(player__user=alice)
    client.force_login(alice)
    client.post(reverse("clubs:membership-remove", args=[club.slug, membership.pk]))
    membership.refresh_from_db()
    assert membership.is_active


def test_login_page_and_logout(client, bob):
    assert client.get(reverse("account_login")).status_code == 200
    assert client.post(reverse("account_login"), {"login": "bob",
                                          "password": "correct horse battery"}).status_code == 302
    assert client.post(reverse("account_logout")).status_code == 302


def test_pages_use_no_cdn(client, club):
    html = client.get(reverse("clubs:home")).content.decode()
    assert "http://" not in html.replace("http://testserver", "") and "https://" not in html


def test_member_names_on_the_club_page_link_to_their_player_pages(client, club, bob):
    bob_player = bob.player
    client.force_login(bob)
    page = client.get(reverse("clubs:detail", args=[club.slug])).content.decode()
    player_url = reverse("clubs:player", args=[club.slug, bob_player.pk])
    assert f'<a href="{player_url}">{bob_player.name}</a>' in page


def test_an_anonymous_visitor_is_told_to_sign_in_instead_of_sent_to_a_login(client, club,
                                                                             bob):
    # Riverside keeps its results for members: no link that only leads to the login page.
    page = client.get(reverse("clubs:detail", args=[club.slug])).content.decode()
    assert reverse("clubs:ratings", args=[club.slug]) not in page
    assert reverse("clubs:player", args=[club.slug, bob.player.pk]) not in page
    assert "Sign in</a> to see the ratings" in page


def test_a_public_clubs_page_links_its_results_for_everyone(client, club, bob):
    from clubs.models import Club

    Club.objects.filter(pk=club.pk).update(results_public=True)
    page = client.get(reverse("clubs:detail", args=[club.slug])).content.decode()
    assert reverse("clubs:ratings", args=[club.slug]) in page
    assert reverse("clubs:player", args=[club.slug, bob.player.pk]) in page
    assert "Sign in</a> to see the ratings" not in page


def test_the_login_page_says_why_when_a_page_sent_the_visitor_there(client, club):
    sent = client.get(reverse("clubs:ratings", args=[club.slug]), follow=True)
    assert sent.redirect_chain and "Sign in to see that page" in sent.content.decode()
    chosen = client.get(reverse("account_login"), {"next": "/", "chosen": 1})
    assert "Sign in to see that page" not in chosen.content.decode()
    plain = client.get(reverse("account_login"))
    assert "Sign in to see that page" not in plain.content.decode()
