"""The what-if calculator: each side's chance and the rating changes either way."""

from __future__ import annotations

from dataclasses import dataclass

from .formula import DEFAULT_SETTINGS, RatingSettings, Standing, exchange, win_chance


@dataclass(frozen=True, slots=True)
class Outcome:
    """The rating changes of ``a`` and ``b`` for one result (signed: + gain, - loss)."""

    change_a: float
    change_b: float


@dataclass(frozen=True, slots=True)
class WhatIf:
    """Before a match: each player's chance to win and the changes either way."""

    chance_a: float
    chance_b: float
    a_wins: Outcome
    b_wins: Outcome


def what_if(a: Standing, b: Standing, length: int,
            settings: RatingSettings = DEFAULT_SETTINGS) -> WhatIf:
    """The FIBS winning chances of ``a`` and ``b`` and what each result would do."""
    a, b = Standing(*a), Standing(*b)
    a_won = exchange(a, b, length, settings)
    b_won = exchange(b, a, length, settings)
    return WhatIf(
        chance_a=win_chance(a.rating, b.rating, length),
        chance_b=win_chance(b.rating, a.rating, length),
        a_wins=Outcome(a_won.gain, -a_won.loss),
        b_wins=Outcome(-b_won.loss, b_won.gain),
    )
