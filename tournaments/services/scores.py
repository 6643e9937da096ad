"""The one check of a reported match result, for every format (knockout and round
matches, ladder challenges, league fixtures): the winner is one of the two players, and
the score is one a match of that length can end at (the engine's scoring rule)."""

from django.utils.translation import gettext

from games.engine import MatchScore

from .errors import TournamentError


def result_check(*, length: int, players: tuple[int | None, int | None], winner: int,
                 score_a: int, score_b: int) -> None:
    """Raise TournamentError naming what is wrong with the result; scores in the order of
    ``players``."""
    if winner not in players:
        raise TournamentError(gettext("The winner must be one of the two players of this match."))
    if not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0
               for s in (score_a, score_b)):
        raise TournamentError(gettext("Scores are whole numbers of points."))
    score = MatchScore(length=length, scores=(score_a, score_b))
    if not score.is_final() or score.winner() != players.index(winner):
        raise TournamentError(
            gettext("In a %(length)s-point match the winner reaches %(length)s and the loser "
                    "does not: %(score_a)s–%(score_b)s is not a finished result.")
            % {"length": length, "score_a": score_a, "score_b": score_b})
