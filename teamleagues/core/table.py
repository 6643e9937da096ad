"""A division's table: played, won, drawn, lost, match and board points, ranked by the
league's tie-breaks (pure).

League rule (issue 35, 1): "tie-breaks in an order the league sets and the table shows
(match points, board points, head-to-head, board-point difference, a playoff)". Each name in
the league's list splits the teams still level after the names before it:

- ``match_points``, ``board_points``, ``board_point_difference`` (board points for minus
  against): higher ranks first;
- ``head_to_head``: the match points earned in the matches *among the tied teams only*; when
  it splits a group of three or more and some stay level, it is asked again among those;
- ``playoff``: no number decides; the teams still level share a rank and are flagged
  ``needs_playoff`` (the league plays a deciding match). It ends the list.

Teams level after the whole list share a rank (1, 2, 2, 4).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from .errors import TeamLeagueInputError
from .i18n import gettext_noop
from .scoring import Scoring

Team = Hashable
TIEBREAKS = ("match_points", "board_points", "head_to_head", "board_point_difference",
             "playoff")


@dataclass(frozen=True, slots=True)
class PlayedFixture:
    """A finished card: the board points each side won."""

    home: Team
    away: Team
    home_boards: int
    away_boards: int


@dataclass(frozen=True, slots=True)
class Row:
    """One team's line. ``tiebreak_values`` holds, in the league's order, the value of each
    tie-break for this team (``head_to_head``: the points among the teams it was level with,
    None when it was never level; ``playoff``: None)."""

    team: Team
    played: int
    won: int
    drawn: int
    lost: int
    match_points: int
    board_points: int
    board_diff: int
    rank: int
    tiebreak_values: tuple[int | None, ...]
    needs_playoff: bool = False


def check_tiebreaks(tiebreaks: Sequence[str]) -> tuple[str, ...]:
    """The league's list, checked: known names, each once, ``playoff`` only last."""
    for name in tiebreaks:
        if name not in TIEBREAKS:
            raise TeamLeagueInputError(gettext_noop(
                "Unknown tie-break %(name)s: use %(known)s."),
                {"name": name, "known": ", ".join(TIEBREAKS)}, code="tiebreak")
    if len(set(tiebreaks)) != len(tiebreaks):
        raise TeamLeagueInputError(gettext_noop("A tie-break is listed twice."),
                                   code="tiebreak")
    if "playoff" in tiebreaks and tiebreaks[-1] != "playoff":
        raise TeamLeagueInputError(gettext_noop("A playoff can only be the last tie-break."),
                                   code="tiebreak")
    return tuple(tiebreaks)


def standings(teams: Sequence[Team], results: Sequence[PlayedFixture], scoring: Scoring,
              tiebreaks: Sequence[str]) -> list[Row]:
    """The table in rank order."""
    order = check_tiebreaks(tiebreaks)
    totals = _totals(teams, results, scoring)
    h2h: dict[Team, int] = {}
    ranked = _rank(list(teams), 0, order, totals, results, scoring, h2h)
    rows, place = [], 1
    for group, playoff in ranked:
        for team in sorted(group, key=lambda t: list(teams).index(t)):
            t = totals[team]
            values = tuple(_value(name, team, totals, h2h) for name in order)
            rows.append(Row(team, t["played"], t["won"], t["drawn"], t["lost"],
                            t["match_points"], t["board_points"],
                            t["board_point_difference"], place, values,
                            playoff and len(group) > 1))
        place += len(group)
    return rows


def _totals(teams, results, scoring: Scoring) -> dict[Team, dict[str, int]]:
    keys = ("played", "won", "drawn", "lost", "match_points", "board_points",
            "board_point_difference")
    totals = {team: dict.fromkeys(keys, 0) for team in teams}
    for r in results:
        for team in (r.home, r.away):
            if team not in totals:
                raise TeamLeagueInputError(gettext_noop(
                    "A result names %(team)s, which is not in the division."),
                    {"team": team}, code="team")
        for team, mine, theirs, side in ((r.home, r.home_boards, r.away_boards, "home"),
                                          (r.away, r.away_boards, r.home_boards, "away")):
            t = totals[team]
            outcome = _outcome(r)
            t["played"] += 1
            t["won" if outcome == side else "drawn" if outcome == "draw" else "lost"] += 1
            t["match_points"] += scoring.points(outcome, side)
            t["board_points"] += mine
            t["board_point_difference"] += mine - theirs
    return totals


def _outcome(r: PlayedFixture) -> str:
    return ("home" if r.home_boards > r.away_boards
            else "away" if r.away_boards > r.home_boards else "draw")


def _value(name: str, team: Team, totals, h2h) -> int | None:
    if name == "head_to_head":
        return h2h.get(team)
    if name == "playoff":
        return None
    return totals[team][name]


def _rank(group: list[Team], step: int, order: tuple[str, ...], totals, results, scoring,
          h2h: dict[Team, int]) -> list[tuple[list[Team], bool]]:
    """``group`` (level so far) split by ``order[step:]``: a list of (teams sharing a rank,
    whether they need a playoff), best first."""
    if len(group) == 1:
        return [(group, False)]
    if step == len(order) or order[step] == "playoff":
        return [(group, step < len(order))]
    name = order[step]
    if name == "head_to_head":
        values = _head_to_head(group, results, scoring)
        h2h.update(values)
    else:
        values = {team: totals[team][name] for team in group}
    ranked = []
    for value in sorted(set(values.values()), reverse=True):
        level = [team for team in group if values[team] == value]
        again = name == "head_to_head" and 1 < len(level) < len(group)
        ranked += _rank(level, step if again else step + 1, order, totals, results,
                        scoring, h2h)
    return ranked


def _head_to_head(group: list[Team], results, scoring: Scoring) -> dict[Team, int]:
    """The match points each team of ``group`` earned against the others of it."""
    members = set(group)
    points = dict.fromkeys(group, 0)
    for r in results:
        if r.home in members and r.away in members:
            outcome = _outcome(r)
            points[r.home] += scoring.points(outcome, "home")
            points[r.away] += scoring.points(outcome, "away")
    return points
