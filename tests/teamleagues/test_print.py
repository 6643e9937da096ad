"""The printed match card (issue 35 with 36): the fixture's "Print" link and
``GET /api/team-fixtures/<id>/print/`` answer the card's PDF behind the card's own gate,
and a line-up hidden on the page stays blank on the paper."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from printing.models import PrintPack
from teamleagues import services
from teamleagues.models import Fixture
from tests.printing.conftest import Pdf

from .conftest import lineup_of, win_all

pytestmark = pytest.mark.django_db


def first(w):
    return Fixture.objects.filter(league=w.league).order_by("round", "pk").first()


def api_get(user, fixture):
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api.get(reverse("team-fixture-print-api", args=[fixture.pk]))


def played(w):
    fixture = first(w)
    for team in (fixture.home, fixture.away):
        services.lineup_submit(fixture=fixture, team=team, players=lineup_of(w, team),
                               by=w.captains[team.pk])
    services.card_enter(fixture=fixture, boards=win_all(), by=w.captains[fixture.home_id])
    services.card_confirm(fixture=fixture, by=w.captains[fixture.away_id])
    return Fixture.objects.get(pk=fixture.pk)


def test_the_card_prints_teams_boards_players_results_and_both_captains(world):
    fixture = played(world)
    response = api_get(None, fixture)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    text = Pdf(response.content).text
    assert fixture.home.name in text and fixture.away.name in text
    for n, player in enumerate(fixture.home.squad.order_by("pk"), start=1):
        assert player.name in text
        assert str(n) in text
    assert text.index(fixture.home.squad.order_by("pk")[0].name) < text.index(
        fixture.home.squad.order_by("pk")[2].name)  # board 1 first
    assert "3–0" in text  # the card's score
    assert fixture.home.captain.name in text and fixture.away.captain.name in text
    assert f"Captain of {fixture.away.name}" in text


def test_the_page_links_its_print(client, world):
    fixture = first(world)
    page = client.get(reverse("teamleagues:card", args=[fixture.pk])).content.decode()
    assert reverse("printing:team-card", args=[fixture.pk]) in page
    response = client.get(reverse("printing:team-card", args=[fixture.pk]))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")


def test_a_line_up_hidden_on_the_page_is_blank_on_the_paper(client, world):
    w, fixture = world, first(world)
    home = fixture.home
    services.lineup_submit(fixture=fixture, team=home, players=lineup_of(w, home),
                           by=w.captains[home.pk])
    secret = home.squad.order_by("pk").first().name
    # The home captain sees their own line-up on the paper (the away one is not in: nothing
    # of it to hide) ...
    assert secret in Pdf(api_get(w.captains[home.pk], fixture).content).text
    # ... the away captain, a player of another club and an anonymous reader do not, as
    # on the page (the home captain's kept PDF is not theirs).
    stranger = w.admins[w.clubs[5].pk]
    for user in (w.captains[fixture.away_id], stranger, None):
        response = api_get(user, fixture)
        assert response.status_code == 200
        assert secret not in Pdf(response.content).text
        if user is not None:
            client.force_login(user)
        else:
            client.logout()
        assert secret not in client.get(reverse("teamleagues:card", args=[fixture.pk])
                                        ).content.decode()
        assert secret not in Pdf(client.get(reverse("printing:team-card", args=[fixture.pk])
                                            ).content).text


def test_the_captains_kept_pack_is_refused_to_another_reader(world):
    w, fixture = world, first(world)
    home = fixture.home
    services.lineup_submit(fixture=fixture, team=home, players=lineup_of(w, home),
                           by=w.captains[home.pk])
    assert api_get(w.captains[home.pk], fixture).status_code == 200
    pack = PrintPack.objects.get(subject__startswith=f"teamcard:{fixture.pk}:home+away:")
    api = APIClient()
    api.force_authenticate(w.captains[fixture.away_id])
    assert api.get(reverse("print-pack-pdf-api", args=[pack.pk])).status_code == 403
    api.force_authenticate(w.captains[home.pk])
    assert api.get(reverse("print-pack-pdf-api", args=[pack.pk])).status_code == 200


def test_an_unknown_fixture_is_refused_alike_by_page_and_print(client, world):
    missing = Fixture.objects.order_by("-pk").first().pk + 1000
    assert client.get(reverse("teamleagues:card", args=[missing])).status_code == 404
    assert client.get(reverse("printing:team-card", args=[missing])).status_code == 404
    assert api_get(None, Fixture(pk=missing)).status_code == 404
