"""What the event pages cost at two sizes, built and then kept per version of the event
(``ops.pagecache``): the same queries for 8 entrants as for 32, a handful once kept, and
what lands (a result, a join) shown at once.

Each page is measured built (an empty cache: the selectors' queries, where an N+1 over
matches, players or fixtures would show as a count growing with the size) and kept (a second
request: the gate, the event and the viewer's part only)."""

import datetime

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import members
from tournaments import services
from tournaments.models import TournamentMatch
from tournaments.services import ladder as ladders
from tournaments.services import league as leagues

pytestmark = pytest.mark.django_db
MatchStatus = TournamentMatch.Status


def _url(obj, name):
    return reverse(f"tournaments:{name}", kwargs={"slug": obj.club.slug, "pk": obj.pk})


def _queries(client, url) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured), response.content.decode()


def _built_and_kept(client, url) -> tuple[int, int, str]:
    cache.clear()
    built, _ = _queries(client, url)
    kept, body = _queries(client, url)
    return built, kept, body


def _knockout(club, count, start):
    tournament = services.tournament_create(club=club, name=f"KO {count}",
                                            starts_on=datetime.date(2026, 11, 27))
    players = members(club, count, start=start)
    for player in players:
        services.entry_add(tournament=tournament, player=player)
    return services.tournament_start(tournament=tournament), players


def test_a_tournament_page_costs_the_same_at_8_and_32_entrants(client, club):
    small, _ = _knockout(club, 8, start=1)
    large, players = _knockout(club, 32, start=100)
    client.get(_url(small, "detail"))  # nothing asked once per visitor stays in the count
    # Built: the club, the event, its matches with rounds and players (one list for the
    # bracket, the day and the placings: the N+1 of a lazy match.player_a), the placings, the
    # open reports, and the club's language (from an empty cache), then whether its matches
    # will be rated (the club list's settings and its federations: issue 34; the club's
    # narrowing is read only when it has a federation); kept: the club and the event.
    assert _built_and_kept(client, _url(small, "detail"))[:2] == \
        _built_and_kept(client, _url(large, "detail"))[:2] == (8, 2)
    # A signed-in member who does not play: the same page as everyone's; one who plays,
    # their own (the report form of their next match).
    outsider = members(club, 1, start=900)[0]
    client.force_login(outsider.user)
    built, kept, body = _built_and_kept(client, _url(large, "detail"))
    assert (built, kept) == (11, 5)  # + session, user, the viewer's part
    assert "My next match" not in body
    client.force_login(players[0].user)
    assert "My next match" in client.get(_url(large, "detail")).content.decode()


def test_a_result_shows_at_once_on_the_kept_tournament_page(client, club):
    tournament, _ = _knockout(club, 8, start=1)
    url = _url(tournament, "detail")
    client.get(url)
    match = tournament.matches.filter(status=MatchStatus.READY).order_by("pk").first()
    services.match_result_enter(match=match, by=None, winner=match.player_a_id, score_a=7,
                                score_b=3)
    assert '<span class="score">7</span>' in client.get(url).content.decode()


def _swiss(club, count, start):
    tournament = services.tournament_create(club=club, name=f"RR {count}",
                                            format="round_robin",
                                            starts_on=datetime.date(2026, 11, 28))
    for player in members(club, count, start=start):
        services.entry_add(tournament=tournament, player=player)
    return services.tournament_start(tournament=tournament)


def test_the_standings_page_costs_the_same_at_4_and_12_players(client, club):
    small, large = _swiss(club, 4, start=1), _swiss(club, 12, start=100)
    # Built: the club, the event, then the standings' reads (entries, matches, rounds) and
    # the crosstable's, never one per player or match; kept: the club and the event.
    built_small, kept_small, _ = _built_and_kept(client, _url(small, "standings"))
    built_large, kept_large, _ = _built_and_kept(client, _url(large, "standings"))
    assert built_small == built_large
    assert kept_small == kept_large == 2


def _ladder(club, count, start):
    ladder = ladders.ladder_create(club=club, name=f"Ladder {count}")
    players = members(club, count, start=start)
    for player in players:
        ladders.ladder_join(ladder=ladder, player=player)
    order = list(ladder.rungs.order_by("position").values_list("player_id", flat=True))
    decided = ladders.challenge_issue(ladder=ladder, by=None, challenger=order[2],
                                      challenged=order[1])
    ladders.challenge_enter(challenge=decided, by=None, winner=order[2], score_challenger=7,
                            score_challenged=4)
    return ladder, players


def test_a_ladder_page_costs_the_same_at_4_and_30_players(client, club, bob):
    small, _ = _ladder(club, 4, start=1)
    large, players = _ladder(club, 30, start=100)
    # Built: the club, the ladder, the rungs with players, the challenges with players (the
    # N+1 of a lazy rung.player or challenge.challenger); kept: the club and the ladder.
    built_small, kept_small, _ = _built_and_kept(client, _url(small, "ladder"))
    built_large, kept_large, _ = _built_and_kept(client, _url(large, "ladder"))
    assert built_small == built_large and kept_small == kept_large == 2
    # Bob is not on it: he may join; a player on it may challenge those above.
    client.force_login(bob)
    assert "Join at the bottom" in client.get(_url(large, "ladder")).content.decode()
    client.force_login(players[-1].user)
    body = client.get(_url(large, "ladder")).content.decode()
    assert "Join at the bottom" not in body and ">Challenge<" in body


def test_a_join_shows_at_once_on_the_kept_ladder_page(client, club):
    ladder, _ = _ladder(club, 4, start=1)
    client.get(_url(ladder, "ladder"))
    newcomer = members(club, 1, start=50)[0]
    ladders.ladder_join(ladder=ladder, player=newcomer)
    assert newcomer.name in client.get(_url(ladder, "ladder")).content.decode()


def _league(club, per_division, start):
    players = members(club, 2 * per_division, start=start)
    season = leagues.season_create(
        club=club, name=f"League {per_division}", starts_on=datetime.date(2026, 1, 5),
        ends_on=datetime.date(2026, 12, 30),
        divisions=[[p.pk for p in players[:per_division]],
                   [p.pk for p in players[per_division:]]], length=5)
    return leagues.season_start(season=season), players


def test_a_league_page_costs_the_same_at_3_and_10_players_a_division(client, club):
    small, _ = _league(club, 3, start=1)
    large, players = _league(club, 10, start=100)
    # Built: the club, the season, its divisions' members and fixtures with players (the
    # N+1 of a lazy fixture.player_a); kept: the club and the season.
    built_small, kept_small, _ = _built_and_kept(client, _url(small, "league"))
    built_large, kept_large, _ = _built_and_kept(client, _url(large, "league"))
    assert built_small == built_large and kept_small == kept_large == 2
    fixture = large.divisions.order_by("number").first().fixtures.order_by("pk").first()
    leagues.fixture_enter(fixture=fixture, by=None, winner=fixture.player_a_id, score_a=5,
                          score_b=2)
    assert "wins 5–2" in client.get(_url(large, "league")).content.decode()


def test_my_tournaments_is_kept_until_an_event_moves(client, club):
    tournament, players = _knockout(club, 8, start=1)
    url = reverse("tournaments:mine", args=[club.slug])
    client.force_login(players[0].user)
    # Kept: session, user, the club with the roles, the club's events' version.
    built, kept, body = _built_and_kept(client, url)
    assert kept == 4 and tournament.name in body
    match = tournament.matches.filter(status=MatchStatus.READY).filter(
        player_a=players[0]).first() or tournament.matches.filter(
        status=MatchStatus.READY, player_b=players[0]).first()
    services.match_result_enter(match=match, by=None, winner=players[0].pk,
                                score_a=7 if match.player_a_id == players[0].pk else 2,
                                score_b=2 if match.player_a_id == players[0].pk else 7)
    assert "7–2" in client.get(url).content.decode()


def test_the_ladder_and_league_lists_are_kept_per_version(client, club):
    _ladder(club, 4, start=1)
    _league(club, 3, start=100)
    for name in ("ladders", "leagues"):
        url = reverse(f"tournaments:{name}", args=[club.slug])
        # Built: the club's language (an empty cache), the club, the version, the events;
        # kept: the club and the version.
        built, kept, _ = _built_and_kept(client, url)
        assert (built, kept) == (4, 2)
