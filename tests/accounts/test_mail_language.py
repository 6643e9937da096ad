"""Every mail speaks its recipient's language: the login's choice, else the club's (for an
invitation, the inviting club's: the invitee may have no login yet), else the site's; never
the language of the request or the worker that happens to send it. The account pages speak
the reader's.

(The translations come from the assembled catalogues, ``locale/parts/*``.)"""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from accounts.models import AccountPreference, OutboundMail
from accounts.services.invitations import invitation_create
from accounts.services.language import recipient_language
from tests.factories import MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db
RESET = "/accounts/password/reset/"


def _choose(user, language: str) -> None:
    AccountPreference.objects.update_or_create(user=user, defaults={"language": language})


def test_the_language_is_the_logins_choice_else_the_clubs_else_the_sites(club, bob):
    assert recipient_language(user=bob, club=club) == "en"
    club.language = "da"
    club.save()
    assert recipient_language(user=bob, club=club) == "da"
    assert recipient_language(user=bob) == "da"  # no club given: the login's club's
    assert recipient_language(email="nobody@example.org", club=club) == "da"
    assert recipient_language(email="nobody@example.org") == "en"
    _choose(bob, "ja")
    assert recipient_language(user=bob, club=club) == "ja"
    bob.email = "bob@example.org"
    bob.save()
    assert recipient_language(email="BOB@example.org", club=club) == "ja"


def test_an_invitation_from_a_danish_club_is_danish(club):
    club.language = "da"
    club.save()
    with translation.override("de"):  # whatever the admin's page spoke
        invitation_create(club=club, email="erin@example.org", name="Erin")
    mail = OutboundMail.objects.get(kind="invitation")
    assert mail.subject == "Du er inviteret til Riverside Backgammon Club"
    assert "Hej Erin" in mail.body
    assert "Åbn dette link for at blive medlem" in mail.body


def test_an_invitation_to_an_address_whose_login_chose_german_is_german(club, other_club):
    club.language = "da"
    club.save()
    user = UserFactory(username="gerd", email="gerd@example.org")
    MembershipFactory(club=other_club, player=PlayerFactory(name="Gerd", user=user))
    _choose(user, "de")
    invitation_create(club=club, email="gerd@example.org", name="Gerd")
    mail = OutboundMail.objects.get(kind="invitation")
    assert mail.subject == "Sie sind zu Riverside Backgammon Club eingeladen"
    assert "Öffnen Sie diesen Link" in mail.body


def test_the_password_reset_mail_speaks_the_logins_language_not_the_browsers(client):
    user = UserFactory(username="kenji", email="kenji@example.org")
    _choose(user, "ja")
    client.post(RESET, {"email": "kenji@example.org"}, HTTP_ACCEPT_LANGUAGE="de")
    mail = OutboundMail.objects.get(kind="password_reset")
    assert "パスワードのリセット" in mail.subject
    assert "パスワードをリセットする依頼がありました" in mail.body
    assert "kenji さん" in mail.body


def test_an_english_reader_still_gets_english_mails(client):
    UserFactory(username="ann", email="ann@example.org")
    client.post(RESET, {"email": "ann@example.org"}, HTTP_ACCEPT_LANGUAGE="it")
    mail = OutboundMail.objects.get(kind="password_reset")
    assert "Reset your password" in mail.subject
    assert "Hello ann," in mail.body


def test_the_account_page_speaks_german(client, bob):
    _choose(bob, "de")
    client.force_login(bob)
    page = client.get(reverse("accounts:my-data")).content.decode()
    assert "Ihr Konto" in page
    assert "Meine Daten herunterladen" in page
    assert "Die Sprache des Clubs, sonst die Ihres Browsers" in page


def test_the_club_manage_page_and_outbox_speak_german_with_german_dates(client, club, alice):
    _choose(alice, "de")
    client.force_login(alice)
    page = client.get(reverse("clubs:manage", args=[club.slug])).content.decode()
    assert "Riverside Backgammon Club verwalten" in page
    assert "Ein Mitglied hinzufügen" in page
    assert "Clubadministrator" in page  # the role's choice label
    invitation_create(club=club, email="erin@example.org", name="Erin")
    page = client.get(reverse("accounts:club-outbox", args=[club.slug])).content.decode()
    assert "Postausgang" in page
    assert re.search(r">\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}<", page)  # d.m.Y H:i, not "j M"


def test_allauths_own_pages_come_in_its_own_translations(client):
    page = client.get(RESET, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Passwort zurücksetzen" in page
