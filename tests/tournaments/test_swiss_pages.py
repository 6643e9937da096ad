"""Pages of the round-based formats, ladders and leagues: the public standings (with the
tie-break columns and the rounds), crosstables, the director's preview / swap / publish,
the ladder's challenge flow and the league's report / confirm from the web, and who may
do what (the persona table: anonymous, bob, carol, alice, dave)."""

import datetime
import json

import pytest
from django.urls import reverse

from clubs.models import Player
from tests.factories import members
from tournaments import services
from tournaments.models import Challenge, Fixture, TournamentMatch
from tournaments.services import ladder as ladders
from tournaments.services import league as leagues
from tournaments.services import rounds

pytestmark = pytest.mark.django_db
MatchStatus = TournamentMatch.Status


def _event(club, fmt="swiss", count=6):
    tournament = services.tournament_create(club=club, name="Swiss night", format=fmt,
                                            starts_on=datetime.date(2026, 11, 28))
    for player in members(club, count):
        services.entry_add(tournament=tournament, player=player)
    services.tournament_start(tournament=tournament)
    return tournament


def _url(obj, name, **kwargs):
    return reverse(f"tournaments:{name}", kwargs={"slug": obj.club.slug, "pk": obj.pk,
                                                  **kwargs})


def test_the_director_previews_swaps_with_a_warning_and_publishes(client, alice, club):
    tournament = _event(club)
    client.force_login(alice)
    page = client.get(_url(tournament, "pairing"))
    assert page.status_code == 200 and "Round 1: proposed pairings" in page.content.decode()
    assert "suggested for this field: 3" in page.content.decode()  # ceil(log2 6)
    pairs = page.context["preview"]["pairs"]
    assert [tuple(p) for p in pairs] == [(1 + o, 4 + o) for o in (0, 1, 2)] or len(pairs) == 3
    rounds.swiss_round_publish(tournament=tournament, pairs=pairs)
    for match in tournament.matches.all():
        services.match_result_enter(match=match, winner=match.player_a_id, score_a=7,
                                    score_b=0, by=alice)
    page = client.get(_url(tournament, "pairing"))
    preview = page.context["preview"]
    a, b = preview["pairs"][0]
    round_one = {frozenset((m.player_a_id, m.player_b_id)) for m in tournament.matches.all()}
    partner_of_a = next(next(iter(p - {a})) for p in round_one if a in p)
    swapped = client.post(_url(tournament, "pairing"), {
        "action": "swap", "pairs": json.dumps(preview["pairs"]), "first": b,
        "second": partner_of_a})
    assert "Warning: rematch" in swapped.content.decode()
    published = client.post(_url(tournament, "pairing"), {
        "action": "publish", "pairs": swapped.context["preview"]["json"]})
    assert published.status_code == 302
    assert tournament.matches.filter(round_number=2, status=MatchStatus.READY).count() == 3


def test_the_public_standings_show_the_tie_break_columns_and_rounds(client, club):
    tournament = _event(club)
    preview = rounds.swiss_round_preview(tournament=tournament)
    rounds.swiss_round_publish(tournament=tournament, pairs=preview["pairs"])
    page = client.get(_url(tournament, "standings"))
    text = page.content.decode()
    assert page.status_code == 200
    assert all(c in text for c in ("Buchholz", "Median B.", "S-B", "Round 1"))
    assert 'data-state-url="' in text


def test_a_round_robin_page_has_a_crosstable(client, club):
    tournament = _event(club, "round_robin", 5)
    page = client.get(_url(tournament, "standings"))
    assert 'data-testid="crosstable"' in page.content.decode()


def test_the_standings_page_reads_in_a_fixed_number_of_queries(client, club,
                                                             django_assert_max_num_queries):
    tournament = _event(club, "round_robin", 8)
    # Guards an N+1 over matches or players: 8 players and 28 matches stay within this.
    # (+2: the rounds' "rated" forecast reads the club list's settings and the club's
    # federations once for every round, issue 34.)
    with django_assert_max_num_queries(9):
        client.get(_url(tournament, "standings"))


@pytest.mark.parametrize(("persona", "expected"), [
    (None, 302), ("bob", 403), ("carol", 403), ("dave", 403), ("alice", 200)])
def test_only_the_club_s_admins_open_the_pairing_page(client, club, persona, expected,
                                                     request):
    tournament = _event(club)
    if persona:
        client.force_login(request.getfixturevalue(persona))
    response = client.get(_url(tournament, "pairing"))
    assert response.status_code == expected


@pytest.mark.parametrize("persona", [None, "bob", "dave", "alice"])
def test_public_pages_are_open_to_everyone(client, club, persona, request):
    tournament = _event(club)
    ladder = ladders.ladder_create(club=club, name="Ladder")
    season = leagues.season_create(club=club, name="2026", starts_on=datetime.date(2026, 1, 1),
                                   ends_on=datetime.date(2026, 6, 1),
                                   divisions=[[p.pk for p in members(club, 2, start=50)]])
    if persona:
        client.force_login(request.getfixturevalue(persona))
    for url in (_url(tournament, "standings"), _url(ladder, "ladder"),
                _url(ladder, "ladder-state"), _url(season, "league"),
                _url(season, "league-state")):
        assert client.get(url).status_code == 200, url


def test_a_ladder_challenge_from_the_web(client, club):
    ladder = ladders.ladder_create(club=club, name="Ladder")
    first, second = members(club, 2)
    for p in (first, second):
        ladders.ladder_join(ladder=ladder, player=p)
    client.force_login(second.user)
    client.post(_url(ladder, "ladder-action", action="challenge"), {"challenged": first.pk})
    challenge = Challenge.objects.get()
    client.force_login(first.user)
    client.post(_url(ladder, "ladder-action", action="accept"), {"challenge": challenge.pk})
    client.post(_url(ladder, "ladder-action", action="report"), {
        "challenge": challenge.pk, "winner": second.pk, "score_a": 7, "score_b": 5})
    client.force_login(second.user)
    client.post(_url(ladder, "ladder-action", action="confirm"), {"challenge": challenge.pk})
    challenge.refresh_from_db()
    assert challenge.status == Challenge.Status.DECIDED
    assert list(ladder.rungs.values_list("player_id", flat=True)) == [second.pk, first.pk]
    page = client.get(_url(ladder, "ladder"))
    assert "wins 7–5" in page.content.decode()


def test_a_player_cannot_enter_a_ladder_result_as_the_director(client, club, bob):
    ladder = ladders.ladder_create(club=club, name="Ladder")
    client.force_login(bob)
    assert client.post(_url(ladder, "ladder-action", action="enter"), {}).status_code == 403


def test_a_league_fixture_reported_and_confirmed_from_the_web(client, club, alice):
    a, b = members(club, 2)
    season = leagues.season_create(club=club, name="2026", starts_on=datetime.date(2026, 1, 1),
                                   ends_on=datetime.date(2026, 6, 1),
                                   divisions=[[a.pk, b.pk]], length=5)
    client.force_login(alice)
    client.post(_url(season, "league-action", action="start"))
    fixture = Fixture.objects.get()
    client.force_login(fixture.player_a.user)
    client.post(_url(season, "league-action", action="report"), {
        "fixture": fixture.pk, "winner": fixture.player_a_id, "score_a": 5, "score_b": 1})
    client.force_login(fixture.player_b.user)
    client.post(_url(season, "league-action", action="confirm"), {"fixture": fixture.pk})
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.FINISHED
    page = client.get(_url(season, "league"))
    assert Player.objects.get(pk=fixture.player_a_id).name in page.content.decode()


def test_only_admins_start_a_league_season(client, club, bob):
    a, b = members(club, 2)
    season = leagues.season_create(club=club, name="2026", starts_on=datetime.date(2026, 1, 1),
                                   ends_on=datetime.date(2026, 6, 1), divisions=[[a.pk, b.pk]])
    client.force_login(bob)
    assert client.post(_url(season, "league-action", action="start")).status_code == 403
    assert not Fixture.objects.exists()


def test_an_admin_creates_a_ladder_and_members_join_it(client, club, alice, bob):
    client.force_login(alice)
    response = client.post(reverse("tournaments:ladders", args=[club.slug]), {
        "name": "Spring ladder", "reach": 3, "days": 14, "length": 7})
    assert response.status_code == 302
    ladder = club.ladders.get()
    client.force_login(bob)
    client.post(_url(ladder, "ladder-action", action="join"))
    assert list(ladder.rungs.values_list("player__user__username", flat=True)) == ["bob"]


def test_a_player_cannot_create_a_ladder(client, club, bob):
    client.force_login(bob)
    response = client.post(reverse("tournaments:ladders", args=[club.slug]), {
        "name": "Mine", "reach": 3, "days": 14, "length": 7})
    assert response.status_code == 403 and not club.ladders.exists()


def test_an_admin_drafts_a_season_from_members_names(client, club, alice):
    players = members(club, 4)
    client.force_login(alice)
    response = client.post(reverse("tournaments:leagues", args=[club.slug]), {
        "name": "2027", "starts_on": "2027-01-04", "ends_on": "2027-06-30",
        "divisions": f"{players[0].name}, {players[1].name}\n{players[2].name}, "
                     f"{players[3].name.upper()}",
        "cycles": 1, "days_per_round": 14, "promote": 1, "relegate": 1, "length": 5})
    assert response.status_code == 302
    season = club.leagues.get()
    assert [sorted(d.members.values_list("player_id", flat=True))
            for d in season.divisions.order_by("number")] == [
        sorted([players[0].pk, players[1].pk]), sorted([players[2].pk, players[3].pk])]
    listing = client.get(reverse("tournaments:leagues", args=[club.slug]))
    assert "2027" in listing.content.decode()


def test_a_season_with_a_stranger_s_name_is_refused(client, club, alice):
    members(club, 1)
    client.force_login(alice)
    response = client.post(reverse("tournaments:leagues", args=[club.slug]), {
        "name": "2027", "starts_on": "2027-01-04", "ends_on": "2027-06-30",
        "divisions": "Seed 01, Nobody Known", "cycles": 1, "days_per_round": 14,
        "promote": 1, "relegate": 1, "length": 5})
    assert response.status_code == 400 and not club.leagues.exists()
    assert "Nobody Known is not a member" in response.content.decode()


def test_the_director_s_manage_page_opens_for_a_running_swiss(client, club, alice):
    tournament = _event(club)
    client.force_login(alice)
    assert client.get(_url(tournament, "manage")).status_code == 200
    assert client.get(_url(tournament, "detail")).status_code == 200


def test_the_knockout_pages_link_a_swiss_to_its_standings_and_pairing(client, club, alice):
    tournament = _event(club)
    client.force_login(alice)
    assert _url(tournament, "pairing") in client.get(_url(tournament, "manage")).content \
        .decode()
    assert _url(tournament, "standings") in client.get(_url(tournament, "detail")).content \
        .decode()


def test_the_ladder_page_reads_in_a_fixed_number_of_queries(client, club,
                                                          django_assert_max_num_queries):
    ladder = ladders.ladder_create(club=club, name="Ladder")
    players = members(club, 12)
    for p in players:
        ladders.ladder_join(ladder=ladder, player=p)
    for low, high in ((3, 1), (6, 4), (9, 7)):
        ladders.challenge_issue(ladder=ladder, by=players[low].user, challenged=players[high])
    # Guards an N+1 over rungs or challenges (players loaded with them).
    with django_assert_max_num_queries(4):
        response = client.get(_url(ladder, "ladder"))
    assert response.status_code == 200


def test_the_league_page_reads_in_a_fixed_number_of_queries(client, club, alice,
                                                          django_assert_max_num_queries):
    players = members(club, 12)
    season = leagues.season_create(club=club, name="2026", starts_on=datetime.date(2026, 1, 1),
                                   ends_on=datetime.date(2026, 6, 1),
                                   divisions=[[p.pk for p in players[:6]],
                                              [p.pk for p in players[6:]]])
    leagues.season_start(season=season)
    client.force_login(alice)
    # Guards an N+1 over divisions, members or fixtures (30 fixtures here).
    with django_assert_max_num_queries(10):
        response = client.get(_url(season, "league"))
    assert response.status_code == 200 and "Walkover" in response.content.decode()


def test_the_director_enters_a_walkover_from_the_league_page(client, club, alice):
    a, b = members(club, 2)
    season = leagues.season_create(club=club, name="2026", starts_on=datetime.date(2026, 1, 1),
                                   ends_on=datetime.date(2026, 6, 1), divisions=[[a.pk, b.pk]])
    leagues.season_start(season=season)
    fixture = Fixture.objects.get()
    client.force_login(alice)
    client.post(_url(season, "league-action", action="walkover"), {
        "fixture": fixture.pk, "winner": fixture.player_b_id})
    fixture.refresh_from_db()
    assert (fixture.status, fixture.winner_id) == (Fixture.Status.WALKOVER, fixture.player_b_id)


def test_a_referee_corrects_a_league_result_from_the_page_with_a_reason(client, club, carol):
    a, b = members(club, 2)
    season = leagues.season_create(club=club, name="2026", starts_on=datetime.date(2026, 1, 1),
                                   ends_on=datetime.date(2026, 6, 1), divisions=[[a.pk, b.pk]],
                                   length=5)
    leagues.season_start(season=season)
    fixture = Fixture.objects.get()
    leagues.fixture_enter(fixture=fixture, by=None, winner=fixture.player_a_id, score_a=5,
                          score_b=2)
    client.force_login(carol)
    page = client.get(_url(season, "league")).content.decode()
    assert "Reason (audit log)" in page and ">Enter<" not in page
    client.post(_url(season, "league-action", action="correct"), {
        "fixture": fixture.pk, "winner": fixture.player_b_id, "score_a": 2, "score_b": 5,
        "reason": "Scores swapped"})
    fixture.refresh_from_db()
    assert fixture.winner_id == fixture.player_b_id


def test_a_running_swiss_before_its_first_pairing_does_not_promise_a_bracket(client, alice,
                                                                            club):
    tournament = _event(club)
    client.force_login(alice)
    for name in ("detail", "manage"):
        body = client.get(_url(tournament, name)).content.decode()
        assert "bracket is drawn" not in body
        assert "No round is paired yet" in body


def test_ladder_and_league_pages_lead_back_to_the_club_and_their_lists(client, club):
    ladder = ladders.ladder_create(club=club, name="Ladder")
    season = leagues.season_create(club=club, name="2026", starts_on=datetime.date(2026, 1, 1),
                                   ends_on=datetime.date(2026, 6, 1),
                                   divisions=[[p.pk for p in members(club, 2, start=50)]])
    club_url = reverse("clubs:detail", args=[club.slug])
    ladder_page = client.get(_url(ladder, "ladder")).content.decode()
    league_page = client.get(_url(season, "league")).content.decode()
    assert f'href="{club_url}"' in ladder_page and f'href="{club_url}"' in league_page
    assert f'href="{reverse("tournaments:ladders", args=[club.slug])}"' in ladder_page
    assert f'href="{reverse("tournaments:leagues", args=[club.slug])}"' in league_page
    tournaments_url = reverse("tournaments:list", args=[club.slug])
    for name in ("ladders", "leagues"):
        page = client.get(reverse(f"tournaments:{name}", args=[club.slug])).content.decode()
        assert f'href="{club_url}"' in page and f'href="{tournaments_url}"' in page
