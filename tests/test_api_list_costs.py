"""What the API's lists cost at two sizes, read and then kept per version of what they show
(``ops.pagecache.CachedListMixin``, ``cached_answer``): the same queries for a small club
as for a bigger one when read (an N+1 over rows would grow), a handful once kept (the
session, the user, the version), and what lands shown at once.

Each list is measured read (an empty cache) and kept (the same request again)."""

import datetime
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from chouette import services as chouette
from chouette.models import ChouetteSession
from games.models import MatchRecord
from games.services.match_import import match_import
from tests.factories import MembershipFactory, PlayerFactory, members, sample_bytes
from tournaments import services as tournaments
from tournaments.services import ladder as ladders
from tournaments.services import league as leagues

pytestmark = pytest.mark.django_db


def _costs(client, url) -> tuple[int, int, dict]:
    cache.clear()
    counts = []
    for _ in range(2):
        with CaptureQueriesContext(connection) as captured:
            response = client.get(url, HTTP_ACCEPT="application/json")
        assert response.status_code == 200, response.content[:300]
        counts.append(len(captured))
    return counts[0], counts[1], response.json()


def _same_at_two_sizes(client, url, grow) -> tuple[int, dict]:
    """The read costs the same before and after ``grow()``; returns the kept count."""
    read_small, kept_small, _ = _costs(client, url)
    grow()
    read_large, kept_large, body = _costs(client, url)
    assert read_small == read_large
    assert kept_small == kept_large
    return kept_large, body


def test_the_clubs_and_players_lists(client, bob, club):
    client.force_login(bob)

    def more_members():
        MembershipFactory.create_batch(30, club=club)

    # Kept until a club, a player or a membership changes: the session and the user only.
    assert _same_at_two_sizes(client, "/api/clubs/", more_members)[0] == 2
    kept, body = _same_at_two_sizes(client, f"/api/players/?club={club.slug}", more_members)
    assert kept == 2 and body["count"] > 30
    # A new member shows at once (the site's stamp moved).
    MembershipFactory(club=club, player=PlayerFactory(name="Newcomer Nils"))
    names, url = [], f"/api/players/?club={club.slug}"
    while url:  # every page: where the name falls depends on the factory's random names
        page = client.get(url, HTTP_ACCEPT="application/json").json()
        names += [p["name"] for p in page["results"]]
        url = page["next"]
    assert "Newcomer Nils" in names


def _evenings(club, count, start):
    ChouetteSession.objects.bulk_create(
        ChouetteSession(club=club, date=start + datetime.timedelta(days=7 * n),
                        stake=Decimal("1.00"), currency=club.currency) for n in range(count))


def test_the_chouette_sessions_games_and_settlement(client, alice, bob, club):
    client.force_login(bob)
    _evenings(club, 3, datetime.date(2025, 1, 1))
    # Kept: session, user, the viewer's clubs, their chouette versions.
    kept, _ = _same_at_two_sizes(client, "/api/chouette/sessions/", lambda: _evenings(
        club, 40, datetime.date(2020, 1, 1)))
    assert kept == 4
    assert _same_at_two_sizes(client, "/api/chouette/games/", lambda: None)[0] == 4
    url = reverse("chouette-settlement-api", args=[club.slug])
    assert _costs(client, url)[1] == 4  # session, user, the club with roles, the version
    # An evening played shows at once in the kept lists.
    players = [alice.player, bob.player,
               MembershipFactory(club=club, player=PlayerFactory(name="Cat")).player]
    session = chouette.chouette_session_start(club=club, date=datetime.date(2026, 3, 6),
                                              stake=Decimal("1"), players=players)
    chouette.chouette_order_roll(session=session, rolls={p.pk: 6 - i
                                                         for i, p in enumerate(players)})
    chouette.chouette_game_start(session=session)
    chouette.chouette_result_record(session=session, winner="box", kind="single")
    games = client.get("/api/chouette/games/", HTTP_ACCEPT="application/json").json()
    assert games["count"] == 1
    balances = client.get(url, HTTP_ACCEPT="application/json").json()["balances"]
    assert len(balances) == 3


def test_the_match_records_list(client, bob, club):
    client.force_login(bob)
    first = match_import(club=club, data=sample_bytes("gnubg_roll_then_resign_1p.mat"))

    def copies():
        MatchRecord.objects.bulk_create([MatchRecord(
            club=club, player_left=first.player_left, player_right=first.player_right,
            name_left="a", name_right="b", match_length=1, source_text="",
            source_sha256=f"copy-{n}") for n in range(30)])

    # Kept: session, user, the records' version.
    kept, body = _same_at_two_sizes(client, "/api/matches/", copies)
    assert kept == 3 and body["count"] == 31
    match_import(club=club, data=sample_bytes("gnubg_selfplay_drops_7p.mat"))
    assert client.get("/api/matches/", HTTP_ACCEPT="application/json").json()["count"] == 32


def test_the_tournament_lists_and_event_reads(client, bob, club):
    client.force_login(bob)

    def event(count, start, fmt="round_robin"):
        tournament = tournaments.tournament_create(
            club=club, name=f"RR {start}", format=fmt, starts_on=datetime.date(2026, 11, 28))
        for player in members(club, count, start=start):
            tournaments.entry_add(tournament=tournament, player=player)
        return tournaments.tournament_start(tournament=tournament)

    event(4, 1)
    # Kept: session, user, the events' version.
    assert _same_at_two_sizes(client, "/api/tournaments/", lambda: event(6, 100))[0] == 3
    small, large = event(4, 200), event(10, 300)
    read_small, kept_small, _ = _costs(client, f"/api/tournaments/{small.pk}/standings/")
    read_large, kept_large, _ = _costs(client, f"/api/tournaments/{large.pk}/standings/")
    assert read_small == read_large and kept_small == kept_large == 3  # + the event

    ladder = ladders.ladder_create(club=club, name="Ladder")
    for player in members(club, 5, start=400):
        ladders.ladder_join(ladder=ladder, player=player)
    assert _costs(client, f"/api/ladders/{ladder.pk}/")[1] == 3
    newcomer = members(club, 1, start=500)[0]
    ladders.ladder_join(ladder=ladder, player=newcomer)
    rungs = client.get(f"/api/ladders/{ladder.pk}/", HTTP_ACCEPT="application/json").json()
    assert rungs["rungs"][-1]["player"] == newcomer.name

    players = members(club, 4, start=600)
    season = leagues.season_start(season=leagues.season_create(
        club=club, name="2026", starts_on=datetime.date(2026, 1, 5),
        ends_on=datetime.date(2026, 12, 30), divisions=[[p.pk for p in players]], length=5))
    assert _costs(client, f"/api/leagues/{season.pk}/")[1] == 3


def test_the_browsable_api_still_renders_a_kept_list(client, bob, club):
    client.force_login(bob)
    client.get("/api/tournaments/", HTTP_ACCEPT="application/json")
    page = client.get("/api/tournaments/", HTTP_ACCEPT="text/html")
    assert page.status_code == 200 and b"Django REST framework" in page.content
