"""The director's day (estimates at the event's pace, what waits on what, withdrawals and
corrections in a tap) and the player's page (my next match, my tournament history)."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import NO_LOGIN, member, members_named, tournament_of
from tournaments import selectors, services
from tournaments.models import Entry, TournamentMatch

pytestmark = pytest.mark.django_db
MatchStatus = TournamentMatch.Status
NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)


def _cup(club, names=("Ann", "Ben", "Cat", "Dan"), format="single_elimination", **options):
    return tournament_of(club, members_named(club, *names), name="Day Cup", format=format,
                         options=options)


def _match(tournament, key):
    return TournamentMatch.objects.select_related("player_a__user", "player_b__user").get(
        tournament=tournament, key=key)


def _url(tournament, name, **kwargs):
    return reverse(f"tournaments:{name}", kwargs={"slug": tournament.club.slug,
                                                  "pk": tournament.pk, **kwargs})


def test_the_estimate_adds_the_rounds_still_to_play_at_the_pace(club):
    tournament = _cup(club, lengths={"main": 7}, round_lengths={"main": {"final": 11}})
    day = selectors.day_view(tournament=tournament, now=NOW)
    # Semi-finals (7 points, side by side) then the final (11): 18 points at 11 min.
    assert [r["ends_at"] for r in day["rounds"]] == [NOW + datetime.timedelta(minutes=77)]
    assert day["ends_at"] == NOW + datetime.timedelta(minutes=18 * 11)
    assert day["minutes_left"] == 198


def test_the_pace_is_a_setting(club):
    tournament = _cup(club, minutes_per_point=8)
    assert selectors.day_view(tournament=tournament, now=NOW)["minutes_left"] == 14 * 8


def test_a_match_under_way_counts_what_is_left_of_its_time(club, alice):
    tournament = _cup(club)
    semi = _match(tournament, "M1-1")
    services.match_start(match=semi)
    TournamentMatch.objects.filter(pk=semi.pk).update(
        started_at=NOW - datetime.timedelta(minutes=50))
    other = _match(tournament, "M1-2")
    services.match_result_enter(match=other, by=alice, winner=other.player_a_id, score_a=7,
                                score_b=4)
    day = selectors.day_view(tournament=tournament, now=NOW)
    assert day["in_progress"][0]["minutes"] == 50
    # 77 minutes for the semi, 27 left; then the 7-point final.
    assert day["ends_at"] == NOW + datetime.timedelta(minutes=27 + 77)
    assert [w["on"] for w in day["waiting"]] == [[semi]]


def test_flights_run_side_by_side_in_the_estimate(club):
    names = [f"P{n}" for n in range(8)]
    tournament = _cup(club, names=names, format="consolation",
                      lengths={"main": 7, "consolation": 5})
    day = selectors.day_view(tournament=tournament, now=NOW)
    # Main: three 7-point rounds (21 points). Consolation: round 1 (5) after main round 1
    # (7) ends at 12; round 2 waits for main round 2's losers (14), ends at 19; its final at
    # 24. The longest chain is 24 points of play, not the 36 of every round in a row.
    assert day["ends_at"] == NOW + datetime.timedelta(minutes=24 * 11)
    assert len(day["rounds"]) == 1  # only main round 1 is being played


def test_the_day_page_shows_estimates_and_what_waits_on_what(client, club, alice):
    tournament = _cup(club)
    client.force_login(alice)
    page = client.get(_url(tournament, "manage")).content.decode()
    assert "Main semi-finals: ends around" in page and "minutes per point" in page
    assert "M2-1 waits on M1-1 (Ann v Dan), M1-2" in page


def test_the_director_withdraws_a_player_and_the_opponent_gets_a_walkover(client, club,
                                                                          alice):
    tournament = _cup(club)
    semi = _match(tournament, "M1-1")
    entry = Entry.objects.get(tournament=tournament, player=semi.player_b)
    client.force_login(alice)
    response = client.post(_url(tournament, "direct", action="withdraw"), {"entry": entry.pk},
                           follow=True)
    assert "walkover" in response.content.decode()
    semi = _match(tournament, "M1-1")
    assert semi.status == MatchStatus.WALKOVER and semi.winner == semi.player_a


def test_a_player_cannot_withdraw_someone(client, club):
    tournament = _cup(club)
    entry = Entry.objects.filter(tournament=tournament).first()
    client.force_login(entry.player.user)
    response = client.post(_url(tournament, "direct", action="withdraw"), {"entry": entry.pk})
    assert response.status_code == 403
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.ACTIVE


def test_the_director_corrects_from_the_day_page(client, club, alice):
    tournament = _cup(club)
    semi = _match(tournament, "M1-1")
    services.match_result_enter(match=semi, by=alice, winner=semi.player_a_id, score_a=7,
                                score_b=5)
    client.force_login(alice)
    page = client.get(_url(tournament, "manage")).content.decode()
    assert 'data-action="correct"' in page
    client.post(_url(tournament, "direct", action="correct"), {
        "match": semi.pk, "winner": semi.player_b_id, "score_a": 5, "score_b": 7,
        "reason": "Scores swapped"})
    assert _match(tournament, "M2-1").player_a_id == semi.player_b_id


def test_a_correction_without_a_reason_is_refused_on_the_page(client, club, alice):
    tournament = _cup(club)
    semi = _match(tournament, "M1-1")
    services.match_result_enter(match=semi, by=alice, winner=semi.player_a_id, score_a=7,
                                score_b=5)
    client.force_login(alice)
    response = client.post(_url(tournament, "direct", action="correct"), {
        "match": semi.pk, "winner": semi.player_b_id, "score_a": 5, "score_b": 7},
        follow=True)
    assert "Give a reason" in response.content.decode()
    assert _match(tournament, "M1-1").winner_id == semi.player_a_id


def test_my_page_shows_my_next_match_and_my_history(client, club, alice):
    old = _cup(club)
    for key in ("M1-1", "M1-2"):
        m = _match(old, key)
        services.match_result_enter(match=m, by=alice, winner=m.player_a_id, score_a=7,
                                    score_b=4)
    final = _match(old, "M2-1")
    services.match_result_enter(match=final, by=alice, winner=final.player_a_id, score_a=11,
                                score_b=3)
    ann = final.player_a
    new = services.tournament_create(club=club, name="Next Cup",
                                     starts_on=datetime.date(2026, 12, 5))
    for player in [ann, *(p.player for p in club.memberships.exclude(player=ann)
                          .select_related("player").filter(player__user__isnull=False)[:3])]:
        services.entry_add(tournament=new, player=player)
    services.tournament_start(tournament=new)
    client.force_login(ann.user)
    page = client.get(reverse("tournaments:mine", args=[club.slug])).content.decode()
    assert "Next Cup" in page.split('data-testid="history"')[0]  # my next match
    history = page.split('data-testid="history"')[1]
    assert "Day Cup" in history and "Main: <strong>1st</strong> of 4" in history
    assert "7–4" in history and "11–3" in history and "won" in history


def test_my_page_has_a_fixed_number_of_queries(client, club, alice,
                                               django_assert_max_num_queries):
    tournament = _cup(club, names=[f"P{n}" for n in range(16)])
    player = _match(tournament, "M1-1").player_a
    client.force_login(player.user)
    # session, user, club, players, entries, matches, placings: none per event or match.
    # (+2: the next matches' "rated" forecast, the club list's settings and the club's
    # federations, once for every match, issue 34.)
    with django_assert_max_num_queries(11):
        client.get(reverse("tournaments:mine", args=[club.slug]))


def test_my_page_needs_a_login(client, club):
    response = client.get(reverse("tournaments:mine", args=[club.slug]))
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_the_new_event_form_sets_the_pace(client, club, alice):
    client.force_login(alice)
    client.post(reverse("tournaments:new", args=[club.slug]), {
        "name": "Paced", "starts_on": "2026-12-05", "format": "single_elimination",
        "main_length": 7, "consolation_length": 5, "last_chance_length": 3,
        "minutes_per_point": 9})
    assert club.tournaments.get(name="Paced").options["minutes_per_point"] == 9


def test_the_day_estimate_uses_the_clock(club, monkeypatch):
    tournament = _cup(club)
    monkeypatch.setattr(timezone, "now", lambda: NOW)
    assert selectors.day_view(tournament=tournament)["ends_at"] == NOW + datetime.timedelta(
        minutes=14 * 11)


def test_nobody_withdraws_from_a_finished_event(club, alice):
    tournament = _cup(club, names=("Ann", "Ben"))
    final = _match(tournament, "M1-1")
    services.match_result_enter(match=final, by=alice, winner=final.player_a_id, score_a=7,
                                score_b=2)
    entry = Entry.objects.get(tournament=tournament, player=final.player_b)
    with pytest.raises(services.TournamentError, match="over"):
        services.entry_withdraw(entry=entry, by=alice)
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.ACTIVE


def test_the_director_opens_registration_and_late_entries_come_in(client, club, alice):
    tournament = services.tournament_create(club=club, name="Open Day",
                                            starts_on=datetime.date(2026, 12, 5))
    client.force_login(alice)
    page = client.get(_url(tournament, "manage")).content.decode()
    assert 'data-testid="open"' in page
    client.post(_url(tournament, "direct", action="open"))
    tournament.refresh_from_db()
    assert tournament.status == "registration"
    late = member(club, "Late Larry", username=NO_LOGIN)
    client.post(_url(tournament, "direct", action="entry"), {"player": late.pk})
    assert tournament.entries.filter(player=late).exists()
    response = client.post(_url(tournament, "direct", action="open"), follow=True)
    assert "Registration opens only from a draft" in response.content.decode()


def test_a_round_still_waiting_for_players_ends_after_the_round_before(club):
    # Five players: round 1 has one match (three byes); semi-final M2-2 is ready, M2-1 waits
    # for round 1's match, so the semi-finals end a 7-point match after round 1 does.
    tournament = _cup(club, names=["Ann", "Ben", "Cat", "Dan", "Eve"], lengths={"main": 7})
    day = selectors.day_view(tournament=tournament, now=NOW)
    ends = {r["name"]: r["ends_at"] for r in day["rounds"]}
    assert ends == {"Main round 1": NOW + datetime.timedelta(minutes=77),
                    "Main semi-finals": NOW + datetime.timedelta(minutes=154)}


def test_the_grand_final_reset_waits_on_the_first_final_once(client, club, alice):
    tournament = _cup(club, format="double_elimination")
    client.force_login(alice)
    page = client.get(_url(tournament, "manage")).content.decode()
    assert "F2 waits on F1</li>" in page


def _second_cup(club, players):
    cup = services.tournament_create(club=club, name="Night Cup",
                                     starts_on=datetime.date(2026, 11, 28))
    for player in players:
        services.entry_add(tournament=cup, player=player)
    services.tournament_start(tournament=cup)
    return cup


def test_my_page_lists_every_match_ready_for_me(client, club):
    day = _cup(club)
    semi = _match(day, "M1-1")
    players = [e.player for e in Entry.objects.filter(tournament=day).select_related("player")]
    night = _second_cup(club, players)
    client.force_login(semi.player_a.user)
    page = client.get(reverse("tournaments:mine", args=[club.slug])).content.decode()
    mine = page.split('data-testid="history"')[0]
    assert "My next matches" in mine
    assert "<strong>Day Cup</strong>" in mine and "<strong>Night Cup</strong>" in mine
    assert f'{_url(day, "detail")}#report-M1-1' in mine  # the link lands on the form
    assert f'{_url(night, "detail")}#report-' in mine


def test_my_page_says_a_result_waits_for_my_confirmation(client, club):
    tournament = _cup(club)
    semi = _match(tournament, "M1-1")
    services.match_result_report(match=semi, by=semi.player_b.user, winner=semi.player_b_id,
                                 score_a=2, score_b=7)
    client.force_login(semi.player_a.user)
    page = client.get(reverse("tournaments:mine", args=[club.slug])).content.decode()
    name_a, name_b = semi.player_a.name, semi.player_b.name
    assert (f"{name_b} reported {name_a} 2–7 {name_b}: waiting for your confirmation"
            in page)
    assert f'{_url(tournament, "detail")}#confirm-M1-1' in page
    client.force_login(semi.player_b.user)
    page = client.get(reverse("tournaments:mine", args=[club.slug])).content.decode()
    assert f"waiting for {name_a} to confirm" in page


def test_the_report_and_confirm_links_land_on_their_forms(client, club):
    tournament = _cup(club)
    semi = _match(tournament, "M1-1")
    client.force_login(semi.player_a.user)
    page = client.get(_url(tournament, "detail")).content.decode()
    assert '<form id="report-M1-1" method="post"' in page
    services.match_result_report(match=semi, by=semi.player_a.user, winner=semi.player_a_id,
                                 score_a=7, score_b=2)
    client.force_login(semi.player_b.user)
    page = client.get(_url(tournament, "detail")).content.decode()
    assert '<li id="confirm-M1-1">' in page and 'name="report"' in page


def test_a_waiting_result_names_the_reporting_player_not_the_login(client, club):
    tournament = _cup(club)
    semi = _match(tournament, "M1-1")
    reporter = semi.player_a
    services.match_result_report(match=semi, by=reporter.user, winner=reporter.pk, score_a=7,
                                 score_b=2)
    page = client.get(_url(tournament, "detail")).content.decode()
    assert f"reported by {reporter.name} (" in page
    assert f"reported by {reporter.user.username} (" not in page
