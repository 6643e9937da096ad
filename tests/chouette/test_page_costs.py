"""What the chouette list and a player's record cost: queries and rows read from the
database, pinned. Measured on a club with 300 evenings the record read every game of the
club (0.3 s) and the list rendered every session (76 KiB): both now follow the page or the
player, not the club's history.

"Rows read" re-runs each SELECT the page made and counts what it returns.
"""

import datetime
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from chouette import services
from chouette.models import ChouetteSession
from chouette.views import SESSIONS_PER_PAGE
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def _rows_read(queries) -> int:
    total = 0
    with connection.cursor() as cursor:
        for query in queries:
            if query["sql"].lstrip().upper().startswith("SELECT"):
                cursor.execute(query["sql"])
                total += len(cursor.fetchall())
    return total


def _cost(client, url, **params):
    """The page built (an empty cache: pages are kept per version of the club's chouette)."""
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, params)
    assert response.status_code == 200
    return response, len(captured), _rows_read(captured.captured_queries)


# --------------------------------------------------------------------------- the list


def _sessions(club, count, *, start=datetime.date(2025, 1, 1)):
    ChouetteSession.objects.bulk_create(
        ChouetteSession(club=club, date=start + datetime.timedelta(days=7 * n),
                        stake=Decimal("1.00"), currency=club.currency) for n in range(count))


def test_the_session_list_shows_one_page_at_a_time(client, club, alice):
    _sessions(club, SESSIONS_PER_PAGE + 5)
    client.force_login(alice)
    url = reverse("chouette:list", kwargs={"slug": club.slug})
    first = client.get(url)
    assert len(first.context["sessions"]) == SESSIONS_PER_PAGE
    body = first.content.decode()
    assert 'href="?page=2"' in body and "page 1 of 2" in body
    second = client.get(url, {"page": 2})
    assert len(second.context["sessions"]) == 5
    assert 'href="?page=1"' in second.content.decode()
    newest = ChouetteSession.objects.order_by("-date").first()
    assert first.context["sessions"][0].pk == newest.pk  # newest first
    # Out of range or not a number: the last or the first page, never an error.
    assert client.get(url, {"page": 99}).context["page"].number == 2
    assert client.get(url, {"page": "x"}).context["page"].number == 1


def test_a_short_list_has_no_page_links(client, club, alice):
    _sessions(club, 3)
    client.force_login(alice)
    response = client.get(reverse("chouette:list", kwargs={"slug": club.slug}))
    assert 'data-testid="pager"' not in response.content.decode()


def test_the_session_list_cost_does_not_grow_with_the_clubs_sessions(client, club, alice):
    client.force_login(alice)
    url = reverse("chouette:list", kwargs={"slug": club.slug})
    _sessions(club, 40)
    client.get(url)
    small = _cost(client, url)
    _sessions(club, 260, start=datetime.date(2010, 1, 1))
    large = _cost(client, url)
    # auth session, user, club with roles, the chouette version, the count for the pager,
    # one page of sessions (game and player counts in subqueries: without them each row
    # would add two queries), the club's language (the cache is empty).
    assert small[1] == large[1] == 7
    assert small[2] == large[2]  # a page of rows plus a handful, whatever the club's size
    assert large[2] <= SESSIONS_PER_PAGE + 6
    # The same page, not a longer one (only the counts in the pager's text differ).
    assert abs(len(large[0].content) - len(small[0].content)) < 20
    assert len(large[0].content) < 40_000


# --------------------------------------------------------------------------- the record


def _evening(club, players, day, games=3):
    session = services.chouette_session_start(club=club, date=datetime.date(2026, 1, day),
                                              stake=Decimal("1.00"), players=players)
    services.chouette_order_roll(session=session, rolls={
        p.pk: 6 - i for i, p in enumerate(players)})
    for _ in range(games):
        services.chouette_game_start(session=session)
        services.chouette_result_record(session=session, winner="box", kind="single")
    return session


def test_the_record_cost_follows_the_players_own_games(client, club, alice, bob):
    others = [MembershipFactory(club=club, player=PlayerFactory(name=n)).player
              for n in ("Dora", "Eve", "Fred")]
    _evening(club, [alice.player, bob.player, others[0]], day=5)
    client.force_login(alice)
    url = reverse("chouette:record", kwargs={"slug": club.slug, "player_id": bob.player.pk})
    client.get(url)
    before = _cost(client, url)
    # Evenings Bob did not play: the club's history grows, Bob's record costs the same.
    for day in range(6, 12):
        _evening(club, others, day=day, games=4)
    after = _cost(client, url)
    # auth session, user, club with roles, the player, the chouette version, the roles per
    # evening (one grouped query), the money per evening (one grouped query): never a query
    # per game or evening. And the club's language (the cache is empty).
    assert before[1] == after[1] == 8
    assert before[2] == after[2]
    assert len(after[0].context["rows"]) == 1
    # Bob's own games do add rows: one per evening he played.
    _evening(club, [bob.player, others[1], others[2]], day=20)
    more = _cost(client, url)
    assert more[1] == 8 and len(more[0].context["rows"]) == 2
    assert more[2] == before[2] + 2  # one more evening in each of the two grouped reads
