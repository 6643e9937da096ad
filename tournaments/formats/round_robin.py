"""Round robins: Berger tables by the circle method (pure, standard library only).

With an odd count a bye joins the circle, so each round one player sits out. The last player
(or the bye) stays put while the others turn one place per round (round 1 is 1 v n,
2 v n-1, ...); the fixed player
alternates sides so nobody plays the same side every round. A double round robin plays the
table twice, sides swapped in the second cycle.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from .errors import EntrantCountError
from .i18n import gettext_noop


@dataclass(frozen=True, slots=True)
class Fixture:
    round: int
    a: Hashable
    #: None: ``a`` has the bye this round.
    b: Hashable | None


def berger_rounds(players: Sequence[Hashable], *, cycles: int = 1) -> list[list[Fixture]]:
    """Rounds of fixtures: every player meets every other once per cycle."""
    if len(players) < 2:
        raise EntrantCountError(gettext_noop("A round robin needs at least two players."))
    if len(set(players)) != len(players):
        raise EntrantCountError(gettext_noop("A player is listed twice."))
    if cycles not in (1, 2):
        raise EntrantCountError(
            gettext_noop("A round robin is single (1 cycle) or double (2)."))
    circle = list(players) + ([None] if len(players) % 2 else [])
    n = len(circle)
    fixed, turning = circle[-1], circle[:-1]
    table = []
    for r in range(n - 1):
        pairs = [(turning[0], fixed) if r % 2 == 0 else (fixed, turning[0])]
        pairs += [(turning[i], turning[-i]) for i in range(1, n // 2)]
        table.append(pairs)
        turning = turning[-1:] + turning[:-1]
    rounds = []
    for cycle in range(cycles):
        for pairs in table:
            number = len(rounds) + 1
            rounds.append([_fixture(number, *(p if cycle == 0 else p[::-1])) for p in pairs])
    return rounds


def _fixture(number: int, a, b) -> Fixture:
    if a is None:
        a, b = b, None
    return Fixture(number, a, b)


def schedule_text(rounds: Iterable[Iterable[Fixture]], name=str) -> str:
    """The rounds printed as a schedule, one line per round."""
    lines = []
    for fixtures in rounds:
        fixtures = list(fixtures)
        text = ", ".join(f"{name(f.a)} v {name(f.b)}" for f in fixtures if f.b is not None)
        byes = [name(f.a) for f in fixtures if f.b is None]
        lines.append(f"Round {fixtures[0].round}: {text}" + (f"; bye: {byes[0]}" if byes
                                                             else ""))
    return "\n".join(lines)


def crosstable(players: Sequence[Hashable], results: Iterable) -> list[list]:
    """A grid of results: row i, column j holds the results of i against j (a list, two in
    a double round robin) as ``(won, score_i, score_j)``; the diagonal is None."""
    index = {p: i for i, p in enumerate(players)}
    grid: list[list] = [[None if i == j else [] for j in range(len(players))]
                        for i in range(len(players))]
    for r in results:
        if r.b is None or r.a not in index or r.b not in index:
            continue
        i, j = index[r.a], index[r.b]
        grid[i][j].append((r.winner == r.a, r.score_a, r.score_b, r.walkover))
        grid[j][i].append((r.winner == r.b, r.score_b, r.score_a, r.walkover))
    return grid
