"""Tournament pages: the director's flow from entries to the first result, the players'
report and confirm, the public bracket (anyone), and who may do what."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import Tournament, TournamentMatch

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(club):
    tournament = services.tournament_create(club=club, name="Friday KO",
                                            starts_on=datetime.date(2026, 11, 27))
    for number in range(1, 6):
        player = PlayerFactory(name=f"Entrant {number}",
                               user=UserFactory(username=f"entrant{number}"))
        MembershipFactory(club=club, player=player)
        services.entry_add(tournament=tournament, player=player)
    return tournament


def _url(tournament, name, **kwargs):
    return reverse(f"tournaments:{name}", kwargs={"slug": tournament.club.slug,
                                                  "pk": tournament.pk, **kwargs})


def test_the_director_creates_enters_and_starts(client, alice, club):
    client.force_login(alice)
    response = client.post(reverse("tournaments:new", args=[club.slug]), {
        "name": "Monthly", "starts_on": "2026-12-05", "format": "consolation",
        "main_length": 7, "final_length": 11, "consolation_length": 5,
        "last_chance_length": 3, "crawford": "on"})
    tournament = Tournament.objects.get(name="Monthly")
    assert response.status_code == 302 and tournament.options["round_lengths"] == {
        "main": {"final": 11}}
    client.post(_url(tournament, "direct", action="entry"), {"guest": "Visiting Vera"})
    for number in range(3):
        player = PlayerFactory(name=f"Member {number}")
        MembershipFactory(club=club, player=player)
        client.post(_url(tournament, "direct", action="entry"), {"player": player.pk})
    client.post(_url(tournament, "direct", action="seed"), {"order": ""})
    client.post(_url(tournament, "direct", action="start"))
    tournament.refresh_from_db()
    assert tournament.status == "running" and tournament.draw_seed
    page = client.get(_url(tournament, "manage")).content.decode()
    assert "Visiting Vera" in page and "Enter result" in page


def test_even_lengths_are_shown_as_an_error(client, alice, club):
    client.force_login(alice)
    response = client.post(reverse("tournaments:new", args=[club.slug]), {
        "name": "Bad", "starts_on": "2026-12-05", "format": "single_elimination",
        "main_length": 6, "consolation_length": 5, "last_chance_length": 3})
    assert response.status_code == 400 and "odd" in response.content.decode()


def test_players_report_and_confirm_from_the_public_page(client, event):
    services.tournament_start(tournament=event)
    match = TournamentMatch.objects.filter(tournament=event, status="ready").first()
    a, b = match.player_a, match.player_b
    client.force_login(a.user)
    page = client.get(_url(event, "detail")).content.decode()
    assert "My next match" in page
    client.post(_url(event, "play", action="report"), {
        "match": match.pk, "winner": a.pk, "score_a": 7, "score_b": 3})
    client.force_login(b.user)
    report = match.reports.get()
    client.post(_url(event, "play", action="confirm"), {"report": report.pk})
    match.refresh_from_db()
    assert match.status == "finished" and match.winner == a


def test_a_bad_report_changes_nothing_and_says_why(client, event):
    services.tournament_start(tournament=event)
    match = TournamentMatch.objects.filter(tournament=event, status="ready").first()
    client.force_login(match.player_a.user)
    response = client.post(_url(event, "play", action="report"), {
        "match": match.pk, "winner": match.player_a_id, "score_a": 5, "score_b": 3},
        follow=True)
    assert "not a finished result" in response.content.decode()
    match.refresh_from_db()
    assert match.status == "ready" and not match.reports.exists()


def test_someone_elses_match_is_refused_with_a_403_page_saying_why(client, event, bob):
    services.tournament_start(tournament=event)
    match = TournamentMatch.objects.filter(tournament=event, status="ready").first()
    client.force_login(bob)  # a member of the club, not one of the match's players
    response = client.post(_url(event, "play", action="report"), {
        "match": match.pk, "winner": match.player_a_id, "score_a": 7, "score_b": 3})
    assert response.status_code == 403
    assert "Only the two players of a match report its result." in response.content.decode()
    match.refresh_from_db()
    assert match.status == "ready" and not match.reports.exists()


@pytest.mark.parametrize("action, data", [("confirm", {}),
                                          ("dispute", {"reason": "I saw it: 7-5"})])
def test_only_the_opponent_answers_a_report_on_the_page(client, event, bob, action, data):
    services.tournament_start(tournament=event)
    match = TournamentMatch.objects.filter(tournament=event, status="ready").first()
    report = services.match_result_report(match=match, by=match.player_a.user,
                                          winner=match.player_a_id, score_a=7, score_b=3)
    for who in (bob, match.player_a.user):  # a spectator; the reporter themselves
        client.force_login(who)
        response = client.post(_url(event, "play", action=action),
                               {"report": report.pk, **data})
        assert response.status_code == 403, who
        assert "Only the opponent" in response.content.decode()
    report.refresh_from_db()
    assert report.status == "pending"


def test_only_the_opponent_sees_the_confirm_and_dispute_buttons(client, event, bob):
    """(And the club's admins and referees the confirm button: tests/tournaments/
    test_second_person.py.)"""
    services.tournament_start(tournament=event)
    match = TournamentMatch.objects.filter(tournament=event, status="ready").first()
    services.match_result_report(match=match, by=match.player_a.user,
                                 winner=match.player_a_id, score_a=7, score_b=3)
    confirm, dispute = 'data-testid="confirm-report"', '<button class="danger">Dispute'
    client.force_login(bob)
    page = client.get(_url(event, "detail")).content.decode()
    assert confirm not in page and dispute not in page
    client.force_login(match.player_b.user)
    page = client.get(_url(event, "detail")).content.decode()
    assert confirm in page and dispute in page


def test_the_public_page_shows_the_bracket_to_anyone(client, event):
    services.tournament_start(tournament=event)
    page = client.get(_url(event, "detail")).content.decode()
    assert 'id="match-M1-1"' in page and "Entrant 1" in page
    assert client.get(_url(event, "state")).json()["status"] == "running"


def test_the_directors_page_polls_the_state_like_the_public_page(client, alice, event):
    """The same script and version poll on both pages (tests/browser: the reload itself)."""
    services.tournament_start(tournament=event)
    event.refresh_from_db()
    client.force_login(alice)
    poll = (f'data-state-url="{_url(event, "state")}" data-version="{event.version}"')
    for name in ("manage", "detail"):
        page = client.get(_url(event, name)).content.decode()
        assert poll in page and "js/tournament.js" in page, name


@pytest.mark.parametrize("persona, status", [("alice", 200), ("carol", 403), ("bob", 403),
                                             ("dave", 403)])
def test_only_the_clubs_admins_direct(client, request, event, persona, status):
    client.force_login(request.getfixturevalue(persona))
    assert client.get(_url(event, "manage")).status_code == status


def test_another_clubs_admin_cannot_enter_a_result(client, dave, event):
    services.tournament_start(tournament=event)
    match = TournamentMatch.objects.filter(tournament=event, status="ready").first()
    client.force_login(dave)
    response = client.post(_url(event, "direct", action="enter"), {
        "match": match.pk, "winner": match.player_a_id, "score_a": 7, "score_b": 0})
    assert response.status_code == 403
    match.refresh_from_db()
    assert match.status == "ready"


def test_the_bracket_page_has_a_fixed_number_of_queries(client, club,
                                                        django_assert_max_num_queries):
    tournament = services.tournament_create(club=club, name="Big",
                                            starts_on=datetime.date(2026, 11, 27),
                                            format="consolation_last_chance")
    for number in range(24):
        player = PlayerFactory(name=f"P{number}")
        MembershipFactory(club=club, player=player)
        services.entry_add(tournament=tournament, player=player)
    services.tournament_start(tournament=tournament)
    # club, tournament, matches with players (bracket, day view, placings read the same
    # list once each): no query per match.
    with django_assert_max_num_queries(8):
        client.get(_url(tournament, "detail"))


def test_the_api_reads_the_bracket_and_a_player_reports(client, event):
    services.tournament_start(tournament=event)
    body = client.get(reverse("tournament-detail", args=[event.pk])).json()
    assert len(body["matches"]) == 7 and body["status"] == "running"
    match = TournamentMatch.objects.filter(tournament=event, status="ready").first()
    client.force_login(match.player_b.user)
    url = reverse("tournament-match-report-api", args=[match.pk])
    bad = client.post(url, {"winner": match.player_b_id, "score_a": 2, "score_b": 3})
    assert bad.status_code == 400 and "not a finished result" in bad.json()["detail"]
    good = client.post(url, {"winner": match.player_b_id, "score_a": 2, "score_b": 7})
    assert good.status_code == 201 and good.json()["status"] == "pending"
    client.force_login(match.player_a.user)
    confirm = client.post(reverse("tournament-report-confirm-api", args=[good.json()["id"]]))
    assert confirm.status_code == 200 and confirm.json()["status"] == "confirmed"


def test_the_schema_documents_the_tournament_api(client):
    schema = client.get(reverse("api-schema")).content.decode()
    assert "/api/tournaments/" in schema and "/report/" in schema


def test_the_club_page_and_the_tournament_list_lead_to_the_ladders_and_leagues(client, club):
    ladders = reverse("tournaments:ladders", args=[club.slug])
    leagues = reverse("tournaments:leagues", args=[club.slug])
    for page in (reverse("clubs:detail", args=[club.slug]),
                 reverse("tournaments:list", args=[club.slug])):
        html = client.get(page).content.decode()
        assert f'href="{ladders}"' in html and f'href="{leagues}"' in html
