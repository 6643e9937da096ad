"""Seeding: the standard bracket order, seeds from a ranked list, and a recorded random draw.

A seed is a rank (1 is the strongest); the bracket order decides where each rank starts.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from .errors import EntrantCountError, EntrantsError, SettingError
from .i18n import gettext_noop


def bracket_size(entrants: int) -> int:
    """The smallest power of two that holds every entrant (at least 2)."""
    size = 2
    while size < entrants:
        size *= 2
    return size


def seed_order(size: int) -> tuple[int, ...]:
    """Seeds in bracket order for a power of two, top to bottom.

    Each round of doubling pairs every seed s with its complement (2n + 1 - s), so the
    top seeds meet the bottom ones first and seeds 1 and 2 only in the final (1 and 2
    sit in different halves, 1-4 in different quarters, and so on). For 16:
    1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11.
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 1 or size & (size - 1):
        raise EntrantCountError(gettext_noop("A bracket size is a power of two, not %(size)s."),
                                size=repr(size))
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return tuple(order)


def seeds_in_order(ranked: Sequence[Hashable]) -> dict[int, Hashable]:
    """Seed -> entrant for entrants listed strongest first (seed 1 is ``ranked[0]``)."""
    if len(set(ranked)) != len(ranked):
        raise EntrantsError(gettext_noop("An entrant is listed twice."))
    return {seed: entrant for seed, entrant in enumerate(ranked, start=1)}


@dataclass(frozen=True, slots=True)
class Draw:
    """A random draw and the value that reproduces it: ``random_draw(entrants,
    random_seed=draw.random_seed, keep=draw.keep)`` gives the same ``order`` again."""

    order: tuple[Hashable, ...]
    random_seed: str | int
    keep: int = 0

    @property
    def seeds(self) -> dict[int, Hashable]:
        return seeds_in_order(self.order)


def random_draw(entrants: Sequence[Hashable], *, random_seed: str | int | None = None,
                keep: int = 0) -> Draw:
    """Draw the seeds at random, recording the random seed so the draw can be checked.

    The first ``keep`` entrants keep seeds 1..keep (seeded players); the others are
    shuffled into the remaining seeds. Without ``random_seed`` a fresh one comes from
    :mod:`secrets`; ``random.Random(seed).shuffle`` is the same on every platform and
    Python version for an int or str seed, so anyone can replay the draw.
    """
    if isinstance(keep, bool) or not isinstance(keep, int) or not 0 <= keep <= len(entrants):
        raise SettingError(f"keep is 0 to {len(entrants)} seeded entrants, not {keep!r}.")
    if random_seed is None:
        random_seed = secrets.token_hex(8)
    if isinstance(random_seed, bool) or not isinstance(random_seed, str | int):
        raise SettingError(f"A random seed is a string or an integer, not {random_seed!r}.")
    seeds_in_order(entrants)  # refuses duplicates
    drawn = list(entrants[keep:])
    random.Random(random_seed).shuffle(drawn)
    return Draw(tuple(entrants[:keep]) + tuple(drawn), random_seed, keep)
