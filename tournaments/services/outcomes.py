"""What every format does with a decided match: publish it to the table of finished matches
(walkovers and byes marked), and give a walkover when a player of a ready match has left.
Below the formats' own modules (``bracket``, ``rounds``) and the results, which all use it."""

from django.utils import timezone

from config.texts import StoredText
from results.models import FinishedMatch
from results.services import finished_match_record, finished_match_void
from tournaments.models import TournamentMatch

MatchStatus = TournamentMatch.Status


def publish(row: TournamentMatch) -> None:
    """The match's row in the table of finished matches (walkovers and byes marked)."""
    tournament = row.tournament
    if row.status not in TournamentMatch.DECIDED:
        finished_match_void(source=FinishedMatch.Source.TOURNAMENT, source_id=row.pk)
        return
    outcome = {MatchStatus.FINISHED: FinishedMatch.Outcome.PLAYED,
               MatchStatus.WALKOVER: FinishedMatch.Outcome.WALKOVER,
               MatchStatus.BYE: FinishedMatch.Outcome.BYE}[row.status]
    a, b = (row.player_a, row.player_b) if row.player_a_id else (row.player_b, None)
    finished_match_record(
        club=tournament.club, source=FinishedMatch.Source.TOURNAMENT, source_id=row.pk,
        player_a=a, player_b=b if row.player_a_id else None, length=row.length,
        winner=row.winner, score_a=row.score_a, score_b=row.score_b,
        finished_at=row.finished_at or timezone.now(), outcome=outcome, venue=row.venue,
        event_kind=tournament.format,  # the kind of event the rated-match policies name
        event=StoredText.gettext("%(event)s — %(round)s", event=tournament.name,
                                 round=row.round.label))


def walkover_if_withdrawn(row: TournamentMatch, withdrawn: set[int]) -> bool:
    """A ready match with a withdrawn player: the opponent wins by walkover."""
    if row.status != MatchStatus.READY:
        return False
    out = [p for p in (row.player_a_id, row.player_b_id) if p in withdrawn]
    if not out:
        return False
    stays = row.player_b_id if out[0] == row.player_a_id else row.player_a_id
    if stays in withdrawn:  # both gone: the first-named advances on paper
        stays = row.player_a_id
    row.status, row.winner_id, row.finished_at = MatchStatus.WALKOVER, stays, timezone.now()
    row.score_a = row.score_b = None
    row.save()
    publish(row)
    return True
