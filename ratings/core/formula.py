"""The rating formulas: winning chances, the experience ramp, one match's exchange, and the
one registry of formulas by name (``FORMULAS``: the club lists and the national lists both
read it; a third formula is one more entry).

From the FIBS ``help formula`` page, for an n-point match between ratings r1 and r2:

    D = abs(r1 - r2)
    P_upset = 1 / (10^(D * sqrt(n) / 2000) + 1)    (probability that the underdog wins)
    P = P_upset if the favourite wins, P = 1 - P_upset if the underdog wins
    K = max(1, 5 - experience / 100)               (each player's own experience)
    the winner adds 4 * K * sqrt(n) * P, the loser subtracts 4 * K * sqrt(n) * P

"The 'experience' of a player is the sum of the lengths of all matches a player has
finished. Every player starts with a rating of 1500 and an experience of 0."

Each side uses its own K, so the exchange is zero-sum only once both players have 400
experience (K = 1 for both). Ratings are kept unrounded; round only to show them.

``danish`` (the Danish and the Japanese federations' rule): the same winning chances, but
the winner adds N x (1 - the winner's chance) = N x P and the loser loses as much: no
sqrt(N), no factor 4, no experience ramp (K is 1 for both, always zero-sum).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from .errors import RatingInputError
from .policy import RatedMatchPolicy

START_RATING = 1500.0
PROVISIONAL_BELOW = 100  # experience under which a rating is shown as provisional
FULL_EXPERIENCE = 400  # from here on K is 1 (with the ramp on)


class Standing(NamedTuple):
    """A player's place on a rating list: the (rating, experience) pair."""

    rating: float
    experience: int = 0


@dataclass(frozen=True, slots=True)
class RatingSettings:
    """One club's rating options.

    ``experience_ramp`` off means K = 1 for everyone. ``ramp_counts_current_match`` reads
    K from the experience *including* the match being rated (MacFIBS's help page writes
    ``K = max(1, 5 - (E + N) / 100)``); the default reads it from the experience before
    the match, as the FIBS ``help formula`` page does.
    """

    start_rating: float = START_RATING
    experience_ramp: bool = True
    #: A name of ``FORMULAS``.
    formula: str = "fibs"
    ramp_counts_current_match: bool = False
    policy: RatedMatchPolicy = field(default_factory=RatedMatchPolicy)

    def __post_init__(self) -> None:
        if not math.isfinite(self.start_rating):
            raise RatingInputError(f"start_rating must be a finite number, not "
                                   f"{self.start_rating!r}")
        if self.formula != "fibs":  # the default, made before the registry below
            formula_get(self.formula)

    @property
    def start(self) -> Standing:
        return Standing(self.start_rating, 0)


DEFAULT_SETTINGS = RatingSettings()


def upset_chance(difference: float, length: int) -> float:
    """P_upset: the chance that the lower-rated player wins an n-point match."""
    return 1.0 / (10.0 ** (abs(difference) * math.sqrt(length) / 2000.0) + 1.0)


def win_chance(rating: float, opponent: float, length: int) -> float:
    """The chance that the player rated ``rating`` beats ``opponent`` (1/2 when equal)."""
    upset = upset_chance(rating - opponent, length)
    return upset if rating < opponent else 1.0 - upset  # equal: upset_chance(0, n) = 1/2


def k_factor(experience: int, length: int = 0,
             settings: RatingSettings = DEFAULT_SETTINGS) -> float:
    """K = max(1, 5 - experience / 100); ``length`` counts only with the "current match" option."""
    if not settings.experience_ramp:
        return 1.0
    if settings.ramp_counts_current_match:
        experience += length
    return max(1.0, 5.0 - experience / 100.0)


def is_provisional(experience: int) -> bool:
    """Whether a rating rests on too little play to be trusted (under 100 experience)."""
    return experience < PROVISIONAL_BELOW


def format_rating(rating: float) -> str:
    """Ratings are stored unrounded and shown with two decimals."""
    return f"{rating:.2f}"


@dataclass(frozen=True, slots=True)
class Exchange:
    """What one result does: the FIBS P, each side's K, the winner's gain, the loser's loss.

    ``gain`` and ``loss`` are both >= 0; the loser's rating goes down by ``loss``.
    """

    p: float
    winner_k: float
    loser_k: float
    gain: float
    loss: float


def exchange(winner: Standing, loser: Standing, length: int,
             settings: RatingSettings = DEFAULT_SETTINGS) -> Exchange:
    """The rating exchange when ``winner`` beats ``loser`` in a ``length``-point match,
    under the settings' formula."""
    check_length(length)
    return Exchange(*FORMULAS[settings.formula].flat(
        winner.rating, winner.experience, loser.rating, loser.experience, length, settings))


def result_p(winner: float, loser: float, length: int) -> float:
    """"Let P = 1 - P_upset if the underdog wins and P = P_upset if the favorite wins": the
    chance that the result did not happen, 1 - the winner's chance (1/2 at equal ratings)."""
    upset = upset_chance(winner - loser, length)
    return 1.0 - upset if winner < loser else upset


def fibs_flat(winner: float, winner_experience: int, loser: float, loser_experience: int,
              length: int, settings: RatingSettings) -> tuple[float, float, float, float, float]:
    """FIBS: each side moves 4 x K x sqrt(N) x P, K from its own experience (the ramp).
    Returns (P, the winner's K, the loser's K, the gain, the loss) as plain floats (the
    replay's hot path; ``exchange`` wraps it)."""
    p = result_p(winner, loser, length)
    scale = 4.0 * math.sqrt(length) * p
    winner_k = k_factor(winner_experience, length, settings)
    loser_k = k_factor(loser_experience, length, settings)
    return p, winner_k, loser_k, winner_k * scale, loser_k * scale


def danish_flat(winner: float, winner_experience: int, loser: float, loser_experience: int,
                length: int, settings: RatingSettings) -> tuple[float, float, float, float, float]:
    """Denmark and Japan: both sides move N x P (K is 1: no ramp, no sqrt(N), no 4)."""
    p = result_p(winner, loser, length)
    change = length * p
    return p, 1.0, 1.0, change, change


class Formula(NamedTuple):
    """One entry of the registry: its name, whether the experience ramp applies, and one
    result's exchange as plain floats: ``flat(winner rating, winner experience, loser
    rating, loser experience, length, settings) -> (P, winner K, loser K, gain, loss)``."""

    name: str
    experience_ramp: bool
    flat: Callable[..., tuple[float, float, float, float, float]]


#: The one registry of formulas, by name (``Pool.formula``, ``Federation.formula``).
FORMULAS: dict[str, Formula] = {
    "fibs": Formula("fibs", True, fibs_flat),
    "danish": Formula("danish", False, danish_flat),
}


def formula_get(name: str) -> Formula:
    """The formula called ``name``; a name not in the registry is refused."""
    try:
        return FORMULAS[name]
    except (KeyError, TypeError):
        raise RatingInputError(f"no rating formula is called {name!r} (there are: "
                               f"{', '.join(sorted(FORMULAS))})") from None


def check_length(length: object) -> int:
    """A match length is a positive int (bool is not a length)."""
    if isinstance(length, bool) or not isinstance(length, int) or length < 1:
        raise RatingInputError(f"match length must be a positive integer, not {length!r}")
    return length
