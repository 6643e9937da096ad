"""A captain's line-up, checked before it goes on the card (pure).

League rule (issue 35, 2 and 4): "Every member of the club may play for any of its teams
unless the league says a player who played for a higher team may not drop to a lower one";
"Board order is checked against the national rating on the match date: a lower board may
stand at most the tolerance above a higher one; an ineligible or out-of-order line-up is
refused with the reason"; "An absent player loses by walkover, counted from the bottom board
up" (a line-up shorter than the card leaves its bottom boards empty).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

from .errors import TeamLeagueInputError
from .i18n import gettext_noop
from .problems import Problem

Player = Hashable


def walkover_boards(lineup_len: int, boards: int) -> list[int]:
    """The boards (1 = top) lost by walkover when a line-up has ``lineup_len`` players for
    ``boards`` boards: the bottom ones, ``lineup_len + 1`` to ``boards``."""
    if boards < 1 or lineup_len < 0:
        raise TeamLeagueInputError(gettext_noop("A card has at least one board."),
                                   code="boards")
    return list(range(min(lineup_len, boards) + 1, boards + 1))


def lineup_problems(players: Sequence[Player], *, boards: int,
                    ratings: Mapping[Player, float], tolerance: float,
                    eligible: set[Player] | frozenset[Player],
                    barred: set[Player] | frozenset[Player] = frozenset(),
                    names: Mapping[Player, str] | None = None) -> list[Problem]:
    """Why the line-up ``players`` (board 1 first) cannot go on the card; empty when it can.

    ``eligible``: the players who may play for this team (the club's members); ``barred``:
    those who may not because they played for a higher team of the club and the league
    forbids dropping; ``ratings``: the national rating on the match date (a player without
    one is not checked for board order); ``names``: how to name a player in a message (the
    id otherwise). Fewer players than boards is allowed (:func:`walkover_boards`)."""
    name = (lambda p: names.get(p, p)) if names else (lambda p: p)
    problems = _count_problems(players, boards)
    problems += _player_problems(players, eligible, barred, name)
    problems += _order_problems(players, ratings, tolerance, name)
    return problems


def _count_problems(players: Sequence[Player], boards: int) -> list[Problem]:
    if not players:
        return [Problem("empty", gettext_noop("The line-up names no player."))]
    if len(players) > boards:
        return [Problem("count", gettext_noop(
            "The line-up names %(count)s players for %(boards)s boards."),
            {"count": len(players), "boards": boards})]
    return []


def _player_problems(players, eligible, barred, name) -> list[Problem]:
    problems, seen = [], {}
    for board, player in enumerate(players, start=1):
        if player in seen:
            problems.append(Problem("twice", gettext_noop(
                "%(player)s is on board %(first)s and on board %(board)s."),
                {"player": name(player), "first": seen[player], "board": board}))
            continue
        seen[player] = board
        if player not in eligible:
            problems.append(Problem("ineligible", gettext_noop(
                "%(player)s (board %(board)s) may not play for this team."),
                {"player": name(player), "board": board}))
        elif player in barred:
            problems.append(Problem("barred", gettext_noop(
                "%(player)s (board %(board)s) has played for a higher team of the club and "
                "may not play for a lower one."), {"player": name(player), "board": board}))
    return problems


def _order_problems(players, ratings, tolerance: float, name) -> list[Problem]:
    """Rule: "a lower board may stand at most the tolerance above a higher one" — every
    pair (higher board, lower board), not only neighbours."""
    problems = []
    for low in range(1, len(players)):
        for high in range(low):
            above, below = ratings.get(players[high]), ratings.get(players[low])
            if above is None or below is None or below - above <= tolerance:
                continue
            problems.append(Problem("order", gettext_noop(
                "Board %(low)s (%(low_player)s, %(low_rating)s) is rated more than "
                "%(tolerance)s above board %(high)s (%(high_player)s, %(high_rating)s)."),
                {"low": low + 1, "low_player": name(players[low]),
                 "low_rating": _number(below), "high": high + 1,
                 "high_player": name(players[high]), "high_rating": _number(above),
                 "tolerance": _number(tolerance)}))
    return problems


def _number(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)
