"""Groups: snake seeding into groups, a round robin in each, the top K of each group into a
knockout bracket (pure, standard library only).

Snake seeding by rank, 4 groups: A gets 1, 8, 9, 16..., B 2, 7, 10, 15..., so each group's
rank total is as even as it can be. The knockout (single elimination of the knockout
package) crosses over: with K = 2 the winner of A meets the runner-up of B and the winner of
B the runner-up of A (C1-D2, D1-C2, ...; with an odd number of groups each group's winner
meets the next group's runner-up). Group winners are seeds 1..G, so two winners meet only
later; a winner and the runner-up of the same group start in opposite halves.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from .errors import EntrantCountError, SettingError
from .i18n import gettext_noop
from .seeding import bracket_size, seed_order


def group_label(index: int) -> str:
    """A, B, ..., Z, AA, AB, ..."""
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(65 + rest) + label
    return label


def snake(ranked: Sequence[Hashable], groups: int) -> list[list[Hashable]]:
    """Split players (strongest first) into ``groups`` by snake seeding."""
    if groups < 1:
        raise SettingError(gettext_noop("At least one group."))
    if len(ranked) < 2 * groups:
        raise EntrantCountError(gettext_noop("%(players)s players cannot fill %(groups)s groups "
                                              "of two."), players=len(ranked), groups=groups)
    out: list[list[Hashable]] = [[] for _ in range(groups)]
    for i, player in enumerate(ranked):
        lap, at = divmod(i, groups)
        out[at if lap % 2 == 0 else groups - 1 - at].append(player)
    return out


def _partner(group: int, groups: int) -> int:
    """Whose runner-up a group's winner meets: A-B, C-D, ... (next group when odd)."""
    if groups % 2 == 0:
        return group ^ 1
    return (group + 1) % groups


def knockout_seeds(finishers: Sequence[Sequence[Hashable]], k: int) -> list[Hashable]:
    """The knockout's entrants in seed order (seed 1 first) from each group's standings
    (best first), taking the top ``k`` of each group."""
    groups = len(finishers)
    if k < 1 or any(len(f) < k for f in finishers):
        raise SettingError(gettext_noop("Every group needs at least %(k)s finishers to send "
                                        "%(k)s through."), k=k)
    if groups * k < 2:
        raise EntrantCountError(gettext_noop("The knockout needs at least two players."))
    if k != 2 or groups < 2:
        # Tier by tier: all the winners, then all the runners-up (reversed, so the best
        # group's runner-up is the lowest of its tier and far from its own winner)...
        seeds = []
        for place in range(k):
            tier = [f[place] for f in finishers]
            seeds += tier if place % 2 == 0 else tier[::-1]
        return seeds
    size = bracket_size(2 * groups)
    order = seed_order(size)  # first-round pairs are neighbours in this order
    opponent = {}
    for i in range(0, size, 2):
        opponent[order[i]] = order[i + 1]
        opponent[order[i + 1]] = order[i]
    seeds: dict[int, Hashable] = {g + 1: finishers[g][0] for g in range(groups)}
    free = [s for s in range(groups + 1, 2 * groups + 1)]
    for g in range(groups):
        wanted = opponent[g + 1]
        seed = wanted if wanted in free else free[0]
        free.remove(seed)
        seeds[seed] = finishers[_partner(g, groups)][1]
    return [seeds[s] for s in range(1, 2 * groups + 1)]
