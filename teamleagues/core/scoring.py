"""A match card's score: board points and match points (pure).

League rule (issue 35, 1 and 4): "the scoring (match points for a team win/draw/loss, e.g.
2/1/0 or 3/2/1, and board points)"; "Board n plays board n"; "An absent player loses by
walkover". WBGF: "a team win 2 of 3". Here: a team's board points are the boards it won
(a walkover counts for the side that was present); the team with more board points wins the
match, equal board points are a drawn match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .errors import TeamLeagueInputError
from .i18n import gettext_noop
from .problems import Problem

Side = Literal["home", "away"]
Outcome = Literal["home", "away", "draw"]
SIDES = ("home", "away")


@dataclass(frozen=True, slots=True)
class Scoring:
    """Match points for a team win, draw and loss (2/1/0 by default; Cambridge: 3/2/1)."""

    win: int = 2
    draw: int = 1
    loss: int = 0

    def __post_init__(self) -> None:
        values = (self.win, self.draw, self.loss)
        if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values) or \
                not self.win >= self.draw >= self.loss:
            raise TeamLeagueInputError(gettext_noop(
                "Match points for a win, a draw and a loss must be whole numbers from high to "
                "low, not %(win)s/%(draw)s/%(loss)s."),
                {"win": self.win, "draw": self.draw, "loss": self.loss}, code="scoring")

    def points(self, outcome: Outcome, side: Side) -> int:
        """The match points ``side`` earns for ``outcome``."""
        if outcome == "draw":
            return self.draw
        return self.win if outcome == side else self.loss


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One board's finished match: ``board`` (1 = top), who won, the match score, and
    whether it was a walkover (an absent player)."""

    board: int
    winner: Side
    score_home: int = 0
    score_away: int = 0
    walkover: bool = False


@dataclass(frozen=True, slots=True)
class CardResult:
    """The card's totals. With boards still to play, ``outcome`` is None and the match points
    are 0 (``missing`` names those boards); the board points count the boards so far."""

    home_board_points: int
    away_board_points: int
    home_match_points: int
    away_match_points: int
    outcome: Outcome | None
    missing: tuple[int, ...] = ()


def card_result(board_results: Sequence[BoardResult], boards: int, *,
                scoring: Scoring = Scoring()) -> CardResult:
    """The score of a card of ``boards`` boards from its board results (each board at most
    once, numbered 1..boards; a board not there yet is still being played). Raises
    :class:`TeamLeagueInputError` for a board outside 1..boards, twice, or a winner that is
    neither side."""
    _check_boards(board_results, boards)
    home = sum(r.winner == "home" for r in board_results)
    away = len(board_results) - home
    missing = tuple(sorted(set(range(1, boards + 1)) - {r.board for r in board_results}))
    if missing:
        return CardResult(home, away, 0, 0, None, missing)
    outcome: Outcome = "home" if home > away else "away" if away > home else "draw"
    return CardResult(home, away, scoring.points(outcome, "home"),
                      scoring.points(outcome, "away"), outcome)


#: How a playoff's winner was found: more boards won, else the top board's count-back.
PLAYOFF_DECIDERS = ("board_points", "top_board")


def playoff_winner(board_results: Sequence[BoardResult], boards: int) -> tuple[Side, str]:
    """The winner of a playoff card (all ``boards`` boards in) and how it was found.

    League rule (this league's, after the team leagues' board count-back, ECF/FIDE team
    tie-breaks: "the result on the top board decides"): a playoff cannot end level; the team
    with more board points wins it; on equal board points (an even number of boards), the
    boards are counted back from board 1, and the first board with a winner decides. Every
    board of a backgammon match has a winner, so board 1 does: the team's strongest player
    stood there by the board order."""
    result = card_result(board_results, boards)
    if result.outcome is None:
        raise TeamLeagueInputError(gettext_noop(
            "The playoff's card has boards still to play: %(boards)s."),
            {"boards": ", ".join(str(b) for b in result.missing)}, code="playoff_open")
    if result.outcome != "draw":
        return result.outcome, "board_points"
    top = min(board_results, key=lambda r: r.board)
    return top.winner, "top_board"


def _check_boards(board_results: Sequence[BoardResult], boards: int) -> None:
    seen: set[int] = set()
    for r in board_results:
        if not 1 <= r.board <= boards:
            raise TeamLeagueInputError(gettext_noop(
                "Board %(board)s is not on a card of %(boards)s boards."),
                {"board": r.board, "boards": boards}, code="board")
        if r.board in seen:
            raise TeamLeagueInputError(gettext_noop("Board %(board)s has two results."),
                                       {"board": r.board}, code="board_twice")
        if r.winner not in SIDES:
            raise TeamLeagueInputError(gettext_noop(
                "Board %(board)s: the winner is home or away, not %(winner)s."),
                {"board": r.board, "winner": r.winner}, code="winner")
        seen.add(r.board)


def board_result_problems(result: BoardResult, length: int) -> list[Problem]:
    """Whether a board's score finishes its match of ``length`` points: the winner reached
    the length, the loser did not, no score below zero. A walkover needs no score (0-0 or
    the length to 0 are both read as the walkover)."""
    scores = (result.score_home, result.score_away)
    if any(s < 0 for s in scores):
        return [Problem("score", gettext_noop("Board %(board)s: a score below zero."),
                        {"board": result.board})]
    if result.walkover:
        return []
    won, lost = scores if result.winner == "home" else scores[::-1]
    if won < length or lost >= length:
        message = (gettext_noop("Board %(board)s: %(home)s-%(away)s does not finish a "
                                "%(length)s-point match won by the home player.")
                   if result.winner == "home" else
                   gettext_noop("Board %(board)s: %(home)s-%(away)s does not finish a "
                                "%(length)s-point match won by the away player."))
        return [Problem("unfinished", message, {
            "board": result.board, "home": result.score_home, "away": result.score_away,
            "length": length})]
    return []
