"""The new-tournament page sets the round-based formats' settings (Swiss rounds, MoreSwiss
losses out, byes, late entries' half points, the tie-break order, single or double round
robin, groups and their qualifiers); each fieldset says which formats read it; errors show
on the form and nothing is saved; the knockout part keeps working."""

import pytest
from django.urls import reverse

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

BASE = {"name": "Thursday Swiss", "starts_on": "2026-12-03", "main_length": 5,
        "consolation_length": 5, "last_chance_length": 3, "crawford": "on", "reset": "on"}


def _post(client, alice, club, **fields):
    client.force_login(alice)
    return client.post(reverse("tournaments:new", args=[club.slug]), {**BASE, **fields})


def test_a_swiss_with_its_rounds_byes_late_entries_and_tie_breaks(client, alice, club):
    response = _post(client, alice, club, format="swiss", rounds=4, late_half_points="on",
                     tiebreaks="wins, Buchholz, head-to-head, seed", walkovers_count="on",
                     losses_out=5, groups=3)
    assert response.status_code == 302
    settings = Tournament.objects.get().options["format_settings"]
    assert settings == {"rounds": 4, "bye_is_win": False, "late_half_points": True,
                        "walkovers_count": True,
                        "tiebreaks": ["wins", "buchholz", "head_to_head", "seed"]}


def test_a_swiss_left_open_keeps_the_defaults(client, alice, club):
    _post(client, alice, club, format="swiss", bye_is_win="on", walkovers_count="on")
    settings = Tournament.objects.get().options["format_settings"]
    assert settings["rounds"] is None and settings["bye_is_win"] is True
    assert settings["tiebreaks"][:2] == ["wins", "buchholz"]


def test_a_moreswiss_with_its_losses_out(client, alice, club):
    _post(client, alice, club, format="moreswiss", losses_out=2, bye_is_win="on", rounds=9)
    settings = Tournament.objects.get().options["format_settings"]
    assert settings["losses_out"] == 2 and "rounds" not in settings
    assert settings["tiebreaks"][0] == "losses"


def test_a_double_round_robin(client, alice, club):
    _post(client, alice, club, format="round_robin", cycles=2, walkovers_count="on")
    assert Tournament.objects.get().options["format_settings"]["cycles"] == 2


def test_groups_with_how_many_and_the_top_k_into_the_knockout(client, alice, club):
    _post(client, alice, club, format="groups", groups=3, qualifiers=1, cycles=1,
          final_length=9)
    tournament = Tournament.objects.get()
    settings = tournament.options["format_settings"]
    assert (settings["groups"], settings["qualifiers"], settings["cycles"]) == (3, 1, 1)
    assert tournament.options["round_lengths"] == {"main": {"final": 9}}


def test_a_knockout_stores_no_format_settings(client, alice, club):
    _post(client, alice, club, format="single_elimination", rounds=4, tiebreaks="nonsense")
    assert Tournament.objects.get().options["format_settings"] == {}


@pytest.mark.parametrize(("fields", "words"), [
    ({"format": "swiss", "tiebreaks": "wins, coin toss"}, "Unknown tie-break"),
    ({"format": "swiss", "tiebreaks": "wins, wins"}, "listed twice"),
    ({"format": "moreswiss", "losses_out": 0}, "greater than or equal to 1"),
    ({"format": "groups", "groups": 27}, "less than or equal to 26"),
    ({"format": "swiss", "main_length": 6}, "odd"),
])
def test_a_bad_setting_is_shown_on_the_form_and_nothing_is_saved(client, alice, club, fields,
                                                                 words):
    response = _post(client, alice, club, **fields)
    assert response.status_code == 400 and words in response.content.decode()
    assert not Tournament.objects.exists()


def test_another_format_s_bad_value_does_not_stop_the_chosen_one(client, alice, club):
    response = _post(client, alice, club, format="round_robin", losses_out="x",
                     consolation_length="")
    assert response.status_code == 302 and Tournament.objects.get().format == "round_robin"


def test_the_page_groups_the_settings_by_format_and_shows_the_suggested_rounds(
        client, alice, club):
    client.force_login(alice)
    page = client.get(reverse("tournaments:new", args=[club.slug])).content.decode()
    assert 'data-formats="moreswiss swiss"' in page  # the Swiss fieldset
    assert 'data-formats="groups round_robin"' in page
    assert "ceil(log2 N)" in page and "16: 4" in page and "32: 5" in page
    assert 'name="losses_out"' in page and 'value="3"' in page


def test_only_the_club_s_admins_open_the_page(client, club, bob, dave):
    for user in (bob, dave):
        client.force_login(user)
        assert client.get(reverse("tournaments:new", args=[club.slug])).status_code == 403
