"""One language per person (issue 33, point 2), on every page, mail and notice: their own
choice, else their club's (the club of the page, else their home club), else the browser's.
Here Bob belongs to a German club and chose nothing; his browser asks for English."""

import re

import pytest
from django.urls import reverse

from accounts.models import AccountPreference, OutboundMail
from accounts.services.invitations import invitation_create
from accounts.services.language import HOME_CLUB_KEY, recipient_language
from live.models import LiveMatch
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en"}


def _lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


@pytest.fixture
def german(club):
    club.language = "de"
    club.save()
    return club


@pytest.fixture
def signed_in(client, german, bob):
    client.force_login(bob)
    return client


@pytest.mark.parametrize("page", ["accounts:my-data", "notifications:list", "clubs:home"])
def test_a_page_without_a_club_speaks_the_home_clubs_language(signed_in, page):
    assert _lang(signed_in.get(reverse(page), **ENGLISH)) == "de"


def test_the_live_board_speaks_its_clubs_language(signed_in, german, bob):
    ann = PlayerFactory(name="Ann")
    MembershipFactory(club=german, player=ann)
    match = LiveMatch.objects.create(club=german, player_a=bob.player, player_b=ann, length=1)
    response = signed_in.get(reverse("live:board", args=[match.pk]), **ENGLISH)
    assert response.status_code == 200 and _lang(response) == "de"
    # ...and its scripts' strings, asked by the page in the page's language.
    assert "/jsi18n/?lang=de" in response.content.decode()


def test_a_visitor_on_the_live_board_of_an_italian_club_reads_italian(client, club, bob):
    club.language = "it"
    club.save()
    ann = PlayerFactory(name="Ann")
    MembershipFactory(club=club, player=ann)
    match = LiveMatch.objects.create(club=club, player_a=bob.player, player_b=ann, length=1)
    client.force_login(bob)
    assert _lang(client.get(reverse("live:board", args=[match.pk]), **ENGLISH)) == "it"


def test_the_club_of_the_page_comes_before_the_home_club(signed_in, other_club):
    other_club.language = "it"
    other_club.save()
    assert _lang(signed_in.get(other_club.get_absolute_url(), **ENGLISH)) == "it"


def test_the_own_choice_comes_before_every_club(client, german, bob):
    AccountPreference.objects.create(user=bob, language="ja")
    client.force_login(bob)
    assert _lang(client.get(reverse("notifications:list"), **ENGLISH)) == "ja"
    assert _lang(client.get(german.get_absolute_url(), **ENGLISH)) == "ja"


def test_a_member_of_no_club_with_a_language_gets_the_browsers(client, bob):
    client.force_login(bob)
    assert _lang(client.get(reverse("notifications:list"), HTTP_ACCEPT_LANGUAGE="da")) == "da"


def test_a_session_from_before_learns_its_home_club_once(signed_in):
    session = signed_in.session
    del session[HOME_CLUB_KEY]
    session.save()
    assert _lang(signed_in.get(reverse("notifications:list"), **ENGLISH)) == "de"
    assert signed_in.session[HOME_CLUB_KEY] == "riverside"


def test_a_mail_for_a_club_without_a_language_speaks_the_home_clubs(german, other_club, bob):
    assert recipient_language(user=bob, club=other_club) == "de"
    other_club.language = "it"
    other_club.save()
    assert recipient_language(user=bob, club=other_club) == "it"


def test_the_german_invitation_opens_a_german_page(client, german):
    invitation_create(club=german, email="erin@example.org", name="Erin")
    mail = OutboundMail.objects.get(kind="invitation")
    link = re.search(r"https?://\S+/accounts/invitations/\S+/", mail.body).group(0)
    response = client.get(link, **ENGLISH)
    assert response.status_code == 200 and _lang(response) == "de"


def test_the_script_catalog_speaks_the_language_the_page_names(client):
    german = client.get("/jsi18n/?lang=de", **ENGLISH).content.decode()
    english = client.get("/jsi18n/", **ENGLISH).content.decode()
    unknown = client.get("/jsi18n/?lang=xx", **ENGLISH).content.decode()
    assert german != english and unknown == english
    assert client.get("/jsi18n/?lang=de", **ENGLISH)["Content-Language"] == "de"
