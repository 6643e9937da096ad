"""Starting a club (its founder becomes its admin; CLUB_CREATION says who may: the site's
superusers by default, its staff too, or anyone signed in as in ``make run``'s demo) and
asking to join one (its admins approve or refuse; the person is told)."""

import pytest
from django.urls import reverse

from accounts.models import JoinRequest
from accounts.services.clubs import (
    ClubSignupError,
    club_found,
    join_request_create,
    join_request_decide,
)
from clubs.models import Club, Membership, Player
from notifications.models import Notification
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_creation(settings):
    settings.CLUB_CREATION = "open"


def test_by_default_only_a_superuser_starts_a_club(client, settings):
    """Issue 31.6: whoever starts a club may invite any address in its name."""
    assert settings.CLUB_CREATION == "superuser"  # the default
    client.force_login(UserFactory(username="mallory", is_staff=True))
    assert client.get(reverse("accounts:club-new")).status_code == 403
    assert client.post(reverse("accounts:club-new"), {"name": "Mallory BG"}).status_code == 403
    assert "Start a club" not in client.get(reverse("clubs:home")).content.decode()
    with pytest.raises(ClubSignupError):
        club_found(user=UserFactory(), name="Mallory BG")
    assert not Club.objects.filter(name="Mallory BG").exists()
    client.force_login(UserFactory(username="root", is_superuser=True))
    assert "Start a club" in client.get(reverse("clubs:home")).content.decode()
    assert client.post(reverse("accounts:club-new"), {"name": "Root BG", "currency": "EUR"}
                       ).status_code == 302


def test_anyone_signed_in_starts_a_club_and_becomes_its_admin(client, open_creation):
    user = UserFactory(username="zoe")
    client.force_login(user)
    response = client.post(reverse("accounts:club-new"), {"name": "Harbour BG",
                                                          "city": "Kiel", "currency": "eur"})
    assert response.status_code == 302
    club = Club.objects.get(name="Harbour BG")
    assert club.currency == "EUR"
    membership = Membership.objects.get(club=club)
    assert membership.role == "admin" and membership.player.user == user
    assert client.get(reverse("clubs:manage", args=[club.slug])).status_code == 200


def test_a_club_called_new_does_not_hide_the_page(client, open_creation):
    club = club_found(user=UserFactory(), name="New")
    assert club.slug != "new" and client.get(club.get_absolute_url()).status_code == 200


def test_staff_only_creation_refuses_others(client, settings):
    settings.CLUB_CREATION = "staff"
    client.force_login(UserFactory())
    assert client.get(reverse("accounts:club-new")).status_code == 403
    assert client.post(reverse("accounts:club-new"), {"name": "X"}).status_code == 403
    assert not Club.objects.filter(name="X").exists()
    client.force_login(UserFactory(is_staff=True))
    assert client.post(reverse("accounts:club-new"), {"name": "X", "currency": "EUR"}
                       ).status_code == 302


@pytest.mark.parametrize("data", [{"name": ""}, {"name": "!!!"},
                                  {"name": "Riverside Backgammon Club"},
                                  {"name": "Ok", "currency": "EURO"}])
def test_bad_club_input_is_a_form_error(client, club, data, open_creation):
    client.force_login(UserFactory())
    count = Club.objects.count()
    assert client.post(reverse("accounts:club-new"), data).status_code == 400
    assert Club.objects.count() == count


def test_a_request_to_join_is_approved_and_the_person_told(
        club, alice, django_capture_on_commit_callbacks):
    club.join_requests_open = True
    club.save()
    user = UserFactory(username="yann")
    request = join_request_create(club=club, user=user, name="Yann Y", message="Hi")
    with pytest.raises(ClubSignupError, match="asked to join"):
        join_request_create(club=club, user=user)
    with django_capture_on_commit_callbacks(execute=True):  # told once it commits
        join_request_decide(request=request, approve=True, by=alice)
    player = Player.objects.get(user=user)
    assert player.name == "Yann Y"
    assert Membership.objects.get(club=club, player=player).role == "player"
    assert "approved" in Notification.objects.get(user=user).text
    with pytest.raises(ClubSignupError, match="answered already"):
        join_request_decide(request=request, approve=False, by=alice)


def test_a_refused_request_makes_no_member(club, alice, django_capture_on_commit_callbacks):
    club.join_requests_open = True
    club.save()
    user = UserFactory()
    with django_capture_on_commit_callbacks(execute=True):
        join_request_decide(request=join_request_create(club=club, user=user), approve=False,
                            by=alice)
    assert not Player.objects.filter(user=user).exists()
    assert "refused" in Notification.objects.get(user=user).text


def test_a_closed_club_takes_no_requests(client, club):
    client.force_login(UserFactory())
    client.post(reverse("accounts:club-join", args=[club.slug]), {"name": "Q"})
    assert not JoinRequest.objects.exists()


def test_only_admins_answer_requests(client, club, bob):
    club.join_requests_open = True
    club.save()
    request = join_request_create(club=club, user=UserFactory())
    client.force_login(bob)
    response = client.post(reverse("accounts:club-join-requests", args=[club.slug]),
                           {"action": "approve", "request": request.pk})
    assert response.status_code == 403
    assert JoinRequest.objects.get().status == "pending"


def test_the_admin_page_opens_the_door_and_approves(client, club, alice):
    client.force_login(alice)
    url = reverse("accounts:club-join-requests", args=[club.slug])
    client.post(url, {"action": "open"})
    club.refresh_from_db()
    assert club.join_requests_open
    request = join_request_create(club=club, user=UserFactory())
    client.post(url, {"action": "approve", "request": request.pk})
    assert JoinRequest.objects.get().status == "approved"
    assert client.post(url, {"action": "approve", "request": "abc"}).status_code == 404
    assert client.post(url, {"action": "dance"}).status_code == 400
