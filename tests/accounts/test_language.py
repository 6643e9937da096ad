"""Which language a page speaks: the login's choice, else the club's (on its pages), else
the browser's; ``<html lang>`` says which. Only a club's admins choose the club's."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import AccountPreference
from clubs.language import club_language
from clubs.models import Club

pytestmark = pytest.mark.django_db


def _lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


def test_a_visitor_gets_the_browsers_language_and_the_page_says_so(client, club):
    response = client.get(reverse("clubs:home"), HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9")
    assert _lang(response) == "de"
    assert response["Content-Language"] == "de"
    assert "Accept-Language" in response["Vary"]


def test_a_language_the_site_does_not_speak_falls_back_to_english(client, club):
    response = client.get(reverse("clubs:home"), HTTP_ACCEPT_LANGUAGE="xx,tlh;q=0.9")
    assert _lang(response) == "en"


def test_the_clubs_language_comes_before_the_browsers_on_its_own_pages(client, club):
    club.language = "it"
    club.save()
    assert _lang(client.get(club.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de")) == "it"
    # Elsewhere (the list of clubs) the browser decides.
    assert _lang(client.get(reverse("clubs:home"), HTTP_ACCEPT_LANGUAGE="de")) == "de"


def test_the_logins_choice_comes_before_the_clubs(client, club, bob):
    club.language = "it"
    club.save()
    AccountPreference.objects.create(user=bob, language="ja")
    client.force_login(bob)  # sign-in puts the choice into the session
    assert _lang(client.get(club.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de")) == "ja"


def test_a_member_chooses_a_language_on_the_account_page_and_can_drop_it(client, club, bob):
    client.force_login(bob)
    response = client.post(reverse("accounts:language"), {"language": "da"})
    assert response.status_code == 302
    assert AccountPreference.objects.get(user=bob).language == "da"
    assert _lang(client.get(reverse("clubs:home"), HTTP_ACCEPT_LANGUAGE="de")) == "da"
    client.post(reverse("accounts:language"), {"language": ""})
    assert AccountPreference.objects.get(user=bob).language == ""
    assert _lang(client.get(reverse("clubs:home"), HTTP_ACCEPT_LANGUAGE="de")) == "de"


def test_a_language_the_site_does_not_speak_is_refused_and_nothing_is_saved(client, bob):
    client.force_login(bob)
    response = client.post(reverse("accounts:language"), {"language": "tlh"}, follow=True)
    assert "Choose one of the site&#x27;s languages." in response.content.decode()
    assert not AccountPreference.objects.filter(user=bob).exists()


def test_choosing_a_language_needs_a_login(client):
    response = client.post(reverse("accounts:language"), {"language": "de"})
    assert response.status_code == 302 and "login" in response["Location"]
    assert not AccountPreference.objects.exists()


def test_the_clubs_admin_chooses_its_language(client, club, alice):
    client.force_login(alice)
    client.post(reverse("clubs:language", args=[club.slug]), {"language": "de"})
    club.refresh_from_db()
    assert club.language == "de"


def test_the_clubs_new_language_says_it_is_saved_in_that_language(client, club, alice):
    """The manage page it returns to speaks the club's new language: so does its notice."""
    client.force_login(alice)
    response = client.post(reverse("clubs:language", args=[club.slug]), {"language": "de"},
                           HTTP_ACCEPT_LANGUAGE="en", follow=True)
    page = response.content.decode()
    assert _lang(response) == "de"
    assert "Die Sprache des Clubs ist gespeichert." in page
    assert "The club's language is saved." not in page


@pytest.mark.parametrize("who", ["bob", "dave"])
def test_a_player_or_another_clubs_admin_cannot_choose_the_clubs_language(
        client, club, who, request):
    client.force_login(request.getfixturevalue(who))
    response = client.post(reverse("clubs:language", args=[club.slug]), {"language": "de"})
    assert response.status_code in (403, 404)
    assert Club.objects.get(pk=club.pk).language == ""


def test_a_page_asks_no_query_for_the_clubs_language(club):
    club.language = "de"
    club.save()
    with CaptureQueriesContext(connection) as queries:
        assert club_language(slug=club.slug) == "de"
    assert len(queries) == 0


@pytest.mark.parametrize("name", ["clubs:ratings", "clubs:detail"])
def test_a_page_kept_in_the_cache_is_kept_per_language(client, club, name):
    club.results_public = True
    club.save()
    url = reverse(name, args=[club.slug])
    for language in ("de", "it", "de"):
        assert _lang(client.get(url, HTTP_ACCEPT_LANGUAGE=language)) == language
