"""A correction never puts a player into a match they did not earn (issue 18): a match
played by players a correction has since changed is flagged, its result held back (the
later matches keep what it produced or wait) until a referee rules: the result stands
(its winner goes on), a replay (the right players play it), or a new result between the
right players. A flag a later correction makes moot goes away."""

import datetime

import pytest

from results.models import FinishedMatch
from tests.factories import members, tournament_of
from tournaments import services
from tournaments.models import Placing, Tournament, TournamentMatch

pytestmark = pytest.mark.django_db
MatchStatus = TournamentMatch.Status


def _event(club, count, fmt="single_elimination"):
    players = members(club, count, name="Player {:02d}", username="p{}")
    return tournament_of(club, players, format=fmt), players


def _match(tournament, key):
    return TournamentMatch.objects.select_related("player_a", "player_b").get(
        tournament=tournament, key=key)


def _win(tournament, key, side=0, by=None):
    match = _match(tournament, key)
    winner = (match.player_a_id, match.player_b_id)[side]
    scores = (match.length, 0) if side == 0 else (0, match.length)
    services.match_result_enter(match=match, winner=winner, score_a=scores[0],
                                score_b=scores[1], by=by)


def _correct(tournament, key, *, side, by):
    match = _match(tournament, key)
    winner = (match.player_a_id, match.player_b_id)[side]
    scores = (match.length, 3) if side == 0 else (3, match.length)
    services.match_result_correct(match=match, by=by, winner=winner, score_a=scores[0],
                                  score_b=scores[1], reason="Scoresheet misread")


def _players(match):
    return (match.player_a.name if match.player_a else None,
            match.player_b.name if match.player_b else None)


@pytest.fixture
def semi_played(club, alice, carol):
    """8 players: 1 beats 8, 4 beats 5, then 1 beats 4 in the semi-final; then a referee
    corrects round 1 (8 won)."""
    tournament, players = _event(club, 8)
    for key in ("M1-1", "M1-2", "M1-3", "M1-4"):
        _win(tournament, key, by=alice)
    _win(tournament, "M2-1", by=alice)
    _correct(tournament, "M1-1", side=1, by=carol)
    return tournament


def test_the_final_does_not_get_a_player_who_never_played_the_semi_final(semi_played):
    semi = _match(semi_played, "M2-1")
    assert semi.status == MatchStatus.FINISHED and _players(semi) == ("Player 01", "Player 04")
    assert "should be Player 08 v Player 04" in semi.flag
    final = _match(semi_played, "M3-1")
    assert "Player 08" not in _players(final)
    assert final.status == MatchStatus.WAITING and final.player_a is None  # until a referee rules


def test_a_final_already_ready_waits_again_until_the_ruling(club, alice, carol):
    tournament, _ = _event(club, 8)
    for key in ("M1-1", "M1-2", "M1-3", "M1-4", "M2-1", "M2-2"):
        _win(tournament, key, by=alice)
    assert _players(_match(tournament, "M3-1")) == ("Player 01", "Player 02")
    _correct(tournament, "M1-1", side=1, by=carol)
    final = _match(tournament, "M3-1")
    assert final.status == MatchStatus.WAITING and _players(final) == (None, "Player 02")
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.RUNNING


def test_when_the_result_stands_the_bracket_credits_who_won_it(semi_played, carol, alice):
    services.match_flag_clear(match=_match(semi_played, "M2-1"), by=carol,
                              reason="Played in good faith: it stands")
    semi = _match(semi_played, "M2-1")
    assert not semi.flag and semi.result_stands
    _win(semi_played, "M2-2", by=alice)
    final = _match(semi_played, "M3-1")
    assert final.status == MatchStatus.READY and _players(final) == ("Player 01", "Player 02")
    assert not _match(semi_played, "M2-1").flag  # a later result does not flag it again
    _win(semi_played, "M3-1", by=alice)
    places = dict(Placing.objects.filter(tournament=semi_played).values_list(
        "player__name", "place"))
    assert places["Player 01"] == 1 and places["Player 02"] == 2
    assert places["Player 08"] == 3 and places["Player 04"] == 3  # 8 lost their place


def test_a_replay_gives_the_match_to_the_right_players(semi_played, carol, alice):
    semi = _match(semi_played, "M2-1")
    played = FinishedMatch.objects.get(source="tournament", source_id=semi.pk)
    services.match_replay(match=semi, by=carol, reason="Replay it with the right players")
    semi = _match(semi_played, "M2-1")
    assert semi.status == MatchStatus.READY and _players(semi) == ("Player 08", "Player 04")
    assert semi.winner_id is None and not semi.flag
    assert FinishedMatch.objects.get(pk=played.pk).outcome == FinishedMatch.Outcome.VOID
    _win(semi_played, "M2-1", side=1, by=alice)
    assert _players(_match(semi_played, "M3-1"))[0] == "Player 04"


def test_a_new_result_between_the_right_players_moves_the_bracket(semi_played, carol):
    semi = _match(semi_played, "M2-1")
    four = semi.player_b_id
    services.match_result_resolve(match=semi, by=carol, winner=four, score_a=2, score_b=7,
                                  reason="They played it again: 4 won")
    semi = _match(semi_played, "M2-1")
    assert semi.status == MatchStatus.FINISHED and _players(semi) == ("Player 08", "Player 04")
    assert semi.winner_id == four and not semi.flag
    assert _players(_match(semi_played, "M3-1"))[0] == "Player 04"


def test_a_new_result_must_name_one_of_the_right_players(semi_played, carol):
    semi = _match(semi_played, "M2-1")
    with pytest.raises(services.TournamentError):
        services.match_result_resolve(match=semi, by=carol, winner=semi.player_a_id,
                                      score_a=7, score_b=2, reason="Player 01 won")
    semi = _match(semi_played, "M2-1")  # nothing half-saved
    assert semi.status == MatchStatus.FINISHED and _players(semi) == ("Player 01", "Player 04")


def test_a_flag_made_moot_by_a_second_correction_goes_away(semi_played, carol):
    assert _match(semi_played, "M2-1").flag
    _correct(semi_played, "M1-1", side=0, by=carol)  # 1 won after all
    semi = _match(semi_played, "M2-1")
    assert not semi.flag
    assert _players(_match(semi_played, "M3-1"))[0] == "Player 01"


def test_a_reset_flag_made_moot_goes_away(club, alice, carol):
    tournament, _ = _event(club, 4, "double_elimination")
    for _ in range(20):
        ready = TournamentMatch.objects.filter(tournament=tournament,
                                               status=MatchStatus.READY).first()
        if ready is None:
            break
        _win(tournament, ready.key, side=1 if ready.flight == "final" else 0, by=alice)
    assert _match(tournament, "F2").status == MatchStatus.FINISHED
    _correct(tournament, "F1", side=0, by=carol)
    assert "no longer needed" in _match(tournament, "F2").flag
    _correct(tournament, "F1", side=1, by=carol)
    assert not _match(tournament, "F2").flag


def test_double_elimination_holds_both_the_winner_and_the_loser(club, alice, carol):
    tournament, _ = _event(club, 8, "double_elimination")
    for key in ("M1-1", "M1-2", "M1-3", "M1-4", "M2-1"):
        _win(tournament, key, by=alice)
    drop = next(m for m in TournamentMatch.objects.filter(tournament=tournament,
                                                           flight="losers")
                if m.slot_a == {"loser_of": "M2-1"} or m.slot_b == {"loser_of": "M2-1"})
    assert "Player 04" in _players(_match(tournament, drop.key))
    _correct(tournament, "M1-1", side=1, by=carol)
    assert "should be Player 08 v Player 04" in _match(tournament, "M2-1").flag
    assert "Player 08" not in _players(_match(tournament, "M3-1"))
    assert "Player 08" not in _players(_match(tournament, drop.key))
    assert "Player 04" not in _players(_match(tournament, drop.key))  # held: not known yet
    # The corrected loser drops into the losers' bracket as usual.
    assert any("Player 01" in _players(m) for m in TournamentMatch.objects.filter(
        tournament=tournament, flight="losers", round_number=1).select_related(
        "player_a", "player_b"))


def test_a_result_cannot_stand_when_its_player_now_plays_elsewhere(club, alice, carol):
    """Double elimination: the corrected loser now has a place in the losers' bracket; the
    semi-final they played cannot also stand (they would be in two places)."""
    tournament, _ = _event(club, 8, "double_elimination")
    for key in ("M1-1", "M1-2", "M1-3", "M1-4", "M2-1"):
        _win(tournament, key, by=alice)
    _correct(tournament, "M1-1", side=1, by=carol)
    with pytest.raises(services.TournamentError, match="Player 01"):
        services.match_flag_clear(match=_match(tournament, "M2-1"), by=carol,
                                  reason="Keep it")
    assert _match(tournament, "M2-1").flag


def test_a_consolation_gets_the_loser_of_a_flagged_match_only_after_the_ruling(
        club, alice, carol):
    tournament, _ = _event(club, 8, "consolation")
    for key in ("M1-1", "M1-2", "M1-3", "M1-4"):
        _win(tournament, key, by=alice)
    _win(tournament, "M2-1", side=1, by=alice)  # 4 beats 1
    _correct(tournament, "M1-1", side=1, by=carol)  # 8 beat 1
    consolation = TournamentMatch.objects.filter(tournament=tournament,
                                                 flight="consolation").select_related(
        "player_a", "player_b")
    names = [n for m in consolation for n in _players(m) if n]
    assert "Player 08" not in names  # 8 lost nothing
    assert names.count("Player 01") == 1  # 1 lost round 1: in once, from round 1
    services.match_replay(match=_match(tournament, "M2-1"), by=carol, reason="Replay")
    _win(tournament, "M2-1", side=0, by=alice)  # 8 beats 4 this time
    names = [n for m in consolation.all() for n in _players(m) if n]
    assert "Player 04" in names and names.count("Player 01") == 1


@pytest.mark.parametrize("fmt, stands", [("single_elimination", True),
                                         ("double_elimination", False)])
def test_a_match_in_progress_with_the_wrong_players_may_stand_unless_one_plays_elsewhere(
        club, alice, carol, fmt, stands):
    tournament, _ = _event(club, 8, fmt)
    for key in ("M1-1", "M1-2", "M1-3", "M1-4"):
        _win(tournament, key, by=alice)
    services.match_start(match=_match(tournament, "M2-1"))  # 1 v 4, being played
    _correct(tournament, "M1-1", side=1, by=carol)
    semi = _match(tournament, "M2-1")
    assert semi.status == MatchStatus.IN_PROGRESS and "should be Player 08 v Player 04" in semi.flag
    if not stands:  # 1 now plays in the losers' bracket: not in two places at once
        with pytest.raises(services.TournamentError, match="Player 01 now also plays"):
            services.match_flag_clear(match=semi, by=carol, reason="Let them play")
        return
    services.match_flag_clear(match=semi, by=carol, reason="Let them play")
    _win(tournament, "M2-1", by=alice)  # 1 beats 4
    semi = _match(tournament, "M2-1")
    assert semi.status == MatchStatus.FINISHED and not semi.flag
    assert _players(_match(tournament, "M3-1"))[0] == "Player 01"


def test_a_corrected_result_keeps_its_place_in_time(club, alice, carol):
    """Issue 32: a correction changes who won, not when the match was played; the finished
    match (what every rating list replays) keeps its first time."""
    tournament, _ = _event(club, 4)
    _win(tournament, "M1-1", by=alice)
    _win(tournament, "M1-2", by=alice)
    first = _match(tournament, "M1-1")
    played_at = first.finished_at
    TournamentMatch.objects.filter(pk=first.pk).update(
        finished_at=played_at - datetime.timedelta(days=3))
    FinishedMatch.objects.filter(source="tournament", source_id=first.pk).update(
        finished_at=played_at - datetime.timedelta(days=3))
    _correct(tournament, "M1-1", side=1, by=carol)
    corrected = _match(tournament, "M1-1")
    row = FinishedMatch.objects.get(source="tournament", source_id=first.pk)
    assert corrected.winner_id == corrected.player_b_id
    assert corrected.finished_at == played_at - datetime.timedelta(days=3)
    assert row.finished_at == corrected.finished_at and row.winner_id == corrected.player_b_id
