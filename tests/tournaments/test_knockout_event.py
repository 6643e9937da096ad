"""A knockout event run through the services, scenario by scenario: entries and seeds,
the bracket, byes, results reported and confirmed, a match file as evidence, a withdrawal,
a dispute settled by a referee, a correction that changes a later round."""

import datetime

import pytest

from audit.models import AuditEntry
from results.models import FinishedMatch
from tests.factories import members, tournament_of
from tournaments import services
from tournaments.models import Entry, Placing, ResultReport, Tournament, TournamentMatch

pytestmark = pytest.mark.django_db
MatchStatus = TournamentMatch.Status


def _event(club, count, fmt, **options):
    players = members(club, count, name="Player {:02d}", username="p{}")
    return tournament_of(club, players, name="Monthly", format=fmt, options=options), players


def _match(tournament, key):
    return TournamentMatch.objects.select_related("player_a", "player_b").get(
        tournament=tournament, key=key)


def _win(tournament, key, side=0, by=None):
    match = _match(tournament, key)
    winner = match.player_a if side == 0 else match.player_b
    length = match.length
    scores = (length, 0) if side == 0 else (0, length)
    services.match_result_enter(match=match, winner=winner.pk, score_a=scores[0],
                                score_b=scores[1], by=by)
    return winner


def test_start_seeds_in_entry_order_and_gives_byes_to_the_top_seeds(club, alice):
    tournament, players = _event(club, 13, "consolation_last_chance")
    assert tournament.status == Tournament.Status.RUNNING
    byes = TournamentMatch.objects.filter(tournament=tournament, status=MatchStatus.BYE)
    assert sorted(m.winner.name for m in byes if m.flight == "main") == [
        "Player 01", "Player 02", "Player 03"]
    assert _match(tournament, "M1-2").status == MatchStatus.READY  # 8 v 9
    assert _match(tournament, "M2-1").status == MatchStatus.WAITING  # 1 v winner of 8-9


def test_lengths_per_flight_and_round(club):
    tournament, _ = _event(club, 16, "consolation", round_lengths={"main": {"semi_final": 9,
                                                                           "final": 11}})
    lengths = {(r.flight, r.number): r.length for r in tournament.rounds.all()}
    assert lengths[("main", 1)] == 7 and lengths[("main", 3)] == 9
    assert lengths[("main", 4)] == 11 and lengths[("consolation", 1)] == 5


def test_even_lengths_are_refused(club):
    with pytest.raises(services.TournamentError, match="odd"):
        services.tournament_create(club=club, name="Bad", starts_on=datetime.date.today(),
                                   options={"lengths": {"main": 6}})


def test_a_result_advances_the_bracket_and_is_published(club, alice):
    tournament, _ = _event(club, 13, "consolation_last_chance")
    winner = _win(tournament, "M1-2", side=1, by=alice)
    next_match = _match(tournament, "M2-1")
    assert next_match.status == MatchStatus.READY and next_match.player_b == winner
    loser_slot = _match(tournament, "C1-1")  # the 8-9 loser meets the bye from 1-16
    assert loser_slot.status == MatchStatus.BYE
    row = FinishedMatch.objects.get(source="tournament", source_id=_match(tournament, "M1-2").pk)
    assert row.winner == winner and row.is_played and row.length == 7


def test_a_score_that_does_not_reach_the_length_is_refused(club, alice):
    tournament, _ = _event(club, 4, "single_elimination")
    match = _match(tournament, "M1-1")
    with pytest.raises(services.TournamentError, match="not a finished result"):
        services.match_result_enter(match=match, winner=match.player_a_id, score_a=5,
                                    score_b=3, by=alice)
    assert _match(tournament, "M1-1").status == MatchStatus.READY


def test_a_report_on_a_match_that_is_not_ready_is_refused(club):
    tournament, players = _event(club, 4, "single_elimination")
    final = _match(tournament, "M2-1")
    with pytest.raises(services.TournamentError, match="not ready"):
        services.match_result_report(match=final, by=players[0].user, winner=players[0].pk,
                                     score_a=7, score_b=0)


def test_a_player_reports_and_the_opponent_confirms(club):
    tournament, players = _event(club, 4, "single_elimination")
    match = _match(tournament, "M1-1")
    a, b = match.player_a, match.player_b
    report = services.match_result_report(match=match, by=a.user, winner=a.pk, score_a=7,
                                          score_b=4)
    assert _match(tournament, "M1-1").status == MatchStatus.IN_PROGRESS
    with pytest.raises(services.NotAllowed, match="opponent"):
        services.match_result_confirm(report=report, by=a.user)
    services.match_result_confirm(report=report, by=b.user)
    match = _match(tournament, "M1-1")
    assert match.status == MatchStatus.FINISHED and match.winner == a
    assert match.confirmed_by == b.user


def test_the_same_report_from_both_players_gives_one_result(club):
    tournament, _ = _event(club, 4, "single_elimination")
    match = _match(tournament, "M1-1")
    a, b = match.player_a, match.player_b
    services.match_result_report(match=match, by=a.user, winner=a.pk, score_a=7, score_b=2)
    services.match_result_report(match=match, by=b.user, winner=a.pk, score_a=7, score_b=2)
    assert _match(tournament, "M1-1").status == MatchStatus.FINISHED
    assert FinishedMatch.objects.filter(source="tournament").count() == 1


def test_a_dispute_goes_to_the_referee_who_settles_it(club, carol):
    tournament, _ = _event(club, 4, "single_elimination")
    match = _match(tournament, "M1-1")
    a, b = match.player_a, match.player_b
    report = services.match_result_report(match=match, by=a.user, winner=a.pk, score_a=7,
                                          score_b=2)
    services.match_result_dispute(report=report, by=b.user, reason="I won 7-6")
    match = _match(tournament, "M1-1")
    assert "I won 7-6" in match.flag and match.status == MatchStatus.IN_PROGRESS
    services.match_result_resolve(match=match, by=carol, winner=b.pk, score_a=6, score_b=7,
                                  reason="Both scoresheets checked")
    match = _match(tournament, "M1-1")
    assert match.winner == b and not match.flag
    assert AuditEntry.objects.filter(action="result_dispute_resolved").count() == 1
    assert ResultReport.objects.get(pk=report.pk).status == ResultReport.Status.WITHDRAWN


def test_a_withdrawal_gives_the_next_opponent_a_walkover(club, alice):
    tournament, _ = _event(club, 4, "single_elimination")
    winner = _win(tournament, "M1-1", by=alice)
    other = _match(tournament, "M1-2")
    entry = Entry.objects.get(tournament=tournament, player=other.player_a)
    services.entry_withdraw(entry=entry, by=alice)
    walkover = _match(tournament, "M1-2")
    assert walkover.status == MatchStatus.WALKOVER and walkover.winner == other.player_b
    final = _match(tournament, "M2-1")
    assert final.status == MatchStatus.READY and {final.player_a, final.player_b} == {
        winner, other.player_b}
    row = FinishedMatch.objects.get(source="tournament", source_id=walkover.pk)
    assert row.outcome == "walkover" and not row.is_played


def test_a_correction_flows_to_later_matches_and_flags_those_already_played(club, alice, carol):
    tournament, _ = _event(club, 8, "single_elimination")
    first = _win(tournament, "M1-1", by=alice)
    _win(tournament, "M1-2", by=alice)
    _win(tournament, "M1-3", by=alice)
    _win(tournament, "M1-4", by=alice)
    semi = _match(tournament, "M2-1")
    assert semi.player_a == first
    wrong = _match(tournament, "M1-1")
    services.match_result_correct(match=wrong, by=carol, winner=wrong.player_b_id, score_a=3,
                                  score_b=7, reason="Scoresheet misread")
    semi = _match(tournament, "M2-1")
    # not started: fixed
    assert semi.player_a == wrong.player_b and semi.status == MatchStatus.READY
    _win(tournament, "M2-2", by=alice)
    services.match_result_correct(match=_match(tournament, "M1-3"), by=carol,
                                  winner=_match(tournament, "M1-3").player_b_id,
                                  score_a=0, score_b=7, reason="Wrong winner entered")
    played = _match(tournament, "M2-2")
    assert played.status == MatchStatus.FINISHED and "should be" in played.flag  # flagged, kept
    entry = AuditEntry.objects.filter(action="result_corrected").first()
    assert entry.reason == "Wrong winner entered" and entry.before["winner"] != entry.after[
        "winner"]


def test_a_nine_player_double_elimination_runs_to_its_end(club, alice):
    tournament, _ = _event(club, 9, "double_elimination")
    for _ in range(40):
        ready = TournamentMatch.objects.filter(tournament=tournament,
                                               status=MatchStatus.READY).first()
        if ready is None:
            break
        _win(tournament, ready.key, side=1 if ready.flight == "final" else 0, by=alice)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert _match(tournament, "F2").status == MatchStatus.FINISHED  # losers' side won F1: a reset


def test_a_thirteen_player_event_runs_every_flight_to_its_end(club, alice):
    tournament, _ = _event(club, 13, "consolation_last_chance")
    for _ in range(60):
        ready = TournamentMatch.objects.filter(tournament=tournament,
                                               status=MatchStatus.READY).first()
        if ready is None:
            break
        _win(tournament, ready.key, by=alice)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert set(TournamentMatch.objects.filter(tournament=tournament).values_list(
        "status", flat=True)) <= {MatchStatus.FINISHED, MatchStatus.BYE, MatchStatus.SKIPPED}


def _run_to_end(tournament, *, by, side=0):
    for _ in range(80):
        ready = TournamentMatch.objects.filter(tournament=tournament,
                                               status=MatchStatus.READY).first()
        if ready is None:
            return
        _win(tournament, ready.key, side=side, by=by)


def test_a_finished_event_stores_each_competitions_placings(club, alice):
    tournament, players = _event(club, 8, "consolation")
    _run_to_end(tournament, by=alice)  # the top-named player always wins: seed order holds
    rows = {(p.competition, p.player.name): p for p in Placing.objects.filter(
        tournament=tournament).select_related("player")}
    winner = rows["main", "Player 01"]
    assert (winner.place, winner.shared, winner.field_size, winner.label) == (1, 1, 8, "1st")
    assert rows["main", "Player 02"].place == 2
    semi = rows["main", "Player 04"]
    assert (semi.place, semi.shared, semi.label) == (3, 2, "3rd=")
    assert {name for (comp, name) in rows if comp == "consolation"} == {
        f"Player {n:02d}" for n in range(3, 9)}  # losers of main rounds 1 and 2


def test_a_correction_that_reopens_the_event_removes_its_placings(club, alice, carol):
    tournament, _ = _event(club, 4, "single_elimination")
    _run_to_end(tournament, by=alice)
    assert Placing.objects.filter(tournament=tournament).count() == 4
    final = _match(tournament, "M2-1")
    services.match_result_correct(match=final, by=carol, winner=final.player_b_id,
                                  score_a=3, score_b=7, reason="Wrong winner entered")
    first = Placing.objects.get(tournament=tournament, place=1)
    assert first.player_id == final.player_b_id  # still finished: placings rewritten


def test_a_correction_that_makes_the_reset_unneeded_flags_it(club, alice, carol):
    tournament, _ = _event(club, 4, "double_elimination")
    _run_to_end(tournament, by=alice, side=1)  # the losers' side wins F1: the reset is played
    assert _match(tournament, "F2").status == MatchStatus.FINISHED
    first = _match(tournament, "F1")
    services.match_result_correct(match=first, by=carol, winner=first.player_a_id,
                                  score_a=7, score_b=2, reason="Scoresheet misread")
    reset = _match(tournament, "F2")
    assert reset.status == MatchStatus.FINISHED and "no longer needed" in reset.flag


def test_byes_are_kept_in_the_finished_matches_as_not_played(club, alice):
    tournament, _ = _event(club, 13, "consolation_last_chance")
    byes = FinishedMatch.objects.filter(source="tournament", outcome="bye")
    assert sorted(b.winner.name for b in byes) == ["Player 01", "Player 02", "Player 03"]
    assert not any(b.is_played for b in byes) and all(b.player_b is None for b in byes)
    _win(tournament, "M1-2", side=1, by=alice)  # 8-9's loser gets 1-16's "loser", a bye
    consolation_bye = FinishedMatch.objects.get(source="tournament", outcome="bye",
                                                source_id=_match(tournament, "C1-1").pk)
    assert consolation_bye.winner == _match(tournament, "M1-2").player_a


def test_a_correction_moves_a_consolation_bye_to_the_right_player(club, alice, carol):
    tournament, _ = _event(club, 13, "consolation_last_chance")
    _win(tournament, "M1-2", side=1, by=alice)
    first = _match(tournament, "M1-2")
    services.match_result_correct(match=first, by=carol, winner=first.player_a_id,
                                  score_a=7, score_b=5, reason="Scoresheet misread")
    row = FinishedMatch.objects.get(source="tournament",
                                    source_id=_match(tournament, "C1-1").pk)
    assert row.outcome == "bye" and row.winner == first.player_b


def test_a_correction_updates_the_finished_match_row(club, alice, carol):
    tournament, _ = _event(club, 4, "single_elimination")
    _win(tournament, "M1-1", by=alice)
    match = _match(tournament, "M1-1")
    services.match_result_correct(match=match, by=carol, winner=match.player_b_id, score_a=5,
                                  score_b=7, reason="Names swapped")
    row = FinishedMatch.objects.get(source="tournament", source_id=match.pk)
    assert (row.winner_id, row.score_a, row.score_b) == (match.player_b_id, 5, 7)
    assert row.is_played


# --------------------------------------------------------------------------- corrections and
# reports, the cases the issue names one by one ("Corrections", "Result reporting")


def test_a_correction_of_a_walkover_records_a_played_result_and_moves_the_later_round(
        club, alice, carol):
    """The director withdrew the wrong player: the match was in fact played."""
    tournament, _ = _event(club, 4, "single_elimination")
    _win(tournament, "M1-1", by=alice)
    semi = _match(tournament, "M1-2")
    services.entry_withdraw(entry=Entry.objects.get(tournament=tournament,
                                                    player=semi.player_a), by=alice)
    assert _match(tournament, "M1-2").winner == semi.player_b  # by walkover
    services.match_result_correct(match=semi, by=carol, winner=semi.player_a_id, score_a=7,
                                  score_b=6, reason="They played: wrong player withdrawn")
    semi = _match(tournament, "M1-2")
    assert (semi.status, semi.winner, semi.score_a, semi.score_b) == (
        MatchStatus.FINISHED, semi.player_a, 7, 6)
    row = FinishedMatch.objects.get(source="tournament", source_id=semi.pk)
    assert row.outcome == FinishedMatch.Outcome.PLAYED and row.winner == semi.player_a
    entry = AuditEntry.objects.get(action="result_corrected")
    assert entry.before["status"] == MatchStatus.WALKOVER
    assert entry.after["status"] == MatchStatus.FINISHED
    final = _match(tournament, "M2-1")
    assert semi.player_a_id in (final.player_a_id, final.player_b_id)


def test_a_correction_flags_a_later_match_in_progress_and_keeps_it(club, alice, carol):
    tournament, _ = _event(club, 4, "single_elimination")
    _win(tournament, "M1-1", by=alice)
    _win(tournament, "M1-2", by=alice)
    final = _match(tournament, "M2-1")
    services.match_start(match=final)
    semi = _match(tournament, "M1-1")
    services.match_result_correct(match=semi, by=carol, winner=semi.player_b_id, score_a=2,
                                  score_b=7, reason="Scoresheet misread")
    kept = _match(tournament, "M2-1")
    assert kept.status == MatchStatus.IN_PROGRESS  # nothing is silently changed or deleted
    assert (kept.player_a_id, kept.player_b_id) == (final.player_a_id, final.player_b_id)
    assert f"should be {semi.player_b.name} v {final.player_b.name}" in kept.flag
    assert "in progress" in kept.flag
    assert not FinishedMatch.objects.filter(source="tournament", source_id=kept.pk).exists()


def test_a_correction_gives_a_later_walkover_to_the_right_players(club, alice, carol):
    """A walkover is not a played match: when a correction puts someone else in the
    withdrawn player's place, the match is played after all."""
    tournament, _ = _event(club, 4, "single_elimination")
    first = _match(tournament, "M1-1")
    _win(tournament, "M1-1", by=alice)  # Player 01 beats Player 04 ...
    _win(tournament, "M1-2", by=alice)
    services.entry_withdraw(entry=Entry.objects.get(tournament=tournament,
                                                    player=first.player_a), by=alice)
    final = _match(tournament, "M2-1")
    assert final.status == MatchStatus.WALKOVER  # ... then withdraws before the final
    services.match_result_correct(match=first, by=carol, winner=first.player_b_id,
                                  score_a=5, score_b=7, reason="Player 04 won 7-5")
    final = _match(tournament, "M2-1")
    assert final.status == MatchStatus.READY and final.winner_id is None and not final.flag
    assert first.player_b_id in (final.player_a_id, final.player_b_id)
    row = FinishedMatch.objects.get(source="tournament", source_id=final.pk)
    assert row.outcome == FinishedMatch.Outcome.VOID  # the walkover is gone from the table
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.RUNNING
    assert not Placing.objects.filter(tournament=tournament).exists()
    _win(tournament, "M2-1", by=alice)  # played after all: the same row, played
    assert FinishedMatch.objects.get(pk=row.pk).outcome == FinishedMatch.Outcome.PLAYED


def test_a_correction_that_keeps_the_withdrawn_player_in_place_keeps_the_walkover(
        club, alice, carol):
    tournament, _ = _event(club, 4, "single_elimination")
    _win(tournament, "M1-1", by=alice)
    _win(tournament, "M1-2", by=alice)
    first = _match(tournament, "M1-1")
    services.entry_withdraw(entry=Entry.objects.get(tournament=tournament,
                                                    player=first.player_a), by=alice)
    services.match_result_correct(match=first, by=carol, winner=first.player_a_id,
                                  score_a=7, score_b=5, reason="The score was 7-5")
    final = _match(tournament, "M2-1")
    assert final.status == MatchStatus.WALKOVER and not final.flag
    assert final.winner_id == _match(tournament, "M1-2").player_a_id


def test_a_match_file_whose_check_finds_violations_flags_the_match_with_the_reason(
        club, django_capture_on_commit_callbacks):
    from tests.factories import sample_bytes

    tournament, _ = _event(club, 2, "single_elimination")
    match = _match(tournament, "M1-1")
    # The file's score agrees (2-7, the right-hand player wins), but its play breaks a rule.
    with django_capture_on_commit_callbacks(execute=True):
        report = services.match_result_report(
            match=match, by=match.player_b.user, winner=match.player_b_id, score_a=2,
            score_b=7, match_file=sample_bytes("5nqfGw9bWG3deTaU.mat"), filename="x.mat")
    report.refresh_from_db()
    assert report.status == ResultReport.Status.FLAGGED
    assert report.match_record.rules_check.status == "failed"
    match = _match(tournament, "M1-1")
    assert match.status == MatchStatus.IN_PROGRESS and match.winner_id is None
    assert match.flag == "Reported 2–7, but the rules check found violations."
    # Kept untranslated: each reader sees it in their own language, whoever's request (or
    # worker) wrote it.
    from django.utils import translation

    with translation.override("de"):
        assert match.shown_flag == ("Gemeldet 2–7, aber die Regelprüfung hat Verstöße "
                                    "gefunden.")
        assert report.shown_note == match.shown_flag
    with translation.override("en"):
        assert report.shown_note == match.flag
    with pytest.raises(services.TournamentError, match="no longer waiting"):
        services.match_result_confirm(report=report, by=match.player_a.user)  # a referee's


def test_a_disputed_match_is_settled_by_a_referee_not_entered_over(club, alice, carol):
    """Entering over a dispute would drop it without a reason and leave its flag behind."""
    tournament, _ = _event(club, 4, "single_elimination")
    match = _match(tournament, "M1-1")
    a, b = match.player_a, match.player_b
    report = services.match_result_report(match=match, by=a.user, winner=a.pk, score_a=7,
                                          score_b=2)
    services.match_result_dispute(report=report, by=b.user, reason="I won 7-6")
    with pytest.raises(services.TournamentError, match="with the referees"):
        services.match_result_enter(match=match, by=alice, winner=a.pk, score_a=7, score_b=2)
    match = _match(tournament, "M1-1")
    assert match.status == MatchStatus.IN_PROGRESS and "I won 7-6" in match.flag
    assert ResultReport.objects.get(pk=report.pk).status == ResultReport.Status.DISPUTED


def test_a_report_waiting_for_the_opponent_gives_way_to_the_directors_result(club, alice):
    tournament, _ = _event(club, 4, "single_elimination")
    match = _match(tournament, "M1-1")
    a, b = match.player_a, match.player_b
    report = services.match_result_report(match=match, by=a.user, winner=a.pk, score_a=7,
                                          score_b=2)
    services.match_result_enter(match=match, by=alice, winner=b.pk, score_a=6, score_b=7)
    match = _match(tournament, "M1-1")
    assert match.status == MatchStatus.FINISHED and match.winner == b and not match.flag
    assert ResultReport.objects.get(pk=report.pk).status == ResultReport.Status.WITHDRAWN


def test_a_match_file_the_check_could_not_replay_flags_the_match_saying_so(club):
    from games.services.rules_check import rules_check_run
    from tests.factories import sample_bytes
    from tournaments.services.results import report_verify

    tournament, _ = _event(club, 2, "single_elimination")
    match = _match(tournament, "M1-1")
    report = services.match_result_report(  # the check runs after the commit: not here
        match=match, by=match.player_a.user, winner=match.player_a_id, score_a=8, score_b=5,
        match_file=sample_bytes("7point.mat"), filename="x.mat")
    check = report.match_record.rules_check
    rules_check_run(check_id=check.pk)
    type(check).objects.filter(pk=check.pk).update(status="error")  # the checker crashed
    report_verify(report_id=report.pk)
    match = _match(tournament, "M1-1")
    assert match.flag == "Reported 8–5, but the rules check could not replay the match file."
    assert ResultReport.objects.get(pk=report.pk).status == ResultReport.Status.FLAGGED


def test_a_match_played_after_a_walkover_that_a_correction_reopens_is_flagged(club, alice,
                                                                             carol):
    tournament, _ = _event(club, 8, "single_elimination")
    for key in ("M1-1", "M1-2", "M1-3", "M1-4"):
        _win(tournament, key, by=alice)
    first = _match(tournament, "M1-1")
    services.entry_withdraw(entry=Entry.objects.get(tournament=tournament,
                                                    player=first.player_a), by=alice)
    assert _match(tournament, "M2-1").status == MatchStatus.WALKOVER
    _win(tournament, "M2-2", by=alice)
    _win(tournament, "M3-1", by=alice)  # the final, played by the walkover's winner
    services.match_result_correct(match=first, by=carol, winner=first.player_b_id,
                                  score_a=5, score_b=7, reason="Player 08 won 7-5")
    assert _match(tournament, "M2-1").status == MatchStatus.READY  # to be played after all
    final = _match(tournament, "M3-1")
    assert final.status == MatchStatus.FINISHED  # kept, for the referee
    assert final.flag == ("After a correction, this match waits again on an earlier match; "
                          "it was finished. A referee decides.")


def _reported_with_its_file(club):
    """A two-player final reported 8-5 with its match file, the file's rules check run."""
    from games.services.rules_check import rules_check_run
    from tests.factories import sample_bytes

    tournament, _ = _event(club, 2, "single_elimination")
    match = _match(tournament, "M1-1")
    report = services.match_result_report(
        match=match, by=match.player_a.user, winner=match.player_a_id, score_a=8, score_b=5,
        match_file=sample_bytes("7point.mat"), filename="x.mat")
    rules_check_run(check_id=report.match_record.rules_check.pk)
    return tournament, report


def test_a_match_with_its_file_as_evidence_is_one_finished_match(club):
    """The evidence's match record is checked and analysed, but the table of finished matches
    (ratings, head-to-head, standings) holds the match once: as the tournament's."""
    from tournaments.services.results import report_verify

    tournament, report = _reported_with_its_file(club)
    report_verify(report_id=report.pk)
    assert _match(tournament, "M1-1").status == MatchStatus.FINISHED
    assert list(FinishedMatch.objects.values_list("source", flat=True)) == ["tournament"]


def test_the_migration_voids_the_evidence_rows_rated_twice_before(club):
    """Before the fix the evidence's record published a row too: the data migration turns
    such records into evidence, voids their rows and marks the club's ratings stale."""
    import importlib

    from django.apps import apps

    from games.models import MatchRecord
    from games.services.match_results import match_record_result_publish
    from ratings.models import RatingSettings

    _, report = _reported_with_its_file(club)
    MatchRecord.objects.filter(pk=report.match_record_id).update(is_evidence=False)
    match_record_result_publish(record=MatchRecord.objects.get(pk=report.match_record_id))
    assert FinishedMatch.objects.get(source="match_record").outcome == "played"  # as before
    RatingSettings.objects.filter(club=club).update(recompute_from_at=None,
                                                    recompute_from_match=None)
    migration = importlib.import_module("ratings.migrations.0002_evidence_counted_once")
    migration.forwards(apps, None)
    assert MatchRecord.objects.get(pk=report.match_record_id).is_evidence
    assert FinishedMatch.objects.get(source="match_record").outcome == "void"
    assert RatingSettings.objects.get(club=club).recompute_pending
