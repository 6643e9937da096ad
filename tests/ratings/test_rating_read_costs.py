"""Head-to-head and the ratings API, kept per version of the club's ratings like the rating
pages: read and kept in the same queries whatever the number of matches, and a new result
shown once its recompute has run (tests/ratings/conftest.py's small club)."""

import datetime

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from results.models import FinishedMatch
from results.services import finished_match_record

pytestmark = pytest.mark.django_db


def _costs(client, url, **headers) -> tuple[int, int, bytes]:
    """Queries of the first request (an empty cache) and of the second (kept)."""
    cache.clear()
    counts = []
    for _ in range(2):
        with CaptureQueriesContext(connection) as captured:
            response = client.get(url, **headers)
        assert response.status_code == 200
        counts.append(len(captured))
    return counts[0], counts[1], response.content


def _more_meetings(w, count, django_capture_on_commit_callbacks):
    """``count`` more league matches of Cat against Ann, Cat winning (recomputed)."""
    for n in range(count):
        with django_capture_on_commit_callbacks(execute=True):
            finished_match_record(
                club=w.club, source=FinishedMatch.Source.LEAGUE, source_id=1000 + n,
                player_a=w.cat, player_b=w.ann, length=5, winner=w.cat, score_a=5,
                score_b=2, finished_at=datetime.datetime(2026, 5, 1, 20, n, tzinfo=datetime.UTC))


READS = [
    ("clubs:head-to-head", "cat", {"opponent": "ann"}, {}),
    ("rating-list-api", None, {}, {"HTTP_ACCEPT": "application/json"}),
    ("rating-history-api", "cat", {}, {"HTTP_ACCEPT": "application/json"}),
    ("head-to-head-api", "cat", {}, {"HTTP_ACCEPT": "application/json"}),
    ("standings-api", None, {}, {"HTTP_ACCEPT": "application/json"}),
]


def _url(w, name, player, params) -> str:
    args = [w.club.slug] + ([getattr(w, player).pk] if player else [])
    query = "&".join(f"{key}={getattr(w, value).pk}" for key, value in params.items())
    return reverse(name, args=args) + (f"?{query}" if query else "")


@pytest.mark.parametrize(("name", "player", "params", "headers"), READS)
def test_a_ratings_read_costs_the_same_with_more_matches_and_is_kept(
        client, bob, small_club, django_capture_on_commit_callbacks, name, player, params,
        headers):
    w = small_club
    client.force_login(bob)
    url = _url(w, name, player, params)
    read_few, kept_few, _ = _costs(client, url, **headers)
    _more_meetings(w, 12, django_capture_on_commit_callbacks)
    read_more, kept_more, body = _costs(client, url, **headers)
    # Read: the selectors' grouped reads (never one per match or opponent: the N+1 of a lazy
    # match.player_a); kept: the session, the user, the club with roles, the player, the
    # version's small reads.
    assert read_few == read_more and kept_few == kept_more
    assert kept_more < read_more and kept_more <= 5


def test_a_new_result_shows_on_the_kept_head_to_head_after_its_recompute(
        client, small_club, django_capture_on_commit_callbacks):
    w = small_club
    w.club.results_public = True
    w.club.save()
    url = _url(w, "clubs:head-to-head", "cat", {"opponent": "ann"})
    before = client.get(url).context["meetings"].matches
    client.get(url)  # kept
    _more_meetings(w, 1, django_capture_on_commit_callbacks)
    assert client.get(url).context["meetings"].matches == before + 1
