"""The tournament pages and refusals in the reader's language: the bracket and the standings
in German (the browser's language, or a member's own choice), a refusal of the services and
the API's ``detail`` in Italian; the machine-read values (data-*, <time datetime>, the JSON
poll) stay unlocalized."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import translation

from accounts.models import AccountPreference
from tests.factories import member
from tournaments import services
from tournaments.models import TournamentMatch
from tournaments.services import rounds
from tournaments.services.options import match_length

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _the_default_language_afterwards():
    """A request leaves its language active in the thread: the next tests (services called
    outside a request) speak the default again."""
    yield
    translation.deactivate()


def _url(tournament, name):
    return reverse(f"tournaments:{name}", kwargs={"slug": tournament.club.slug,
                                                  "pk": tournament.pk})


@pytest.fixture
def cup(club):
    """Five entrants in a single elimination: three byes in the first round."""
    tournament = services.tournament_create(club=club, name="Herbstpokal",
                                            starts_on=datetime.date(2026, 11, 27))
    for number in range(1, 6):
        services.entry_add(tournament=tournament, player=member(club, f"Spieler{number}"))
    services.tournament_start(tournament=tournament)
    return tournament


def _machine_values_are_plain(page: str) -> None:
    """Every data-* number and <time datetime> is as a machine reads it (no "12,5")."""
    numbers = re.findall(r'data-[a-z-]+="([0-9.,]+)"', page)
    assert numbers and all("," not in n for n in numbers)
    for value in re.findall(r'data-version="([^"]+)"', page):
        assert value.isdigit()


def test_the_bracket_in_german_for_a_german_browser(client, cup):
    page = client.get(_url(cup, "detail"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="de"' in page
    assert "Hauptfeld" in page and "Freilos" in page  # the flight, the byes
    assert "Finale des Hauptfelds" in page  # the round names, stored in English
    assert "Einfaches K.-o.-System" in page and "Läuft" in page  # format and status
    # The date in the German format; its machine-readable twin unchanged.
    assert "27. November 2026" in page and 'datetime="2026-11-27"' in page
    assert "Main flight" not in page and "Main final" not in page
    _machine_values_are_plain(page)
    poll = client.get(_url(cup, "state"), HTTP_ACCEPT_LANGUAGE="de").json()
    cup.refresh_from_db()
    assert poll == {"version": cup.version, "status": "running"}


def test_the_bracket_stays_english_for_an_english_browser(client, cup):
    page = client.get(_url(cup, "detail"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Main flight" in page and "Main final" in page and "Hauptfeld" not in page


def test_the_standings_in_german_for_a_member_who_chose_it(client, club, alice):
    players = [member(club, f"Schweizer{n}") for n in range(1, 7)]
    tournament = services.tournament_create(club=club, name="Schweizer Abend", format="swiss",
                                            starts_on=datetime.date(2026, 11, 28))
    for player in players:
        services.entry_add(tournament=tournament, player=player)
    services.tournament_start(tournament=tournament)
    preview = rounds.swiss_round_preview(tournament=tournament)
    rounds.swiss_round_publish(tournament=tournament, pairs=preview["pairs"])
    for match in tournament.matches.filter(status=TournamentMatch.Status.READY):
        services.match_result_enter(match=match, winner=match.player_a_id, score_a=7,
                                    score_b=3, by=alice)
    reader = players[0].user
    AccountPreference.objects.create(user=reader, language="de")
    client.force_login(reader)
    page = client.get(_url(tournament, "standings"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="de"' in page
    assert "Tabelle" in page and "Runde 1" in page and "Schweizer System" in page
    assert "Siege" in page and "Buchholz" in page  # the tie-break columns
    assert "gewinnt 7–3" in page  # a result in the rounds' list
    _machine_values_are_plain(page)


def test_a_refusal_of_the_services_in_italian(club, cup, alice):
    match = TournamentMatch.objects.filter(tournament=cup,
                                           status=TournamentMatch.Status.READY).first()
    with translation.override("it"), pytest.raises(services.TournamentError) as refused:
        services.match_result_enter(match=match, by=alice, winner=match.player_a_id,
                                    score_a=5, score_b=3)
    assert "non è un risultato finale" in str(refused.value)
    with translation.override("en"), pytest.raises(services.TournamentError) as refused:
        services.match_result_enter(match=match, by=alice, winner=match.player_a_id,
                                    score_a=5, score_b=3)
    assert "is not a finished result" in str(refused.value)


def test_a_refusal_of_the_formats_package_is_translated_at_the_boundary():
    """The formats package (no Django) marks its texts; the services translate them."""
    with translation.override("de"), pytest.raises(services.TournamentError) as refused:
        match_length(4, "Rangliste")
    assert "Rangliste: Matchlängen sind ungerade, von 1 bis 25 (nicht 4)." == str(refused.value)
    with translation.override("en"), pytest.raises(services.TournamentError) as refused:
        match_length(4, "ladder")
    assert "ladder: match lengths are odd, from 1 to 25 (not 4)." == str(refused.value)


def test_the_apis_detail_in_italian(client, cup, alice):
    match = TournamentMatch.objects.filter(tournament=cup,
                                           status=TournamentMatch.Status.READY).first()
    client.force_login(alice)
    response = client.post(reverse("tournament-match-enter-api", args=[match.pk]),
                           {"winner": match.player_a_id, "score_a": 5, "score_b": 3},
                           content_type="application/json", HTTP_ACCEPT_LANGUAGE="it")
    assert response.status_code == 400
    assert "non è un risultato finale" in response.json()["detail"]
    assert "winner" not in response.json().get("errors", {})  # field names stay English
