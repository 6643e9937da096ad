"""An invitation belongs to its address (issue 25.2): a forwarded link makes nobody a
member. Signed in, only a login holding the address verified accepts; signed out, the link
makes the invitee's login, and never signs in the login that holds the address (issue 31)."""

import pytest
from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from django.urls import reverse

from accounts.models import Invitation
from accounts.services.invitations import invitation_create
from clubs.models import Membership
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
PETE = "pete@north.example"


@pytest.fixture
def sent(other_club, dave):
    """Hilltop's admin invites Pete, as an admin, at his own address."""
    return invitation_create(club=other_club, email=PETE, name="Pete", role="admin",
                             invited_by=dave)


def _page(sent) -> str:
    return reverse("accounts:invitation-accept", args=[sent.token])


def _api(sent) -> str:
    return reverse("invitation-accept-api", args=[sent.token])


def _nothing_tied(sent, other_club, user):
    assert not Membership.objects.filter(club=other_club, player__user=user).exists()
    assert Invitation.objects.get(pk=sent.invitation.pk).accepted_at is None


def test_a_forwarded_link_makes_another_clubs_member_nothing(client, sent, other_club, bob):
    client.force_login(bob)
    page = client.get(_page(sent))
    text = page.content.decode()
    assert page.status_code == 200
    assert PETE in text and "Sign out to accept it" in text
    assert reverse("account_logout") in text and "Accept the invitation" not in text
    pressed = client.post(_page(sent))
    assert pressed.status_code == 403 and PETE in pressed.content.decode()
    _nothing_tied(sent, other_club, bob)
    assert Membership.objects.get(player=bob.player).club.slug == "riverside"  # as before
    # Pete's link still works: he makes his login and is Hilltop's admin.
    client.logout()
    made = client.post(_page(sent), {"username": "pete", "password1": "a-long-Passphrase-42",
                                     "password2": "a-long-Passphrase-42"})
    assert made.status_code == 302
    membership = Membership.objects.get(club=other_club, player__user__username="pete")
    assert membership.role == "admin" and membership.is_active
    assert EmailAddress.objects.filter(user__username="pete", email=PETE,
                                       verified=True).exists()


def test_the_api_refuses_a_forwarded_link_with_403(client, sent, other_club, bob):
    client.force_login(bob)
    response = client.post(_api(sent), content_type="application/json")
    assert response.status_code == 403
    assert PETE in response.json()["detail"] and "sign out" in response.json()["detail"]
    _nothing_tied(sent, other_club, bob)


def test_an_unverified_copy_of_the_address_is_not_enough(client, sent, other_club, bob):
    EmailAddress.objects.create(user=bob, email=PETE, verified=False, primary=False)
    client.force_login(bob)
    assert client.post(_page(sent)).status_code == 403
    assert client.post(_api(sent)).status_code == 403
    _nothing_tied(sent, other_club, bob)


def test_the_login_holding_the_address_accepts_on_the_page(client, sent, other_club):
    pete = UserFactory(username="pete", email=PETE)  # its address confirmed
    client.force_login(pete)
    assert "Accept the invitation" in client.get(_page(sent)).content.decode()
    assert client.post(_page(sent)).status_code == 302
    assert Membership.objects.get(club=other_club, player__user=pete).role == "admin"


def test_the_login_holding_the_address_accepts_through_the_api(client, sent, other_club):
    pete = UserFactory(username="pete", email=PETE)
    client.force_login(pete)
    response = client.post(_api(sent), content_type="application/json")
    assert response.status_code == 200
    player = pete.player
    assert response.json() == {
        "club": {"slug": "hilltop", "name": other_club.name, "role": "admin"},
        "player": {"id": player.pk, "name": "Pete"}}
    again = client.post(_api(sent), content_type="application/json")
    assert again.status_code == 400 and "used already" in again.json()["detail"]


def test_signed_out_the_link_alone_signs_nobody_in_to_the_login_holding_the_address(
        client, sent, other_club):
    """A forwarded link must not let its reader into the addressee's login: its holder signs
    in (password, second factor if any), comes back to the link and accepts."""
    pete = UserFactory(username="pete", email=PETE)
    page = client.get(_page(sent)).content.decode()
    assert "sign in</a> as it, then accept" in page and "password1" not in page
    assert f"?next={_page(sent)}" in page
    response = client.post(_page(sent))
    assert response.status_code == 403
    assert client.get(reverse("me-api")).status_code in (401, 403)  # still signed out
    _nothing_tied(sent, other_club, pete)

    assert client.login(username="pete", password="correct horse battery")
    assert "Accept the invitation" in client.get(_page(sent)).content.decode()
    assert client.post(_page(sent)).status_code == 302
    assert Membership.objects.get(club=other_club, player__user=pete).role == "admin"


def test_signed_out_a_login_with_a_second_factor_signs_in_first_too(client, sent, other_club):
    pete = UserFactory(username="pete", email=PETE)
    Authenticator.objects.create(user=pete, type=Authenticator.Type.TOTP, data={})
    assert "sign in</a> as it, then accept" in client.get(_page(sent)).content.decode()
    assert client.post(_page(sent)).status_code == 403
    assert client.get(reverse("me-api")).status_code in (401, 403)  # still signed out
    _nothing_tied(sent, other_club, pete)


def test_the_sign_out_button_comes_back_to_the_link(client, sent, bob):
    client.force_login(bob)
    response = client.post(reverse("account_logout"), {"next": _page(sent)})
    assert response.status_code == 302 and response["Location"] == _page(sent)
    assert "Create my login and join" in client.get(_page(sent)).content.decode()


def test_the_invitee_s_new_login_takes_the_address_from_an_unverified_claim(
        client, sent, bob):
    EmailAddress.objects.create(user=bob, email=PETE, verified=False, primary=False)
    client.post(_page(sent), {"username": "pete", "password1": "a-long-Passphrase-42",
                              "password2": "a-long-Passphrase-42"})
    assert list(EmailAddress.objects.filter(email=PETE).values_list(
        "user__username", "verified")) == [("pete", True)]
