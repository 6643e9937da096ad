"""Members-only money and results, table-driven: every chouette and match-record page and
API endpoint x every persona -> the expected answer, and nothing of the club leaks to
another club's admin, a signed-in stranger or an anonymous visitor.

Personas: anonymous, ``stranger`` (signed in, no club), ``dave`` (admin of another club),
``bob`` (player here), ``carol`` (referee here), ``alice`` (admin here), ``root``
(superuser). ``ok`` means 200; ``login`` means a redirect to the login page.
"""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from chouette import services as chouette
from games.services.match_import import match_import
from games.services.rules_check import rules_check_run
from tests.factories import MembershipFactory, PlayerFactory, UserFactory, sample_bytes

pytestmark = pytest.mark.django_db

PERSONAS = ["anonymous", "stranger", "dave", "bob", "carol", "alice", "root"]
MEMBERS = {"bob", "carol", "alice", "root"}


@pytest.fixture
def world(club, alice, bob, carol, dave):
    dora = MembershipFactory(club=club, player=PlayerFactory(name="Dora Secret")).player
    players = [alice.player, bob.player, carol.player, dora]
    session = chouette.chouette_session_start(
        club=club, date=datetime.date(2026, 3, 6), stake=Decimal("2.00"), players=players)
    chouette.chouette_order_roll(session=session, rolls=dict(zip(
        (p.pk for p in players), (6, 5, 4, 3), strict=True)))
    chouette.chouette_game_start(session=session)
    chouette.chouette_result_record(session=session, winner="team", kind="single")
    record = match_import(club=club, data=sample_bytes("gnubg_roll_then_resign_1p.mat"))
    rules_check_run(check_id=record.rules_check.pk)
    return {"session": session, "record": record, "dora": dora}


def _client(client, request, persona):
    if persona == "stranger":
        client.force_login(UserFactory(username="stranger"))
    elif persona == "root":
        client.force_login(UserFactory(username="root", is_superuser=True, is_staff=True))
    elif persona != "anonymous":
        client.force_login(request.getfixturevalue(persona))
    return client


def _pages(world):
    s, r = world["session"], world["record"]
    slug = s.club.slug
    return {
        "chouette list": reverse("chouette:list", args=[slug]),
        "scoreboard": reverse("chouette:board", args=[slug, s.pk]),
        "scoreboard poll": reverse("chouette:state", args=[slug, s.pk]),
        "ledger csv": reverse("chouette:ledger-csv", args=[slug, s.pk]),
        "settlement": reverse("chouette:settlement", args=[slug]),
        "player record": reverse("chouette:record", args=[slug, world["dora"].pk]),
        "match list": reverse("games:match-list", args=[slug]),
        "match page": reverse("games:match-detail", args=[r.pk]),
        "match export": reverse("games:match-export", args=[r.pk]),
    }


def _api(world):
    s = world["session"]
    return {
        "api session": reverse("chouette-session-detail", args=[s.pk]),
        "api game": reverse("chouette-game-detail", args=[s.games.get().pk]),
        "api settlement": reverse("chouette-settlement-api", args=[s.club.slug]),
        "api match": reverse("match-record-detail", args=[world["record"].pk]),
    }


@pytest.mark.parametrize("persona", PERSONAS)
def test_money_and_results_pages_are_for_members_only(client, request, world, persona):
    client = _client(client, request, persona)
    for name, url in _pages(world).items():
        response = client.get(url)
        if persona in MEMBERS:
            assert response.status_code == 200, (name, persona)
        elif persona == "anonymous":
            assert response.status_code == 302 and "/accounts/login/" in response["Location"], \
                name
        else:
            assert response.status_code in (403, 404), (name, persona, response.status_code)
            assert b"Dora Secret" not in response.content


@pytest.mark.parametrize("persona", PERSONAS)
def test_money_and_results_api_is_for_members_only(client, request, world, persona):
    client = _client(client, request, persona)
    for name, url in _api(world).items():
        status = client.get(url).status_code
        if persona in MEMBERS:
            assert status == 200, (name, persona)
        else:
            assert status in (401, 403, 404), (name, persona, status)


@pytest.mark.parametrize("persona", ["stranger", "dave"])
def test_lists_never_include_another_clubs_rows(client, request, world, persona):
    client = _client(client, request, persona)
    for name in ("chouette-session-list", "chouette-game-list", "match-record-list"):
        body = client.get(reverse(name)).json()
        rows = body["results"] if isinstance(body, dict) else body
        assert rows == [], name


def test_public_results_open_match_records_but_never_money(client, world):
    club = world["session"].club
    club.results_public = True
    club.save()
    pages = _pages(world)
    assert client.get(pages["match page"]).status_code == 200
    assert client.get(pages["settlement"]).status_code == 302  # to the login page


@pytest.mark.parametrize("persona, allowed", [
    ("anonymous", False), ("stranger", False), ("dave", False), ("bob", False),
    ("carol", True), ("alice", True), ("root", True)])
def test_only_the_clubs_referees_and_admins_write_money(client, request, world, persona,
                                                        allowed):
    from chouette.models import ChouettePayment
    from chouette.selectors import settlement

    client = _client(client, request, persona)
    plan = settlement(club=world["session"].club)["plan"][0]
    response = client.post(reverse("chouette:mark-paid", args=[world["session"].club.slug]),
                           {"payer": plan["payer_id"], "payee": plan["payee_id"],
                            "amount": plan["amount"]})
    assert ChouettePayment.objects.exists() == allowed
    if not allowed:
        assert response.status_code in (302, 403) and (
            response.status_code == 403 or "/accounts/login/" in response["Location"])
