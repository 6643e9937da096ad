"""Swiss and MoreSwiss events through the services, against hand-worked pairings and
standings: a 23-player Swiss with a withdrawal and a late entry, a 20-player MoreSwiss to
its end, the director's preview / swap / publish, results through the same report and
correction flow as the knockouts."""

import datetime

import pytest

from audit.models import AuditEntry
from results.models import FinishedMatch
from tests.factories import members
from tournaments import selectors_rounds, services
from tournaments.models import Entry, Tournament, TournamentMatch
from tournaments.services import rounds

pytestmark = pytest.mark.django_db
MatchStatus = TournamentMatch.Status


def _event(club, count, fmt="swiss", **settings):
    tournament = services.tournament_create(
        club=club, name="Swiss night", format=fmt, starts_on=datetime.date(2026, 11, 28),
        options={"format_settings": settings, "lengths": {"main": 5}})
    players = members(club, count)
    for player in players:
        services.entry_add(tournament=tournament, player=player)
    services.tournament_start(tournament=tournament)
    tournament.refresh_from_db()
    return tournament, players


def _seeds(tournament, pairs):
    seed = dict(tournament.entries.values_list("player_id", "seed"))
    return [(seed[a], seed[b] if b is not None else None) for a, b in pairs]


def _pair(tournament):
    preview = rounds.swiss_round_preview(tournament=tournament)
    rounds.swiss_round_publish(tournament=tournament, pairs=preview["pairs"])
    return preview


def _play(tournament, number, upsets=()):
    """Enter every open match of round ``number``: the better seed wins unless its lower
    seed is in ``upsets``; 5-0 (5-point matches)."""
    seed = dict(tournament.entries.values_list("player_id", "seed"))
    for match in tournament.matches.filter(round_number=number, status=MatchStatus.READY):
        a, b = match.player_a_id, match.player_b_id
        better, worse = (a, b) if seed[a] < seed[b] else (b, a)
        winner = worse if seed[worse] in upsets else better
        scores = (5, 0) if winner == a else (0, 5)
        services.match_result_enter(match=match, winner=winner, score_a=scores[0],
                                    score_b=scores[1], by=None)


def test_a_23_player_swiss_with_a_withdrawal_and_a_late_entry(club):
    tournament, players = _event(club, 23)
    by_seed = {n: p for n, p in enumerate(players, start=1)}
    first = _pair(tournament)
    # Round 1: the bye to the lowest ranked (23), then 1 v 12 ... 11 v 22.
    assert _seeds(tournament, first["pairs"]) == [(n, n + 11) for n in range(1, 12)] + [
        (23, None)]
    _play(tournament, 1)
    # Seed 5 withdraws after round 1; a late entry (seed 24) joins for round 2.
    services.entry_withdraw(entry=Entry.objects.get(tournament=tournament,
                                                    player=by_seed[5]))
    (late,) = members(club, 1, start=24)
    rounds.entry_add_late(tournament=tournament, player=late)
    second = rounds.swiss_round_preview(tournament=tournament)
    # 23 players again: the bye to a player without one, the lowest ranked: the late
    # entry (24). Score 1: 1 2 3 4 6 7 8 9 10 11 23 (odd): 23, its lowest, floats down to
    # the top of score 0 (12); the rest top half v bottom half: 1-7 ... 6-11 and 13-17 v
    # 18-22.
    assert _seeds(tournament, second["pairs"]) == [
        (1, 7), (2, 8), (3, 9), (4, 10), (6, 11), (23, 12), (13, 18), (14, 19), (15, 20),
        (16, 21), (17, 22), (24, None)]
    assert second["rematches"] == []
    rounds.swiss_round_publish(tournament=tournament, pairs=second["pairs"])
    # Seed 11 withdraws during round 2: 6 wins by walkover (marked, not played).
    services.entry_withdraw(entry=Entry.objects.get(tournament=tournament,
                                                    player=by_seed[11]))
    walkover = tournament.matches.get(round_number=2, player_b=by_seed[11])
    assert (walkover.status, walkover.winner_id) == (MatchStatus.WALKOVER, by_seed[6].pk)
    assert FinishedMatch.objects.get(source="tournament", source_id=walkover.pk).outcome == \
        FinishedMatch.Outcome.WALKOVER
    _play(tournament, 2, upsets={23})
    table = selectors_rounds.standings_table(tournament=tournament)
    seed = dict(tournament.entries.values_list("player_id", "seed"))
    top = [(r["label"], seed[r["player_id"]], r["values"][:2]) for r in table["rows"][:6]]
    # Two wins: 2, 3, 4, 6 (Buchholz 2: both opponents won once), then 1 (12 has none,
    # 7 one: 1), then 23 (the bye counts for nothing in Buchholz; 12 has none: 0).
    # 2, 3, 4 and 6 are equal on every metric but the seed.
    assert top == [("1st", 2, [2, 2]), ("2nd", 3, [2, 2]), ("3rd", 4, [2, 2]),
                   ("4th", 6, [2, 2]), ("5th", 1, [2, 1]), ("6th", 23, [2, 0])]
    six = next(r for r in table["rows"] if seed[r["player_id"]] == 6)
    assert six["walkovers"] == 1
    assert table["columns"][:3] == ["Wins", "Buchholz", "Median B."]
    withdrawn = {seed[r["player_id"]] for r in table["rows"] if r["withdrawn"]}
    assert withdrawn == {5, 11}
    third = rounds.swiss_round_preview(tournament=tournament)
    paired = {s for pair in _seeds(tournament, third["pairs"]) for s in pair if s}
    assert 5 not in paired and 11 not in paired and 24 in paired and third["rematches"] == []


def test_a_manual_swap_warns_of_the_rematch_it_makes(club):
    tournament, players = _event(club, 8)
    _pair(tournament)
    _play(tournament, 1)
    preview = rounds.swiss_round_preview(tournament=tournament)
    by_seed = {n: p.pk for n, p in enumerate(players, start=1)}
    # Round 2: 1 v 3, 2 v 4 (winners), 5 v 7, 6 v 8. Swapping 3 and 5 makes 1 v 5 and
    # 3 v 7 again (round 1 was 1-5, 2-6, 3-7, 4-8).
    assert _seeds(tournament, preview["pairs"]) == [(1, 3), (2, 4), (5, 7), (6, 8)]
    swapped = rounds.swiss_pairs_swap(tournament=tournament, pairs=preview["pairs"],
                                      first=by_seed[3], second=by_seed[5])
    assert _seeds(tournament, swapped["rematches"]) == [(1, 5), (3, 7)]
    published = rounds.swiss_round_publish(tournament=tournament, pairs=swapped["pairs"])
    assert _seeds(tournament, published.rematches) == [(1, 5), (3, 7)]
    assert tournament.matches.filter(round_number=2, player_a=by_seed[1],
                                     player_b=by_seed[5]).exists()


def test_publishing_pairs_that_leave_someone_out_is_refused(club):
    tournament, players = _event(club, 4)
    with pytest.raises(services.TournamentError, match="every player still in"):
        rounds.swiss_round_publish(tournament=tournament, pairs=[[players[0].pk,
                                                                  players[1].pk]])
    assert not tournament.matches.exists()


def test_the_next_round_waits_for_every_result(club):
    tournament, _ = _event(club, 4)
    _pair(tournament)
    with pytest.raises(services.TournamentError, match="needs its result"):
        rounds.swiss_round_preview(tournament=tournament)


def test_a_correction_changes_the_standings_and_is_audited(club, alice):
    tournament, players = _event(club, 4)
    _pair(tournament)
    _play(tournament, 1)
    match = tournament.matches.get(round_number=1, player_a=players[0])
    services.match_result_correct(match=match, by=alice, winner=match.player_b_id,
                                  score_a=2, score_b=5, reason="Scoresheet misread")
    table = selectors_rounds.standings_table(tournament=tournament)
    # Now 3 beat 1 (5-2) and 2 beat 4 (5-0): one win each for 2 and 3, Buchholz 0 each,
    # points difference +5 and +3; then 1 (-3) and 4 (-5).
    assert [r["player_id"] for r in table["rows"]] == [players[i].pk for i in (1, 2, 0, 3)]
    assert AuditEntry.objects.filter(action=AuditEntry.Action.RESULT_CORRECTED).count() == 1
    row = FinishedMatch.objects.get(source="tournament", source_id=match.pk)
    assert row.winner_id == match.player_b_id


def test_a_20_player_moreswiss_plays_to_its_end(club):
    tournament, players = _event(club, 20, "moreswiss", losses_out=3)
    number = 0
    while tournament.status == Tournament.Status.RUNNING:
        number += 1
        _pair(tournament)
        _play(tournament, number)
        tournament.refresh_from_db()
        assert number < 30
    # The better seed always wins: seed 1 never loses and ends alone; every other player
    # went out with exactly three losses.
    table = selectors_rounds.standings_table(tournament=tournament)
    seed = dict(tournament.entries.values_list("player_id", "seed"))
    assert (table["rows"][0]["label"], seed[table["rows"][0]["player_id"]]) == ("1st", 1)
    assert table["rows"][0]["losses"] == 0
    assert all(r["losses"] == 3 for r in table["rows"][1:])
    assert tournament.placings.get(place=1).player_id == by_seed_1(players)
    assert tournament.placings.count() == 20
    # Ten rounds (as suggested_rounds(20, losses_out=3) says). Round 8 leaves seeds 1, 2,
    # 3 and 6; seed 1 has met all three (round 2: 6, round 3: 3, round 4: 2), so exactly
    # one rematch is forced, and it is seed 1's.
    assert number == 10
    eighth = [(seed[m.player_a_id], seed[m.player_b_id]) for m in tournament.matches.filter(
        round_number=8).order_by("index")]
    assert eighth == [(1, 2), (3, 6)]
    # Losses first (all 3 but the winner), then wins: 3 won 7, 2 won 6, 6 won 5.
    assert [(seed[r["player_id"]], r["wins"]) for r in table["rows"][:4]] == [
        (1, 10), (3, 7), (2, 6), (6, 5)]


def by_seed_1(players):
    return players[0].pk


def test_players_report_and_confirm_a_swiss_match_like_a_knockout_one(club):
    tournament, players = _event(club, 4)
    _pair(tournament)
    match = tournament.matches.select_related("player_a", "player_b").first()
    report = services.match_result_report(match=match, by=match.player_b.user,
                                          winner=match.player_b_id, score_a=3, score_b=5)
    services.match_result_confirm(report=report, by=match.player_a.user)
    match.refresh_from_db()
    assert (match.status, match.winner_id) == (MatchStatus.FINISHED, match.player_b_id)
    row = FinishedMatch.objects.get(source="tournament", source_id=match.pk)
    assert (row.outcome, row.winner_id) == (FinishedMatch.Outcome.PLAYED, match.player_b_id)


def test_a_disputed_swiss_result_goes_to_the_referees(club):
    tournament, _ = _event(club, 4)
    _pair(tournament)
    match = tournament.matches.select_related("player_a", "player_b").first()
    report = services.match_result_report(match=match, by=match.player_a.user,
                                          winner=match.player_a_id, score_a=5, score_b=1)
    services.match_result_dispute(report=report, by=match.player_b.user, reason="It was 5-4")
    match.refresh_from_db()
    assert match.flag and match.status == MatchStatus.IN_PROGRESS
    with pytest.raises(services.TournamentError, match="needs its result"):
        rounds.swiss_round_preview(tournament=tournament)


def test_the_director_closes_a_swiss_after_its_last_round(club):
    tournament, players = _event(club, 4, rounds=2)
    with pytest.raises(services.TournamentError, match="no result yet"):
        _pair(tournament)
        services.tournament_close(tournament=tournament)
    _play(tournament, 1)
    _pair(tournament)
    _play(tournament, 2)
    with pytest.raises(services.TournamentError, match="All 2 rounds are played"):
        rounds.swiss_round_preview(tournament=tournament)
    services.tournament_close(tournament=tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    # Round 1: 1-3, 2-4 (1 and 2 win); round 2: 1-2 (1 wins), 3-4 (3 wins), all 5-0.
    # 1: two wins. 2 and 3: one win each, equal on Buchholz (0 + 2 and 2 + 0), median
    # Buchholz, Sonneborn-Berger (they beat 4: 0), head-to-head (never met) and points
    # difference (0): the seed puts 2 ahead. 4: none.
    places = list(tournament.placings.order_by("place").values_list("player_id", "place"))
    assert places == [(players[i].pk, i + 1) for i in range(4)]


def test_a_late_entry_with_half_points_counts_them_in_the_standings(club):
    tournament, players = _event(club, 4, late_half_points=True)
    _pair(tournament)
    _play(tournament, 1)
    (late,) = members(club, 1, start=5)
    rounds.entry_add_late(tournament=tournament, player=late)
    table = selectors_rounds.standings_table(tournament=tournament)
    row = next(r for r in table["rows"] if r["player_id"] == late.pk)
    # Missed round 1: half a point, ahead of the two round-1 losers.
    assert row["values"][0] == 0.5 and row["label"] == "3rd"


def test_a_correction_that_brings_a_moreswiss_player_back_reopens_the_event(club, alice):
    tournament, players = _event(club, 2, "moreswiss", losses_out=1)
    _pair(tournament)
    _play(tournament, 1)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    match = tournament.matches.get()
    services.match_result_correct(match=match, by=alice, winner=match.player_b_id,
                                  score_a=3, score_b=5, reason="Wrong winner written down")
    tournament.refresh_from_db()
    # Seed 1 is out now and seed 2 alone: finished again, with seed 2 first.
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.placings.get(place=1).player_id == players[1].pk


def test_a_moreswiss_correction_reopens_when_two_players_are_in_again(club, alice):
    tournament, players = _event(club, 2, "moreswiss", losses_out=2)
    for number in (1, 2):  # seed 1 wins both: seed 2 is out after two losses
        _pair(tournament)
        _play(tournament, number)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    second = tournament.matches.get(round_number=2)
    services.match_result_correct(match=second, by=alice, winner=players[1].pk,
                                  score_a=5 if second.player_a_id == players[1].pk else 2,
                                  score_b=2 if second.player_a_id == players[1].pk else 5,
                                  reason="Wrong winner written down")
    tournament.refresh_from_db()
    # One loss each: both still in, a third round to play.
    assert tournament.status == Tournament.Status.RUNNING
    assert not tournament.placings.exists()
    assert rounds.swiss_round_preview(tournament=tournament)["round"] == 3
