"""Reading finished matches: a player's results and a head-to-head pair, each in a fixed
number of queries whatever the number of matches."""

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from clubs.models import Club, Player

from .models import FinishedMatch


def _with_players(matches: QuerySet) -> QuerySet:
    return matches.select_related("player_a", "player_b", "winner")


def player_results(*, club: Club, player: Player, played_only: bool = False
                   ) -> QuerySet[FinishedMatch]:
    """The player's finished matches at the club, newest first (one query): those the club
    organised, and those they played for it elsewhere (a federation's event, a team league's
    board, a visit to a fellow member club)."""
    matches = FinishedMatch.objects.filter(
        Q(player_a=player, player_a_club=club) | Q(player_b=player, player_b_club=club)
        | Q(club=club) & (Q(player_a=player) | Q(player_b=player)))
    if played_only:
        matches = matches.filter(outcome__in=FinishedMatch.PLAYED_OUTCOMES)
    return _with_players(matches).order_by("-finished_at", "-pk")


@dataclass(frozen=True)
class HeadToHead:
    player: Player
    opponent: Player
    matches: int
    wins: int
    losses: int
    points_for: int
    points_against: int
    meetings: tuple[FinishedMatch, ...]


def head_to_head(*, club: Club, player: Player, opponent: Player) -> HeadToHead:
    """Every played meeting of the two at the club and the record between them (one query)."""
    pair = (Q(player_a=player, player_b=opponent) | Q(player_a=opponent, player_b=player))
    meetings = tuple(_with_players(FinishedMatch.objects.filter(
        pair, club=club, outcome__in=FinishedMatch.PLAYED_OUTCOMES,
    )).order_by("-finished_at", "-pk"))
    wins = sum(1 for m in meetings if m.winner_id == player.pk)
    points_for = points_against = 0
    for match in meetings:
        mine, theirs = ((match.score_a, match.score_b) if match.player_a_id == player.pk
                        else (match.score_b, match.score_a))
        points_for += mine or 0
        points_against += theirs or 0
    return HeadToHead(player=player, opponent=opponent, matches=len(meetings), wins=wins,
                      losses=len(meetings) - wins, points_for=points_for,
                      points_against=points_against, meetings=meetings)
