"""A player's figures for a match, with gnubg's definitions (its "show statistics match"):

- moves: every roll of the player (dances included); unforced moves: those with more than
  one legal play;
- chequer-play error total (EMG) and rate (mEMG per unforced move);
- cube error total: missed doubles, wrong doubles, wrong takes and passes; rate per close or
  actual cube decision;
- overall error total and rate (per unforced move and close cube decision together);
- moves marked doubtful, bad, very bad (chequer play only, as gnubg counts them);
- luck total (EMG, signed) and rate (mEMG per move).

Errors are positive amounts of equity lost.
"""

from dataclasses import asdict, dataclass

from .decisions import MOVE, Decision


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    moves: int
    unforced_moves: int
    chequer_error_total: float
    chequer_error_rate: float
    cube_decisions: int
    close_cube_decisions: int
    cube_error_total: float
    cube_error_rate: float
    error_total: float
    error_rate: float
    doubtful: int
    bad: int
    very_bad: int
    luck_total: float
    luck_rate: float

    def to_dict(self) -> dict:
        return {key: round(value, 6) if isinstance(value, float) else value
                for key, value in asdict(self).items()}


def _rate(total: float, count: int) -> float:
    """mEMG per decision; 0 when there is none (gnubg prints 0 too)."""
    return 1000.0 * total / count if count else 0.0


def player_figures(decisions: list[Decision], player: int) -> PlayerFigures:
    mine = [d for d in decisions if d.player == player]
    moves = [d for d in mine if d.kind == MOVE]
    cube = [d for d in mine if d.kind != MOVE]
    unforced = sum(d.unforced for d in moves)
    chequer = sum(d.equity_lost for d in moves if d.unforced)
    close = sum(d.close for d in cube)
    cube_error = sum(d.equity_lost for d in cube)
    luck = sum(d.luck for d in moves if d.luck is not None)
    marks = [d.mark for d in moves]
    return PlayerFigures(
        moves=len(moves), unforced_moves=unforced,
        chequer_error_total=chequer, chequer_error_rate=_rate(chequer, unforced),
        cube_decisions=len(cube), close_cube_decisions=close,
        cube_error_total=cube_error, cube_error_rate=_rate(cube_error, close),
        error_total=chequer + cube_error, error_rate=_rate(chequer + cube_error, unforced + close),
        doubtful=marks.count("doubtful"), bad=marks.count("bad"),
        very_bad=marks.count("very_bad"),
        luck_total=luck, luck_rate=_rate(luck, len(moves)),
    )


# ------------------------------------------------------------------ figures over both players


def performance_rating(error_rate: float) -> float:
    """A PR-like figure: 500 times the equity lost (EMG) per decision, over unforced moves
    and close or actual cube decisions, i.e. half gnubg's overall error rate in mEMG.
    eXtreme Gammon's PR has this scale; its own analysis and count of decisions differ, so
    the two are close, not equal."""
    return error_rate / 2


def snowie_error_rate(error_total: float, moves: tuple[int, int]) -> float:
    """gnubg's "Snowie error rate": mEMG lost per move of both players (forced ones too)."""
    return _rate(error_total, sum(moves))


def luck_adjusted_result(actual: float, luck: tuple[float, float]) -> float:
    """gnubg's luck-adjusted result for the first of two players: the actual result less the
    luck they had over their opponent (both unnormalised: match winning chance in match
    play, points in money play), Zare's "variance reduction" of a match's result."""
    return actual - (luck[0] - luck[1])


@dataclass(frozen=True, slots=True)
class Pooled:
    """A player's figures over several matches: the errors summed, then divided by the
    decisions summed (a long match weighs more than a short one, as in gnubg's match
    statistics over a session)."""

    matches: int
    unforced_moves: int
    close_cube_decisions: int
    chequer_error_rate: float
    cube_error_rate: float
    error_rate: float
    pr: float
    cube_share: float  # the part of the equity lost that was lost on cube decisions (0-1)


def pooled_rates(*, matches: int, chequer_total: float, unforced: int, cube_total: float,
                 close: int) -> Pooled:
    total = chequer_total + cube_total
    error_rate = _rate(total, unforced + close)
    return Pooled(
        matches=matches, unforced_moves=unforced, close_cube_decisions=close,
        chequer_error_rate=_rate(chequer_total, unforced),
        cube_error_rate=_rate(cube_total, close), error_rate=error_rate,
        pr=performance_rating(error_rate), cube_share=cube_total / total if total else 0.0)
