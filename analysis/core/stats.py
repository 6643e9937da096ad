"""A player's figures for a match, as gnubg's "show statistics match" gives them
(``analysis.core.statistics`` reads them; nothing here adds them up again):

- moves: every roll of the player (dances included); unforced moves: those with more than
  one legal play;
- chequer-play error total (EMG) and rate (mEMG per unforced move);
- cube decisions, the close or actual ones, the cube error total and rate;
- overall error total and rate, gnubg's Snowie error rate;
- moves marked doubtful, bad, very bad (chequer play, at the thresholds gnubg analysed with);
- luck total (EMG, signed) and rate (mEMG per move);
- the actual and the luck-adjusted results (match winning chance gained from 50%, or points
  in money play; None when gnubg has none).

Errors are positive amounts of equity lost. Over several matches (``pooled_rates``) the
errors are summed and divided by the decisions summed, as gnubg does over a session.
"""

from dataclasses import asdict, dataclass


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
    snowie_error_rate: float
    actual_result: float | None
    luck_adjusted_result: float | None

    def to_dict(self) -> dict:
        return {key: round(value, 6) if isinstance(value, float) else value
                for key, value in asdict(self).items()}


def _rate(total: float, count: int) -> float:
    """mEMG per decision; 0 when there is none (gnubg prints 0 too)."""
    return 1000.0 * total / count if count else 0.0


# ------------------------------------------------------------------ beside gnubg's figures


def performance_rating(error_rate: float) -> float:
    """A PR-like figure: 500 times the equity lost (EMG) per decision, over unforced moves
    and close or actual cube decisions, i.e. half gnubg's overall error rate in mEMG.
    eXtreme Gammon's PR has this scale; its own analysis and count of decisions differ, so
    the two are close, not equal."""
    return error_rate / 2


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
