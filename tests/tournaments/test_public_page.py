"""The public tournament page: who plays whom now, the final placings of each competition,
the print stylesheet (one flight per page); and bad input on the pages: a clear message,
nothing changed."""

import datetime

import pytest
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.urls import reverse

from tests.factories import NO_LOGIN, member, members, tournament_of
from tournaments import services
from tournaments.models import ResultReport, TournamentMatch

pytestmark = pytest.mark.django_db
MatchStatus = TournamentMatch.Status


def _cup(club, count=4, format="single_elimination"):
    entrants = members(club, count, name="Entrant {:02d}", username="e{}")
    return tournament_of(club, entrants, name="Open Cup", format=format)


def _match(tournament, key):
    return TournamentMatch.objects.select_related("player_a__user", "player_b__user").get(
        tournament=tournament, key=key)


def _url(tournament, name, **kwargs):
    return reverse(f"tournaments:{name}", kwargs={"slug": tournament.club.slug,
                                                  "pk": tournament.pk, **kwargs})


def test_the_public_page_says_who_plays_whom_now(client, club):
    tournament = _cup(club)
    services.match_start(match=_match(tournament, "M1-1"))
    page = client.get(_url(tournament, "detail")).content.decode()
    now = page.split('data-testid="now"')[1].split("</section>")[0]
    assert "Entrant 01 v Entrant 04" in now and "playing" in now
    assert "Entrant 02 v Entrant 03" in now and "to start" in now


def test_the_public_page_shows_every_competitions_placings_at_the_end(client, club, alice):
    tournament = _cup(club, count=8, format="consolation")
    for _ in range(20):
        ready = TournamentMatch.objects.filter(tournament=tournament,
                                               status=MatchStatus.READY).first()
        if ready is None:
            break
        services.match_result_enter(match=ready, by=alice, winner=ready.player_a_id,
                                    score_a=ready.length, score_b=1)
    page = client.get(_url(tournament, "detail")).content.decode()
    placings = page.split('data-testid="placings"')[1].split("</section>")[0]
    assert "<strong>Main</strong>: 1st Entrant 01 · 2nd Entrant 02 · 3rd= Entrant 03, " \
           "Entrant 04" in placings
    assert "<strong>Consolation</strong>: 1st Entrant 08 · 2nd Entrant 07" in placings
    assert 'data-testid="now"' not in page  # finished: nothing to play


def test_the_print_stylesheet_puts_one_flight_per_page():
    style = render_to_string("tournaments/_style.html")
    media = style.split("@media print")[1]
    assert ".flight { page-break-after: always; }" in media
    assert ".noprint" in media  # the forms and the player's box are not printed
    assert finders.find("js/tournament.js")


def test_a_winner_who_is_not_in_the_match_is_refused_on_the_page(client, club):
    tournament = _cup(club)
    match = _match(tournament, "M1-1")
    stranger = _match(tournament, "M1-2").player_a
    client.force_login(match.player_a.user)
    response = client.post(_url(tournament, "play", action="report"), {
        "match": match.pk, "winner": stranger.pk, "score_a": 7, "score_b": 0}, follow=True)
    assert "one of the two players" in response.content.decode()
    assert _match(tournament, "M1-1").status == MatchStatus.READY
    assert not ResultReport.objects.exists()


def test_a_report_on_a_match_not_ready_is_refused_on_the_page(client, club):
    tournament = _cup(club)
    final = _match(tournament, "M2-1")
    player = _match(tournament, "M1-1").player_a
    client.force_login(player.user)
    response = client.post(_url(tournament, "play", action="report"), {
        "match": final.pk, "winner": player.pk, "score_a": 7, "score_b": 0}, follow=True)
    assert "not ready" in response.content.decode()
    assert _match(tournament, "M2-1").status == MatchStatus.WAITING
    assert not ResultReport.objects.exists()


def test_a_directors_short_score_is_refused_on_the_page(client, club, alice):
    tournament = _cup(club)
    match = _match(tournament, "M1-1")
    client.force_login(alice)
    response = client.post(_url(tournament, "direct", action="enter"), {
        "match": match.pk, "winner": match.player_a_id, "score_a": 6, "score_b": 3},
        follow=True)
    assert "not a finished result" in response.content.decode()
    match = _match(tournament, "M1-1")
    assert match.status == MatchStatus.READY and match.winner_id is None


def test_a_missing_score_is_a_form_error_and_changes_nothing(client, club, alice):
    tournament = _cup(club)
    match = _match(tournament, "M1-1")
    client.force_login(alice)
    response = client.post(_url(tournament, "direct", action="enter"), {
        "match": match.pk, "winner": match.player_a_id, "score_a": 7}, follow=True)
    assert "This field is required" in response.content.decode()
    assert _match(tournament, "M1-1").status == MatchStatus.READY


def test_a_match_file_report_through_the_api_confirms_itself(client, club,
                                                            django_capture_on_commit_callbacks):
    from tests.factories import sample_bytes

    tournament = _cup(club, count=2)
    match = _match(tournament, "M1-1")
    client.force_login(match.player_a.user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("tournament-match-report-api", args=[match.pk]), {
            "winner": match.player_a_id, "score_a": 8, "score_b": 5,
            "match_file": sample_bytes_file(sample_bytes("7point.mat"))})
    assert response.status_code == 201, response.content
    match = _match(tournament, "M1-1")
    assert match.status == MatchStatus.FINISHED and match.match_record_id


def test_a_match_file_that_disagrees_flags_the_match(client, club,
                                                     django_capture_on_commit_callbacks):
    from tests.factories import sample_bytes

    tournament = _cup(club, count=2)
    match = _match(tournament, "M1-1")
    client.force_login(match.player_b.user)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("tournament-match-report-api", args=[match.pk]), {
            "winner": match.player_b_id, "score_a": 5, "score_b": 7,
            "match_file": sample_bytes_file(sample_bytes("7point.mat"))})
    match = _match(tournament, "M1-1")
    assert match.status == MatchStatus.IN_PROGRESS and "match file's score is 8–5" in match.flag
    assert ResultReport.objects.get().status == ResultReport.Status.FLAGGED


def sample_bytes_file(data):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("evening.mat", data)


def test_a_match_file_is_checked_under_the_events_crawford_setting(client, club):
    from games.models import MatchRecord
    from tests.factories import sample_bytes

    tournament = tournament_of(club, members(club, 2, name="Nc {}", username="nc{}"),
                               name="No Crawford", options={"crawford": False})
    match = _match(tournament, "M1-1")
    services.match_result_report(match=match, by=match.player_a.user,
                                 winner=match.player_a_id, score_a=8, score_b=5,
                                 match_file=sample_bytes("7point.mat"), filename="a.mat")
    assert MatchRecord.objects.get().crawford is False


def test_the_list_page_has_a_fixed_number_of_queries(client, club,
                                                     django_assert_max_num_queries):
    for n in range(5):
        tournament = services.tournament_create(club=club, name=f"Week {n}",
                                                starts_on=datetime.date(2026, 11, 2 + n))
        services.entry_add(tournament=tournament,
                           player=member(club, f"Weekly {n}", username=NO_LOGIN))
    # the club, the club's events' version, the tournaments with their entry counts: none
    # per tournament.
    with django_assert_max_num_queries(3):
        page = client.get(reverse("tournaments:list", args=[club.slug])).content.decode()
    assert page.count("Week ") == 5
    # Then kept until an event moves: the club and the version.
    with django_assert_max_num_queries(2):
        client.get(reverse("tournaments:list", args=[club.slug]))
