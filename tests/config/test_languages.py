"""The language list is written once (``settings.LANGUAGES``): the club's choices, the
account's choices and both services' checks read it through ``config.languages`` when they
are used, so a language added to the list is offered and accepted everywhere at once."""

import pytest
from django.test import override_settings
from django.urls import reverse

from accounts.forms import LanguageForm
from accounts.services.language import account_language_set
from clubs.services import club_language_set
from clubs.views import club_languages

OTHER = [("en", "English"), ("da", "Dansk"), ("fr", "Français")]


def _codes(choices) -> list[str]:
    return [code for code, _label in choices]


def test_the_club_and_the_account_offer_the_same_languages_as_the_settings():
    assert _codes(club_languages()) == _codes(LanguageForm().fields["language"].choices)
    with override_settings(LANGUAGES=OTHER):
        assert _codes(club_languages()) == ["", "en", "da", "fr"]
        assert _codes(LanguageForm().fields["language"].choices) == ["", "en", "da", "fr"]


@pytest.mark.django_db
def test_a_language_added_to_the_settings_is_accepted_by_both_services(club, alice):
    with override_settings(LANGUAGES=OTHER):
        assert club_language_set(club=club, language="fr").language == "fr"
        assert account_language_set(user=alice, language="fr").language == "fr"


@pytest.mark.django_db
def test_the_club_manage_page_offers_the_settings_languages(client, club, alice):
    client.force_login(alice)
    with override_settings(LANGUAGES=OTHER):
        html = client.get(reverse("clubs:manage", args=[club.slug])).content.decode()
    assert 'value="fr"' in html and 'value="ja"' not in html
