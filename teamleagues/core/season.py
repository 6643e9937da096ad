"""A season's end: promotion, relegation, playoffs and next season's divisions (pure).

League rule (issue 35, 1, 2 and 6): "divisions with a level and a region, each with its
number of teams promoted and relegated and an optional playoff between two places of
adjacent divisions"; "At most one team per club in a division marked so (the Elite rule)";
"Closing a season computes promotion and relegation, schedules the playoffs as fixtures,
and proposes next season's divisions (new teams at the bottom), which the league admin edits
and confirms". Holdturneringen: two up, two down, and a playoff between the Elite's 10th and
the 1st division's 3rd.

Level 1 is the top. A team goes up to the division one level higher of its region (or the
only one there, or the one with no region), down to the division one level lower of the
team's own region when ``region_of`` tells it (else the division's region, else the only
one). A promoted team whose club already has a team in a one-team-per-club division above
stays, and the next team of its table goes up instead. A playoff's loser and winner stay
where they are until its winner is known (pass ``playoff_winners`` and ask again).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .errors import TeamLeagueInputError
from .i18n import gettext_noop
from .problems import Problem

Team = Hashable
Lookup = Mapping[Team, Hashable] | Callable[[Team], Hashable | None] | None


@dataclass(frozen=True)
class DivisionTable:
    """A division at the season's end. ``rows``: its teams in final rank order (champion
    first; ``table.Row`` values are accepted and read by ``.team``). ``playoff``:
    ``(own place, other division's level, other place)``, e.g. the Elite's
    ``(10, 2, 3)``: its 10th plays the 3rd of the level-2 division (declared on either of
    the two). ``key``: how moves and the proposal name the division (default
    ``(level, region)``)."""

    level: int
    region: Hashable | None = None
    promote: int = 0
    relegate: int = 0
    playoff: tuple[int, int, int] | None = None
    rows: Sequence[object] = ()
    key: Hashable | None = None
    one_team_per_club: bool = False

    @property
    def name(self) -> Hashable:
        return self.key if self.key is not None else (self.level, self.region)

    @property
    def teams(self) -> tuple[Team, ...]:
        return tuple(getattr(row, "team", row) for row in self.rows)


class Move(NamedTuple):
    team: Team
    from_division: Hashable
    to_division: Hashable


class Playoff(NamedTuple):
    """``team_a`` (of the higher division, ``for_division``) plays ``team_b`` (of the lower
    one) for the place in ``for_division``."""

    team_a: Team
    team_b: Team
    for_division: Hashable
    from_division: Hashable = None
    winner: Team | None = None


@dataclass(frozen=True)
class SeasonEnd:
    promoted: tuple[Move, ...]
    relegated: tuple[Move, ...]
    playoffs: tuple[Playoff, ...]
    #: next season's teams per division key (staying teams in their order, then arrivals)
    proposal: Mapping[Hashable, tuple[Team, ...]]
    problems: tuple[Problem, ...] = field(default=())


def season_end(divisions: Sequence[DivisionTable], *, club_of: Lookup = None,
               region_of: Lookup = None, new_teams: Sequence[Team] = (),
               playoff_winners: Collection[Team] = ()) -> SeasonEnd:
    """Promotion, relegation and playoffs of every division, and next season's proposal."""
    _check(divisions)
    ctx = _Season(divisions, _lookup(club_of), _lookup(region_of), set(playoff_winners))
    ctx.relegate_all()
    ctx.promote_all()
    ctx.play_offs()
    ctx.place_new(new_teams)
    ctx.check_clubs()
    return SeasonEnd(tuple(ctx.promoted), tuple(ctx.relegated), tuple(ctx.playoffs),
                     {k: tuple(v) for k, v in ctx.proposal.items()}, tuple(ctx.problems))


def _lookup(source: Lookup) -> Callable[[Team], Hashable | None]:
    if source is None:
        return lambda team: None
    if callable(source) and not isinstance(source, Mapping):
        return source
    return lambda team: source.get(team)


def _check(divisions: Sequence[DivisionTable]) -> None:
    seen: set[Team] = set()
    names = [d.name for d in divisions]
    if len(set(names)) != len(names):
        raise TeamLeagueInputError(gettext_noop("Two divisions have the same name."),
                                   code="division")
    for d in divisions:
        if d.promote < 0 or d.relegate < 0 or d.promote + d.relegate > len(d.teams):
            raise TeamLeagueInputError(gettext_noop(
                "Division %(division)s cannot move %(up)s up and %(down)s down with "
                "%(teams)s teams."),
                {"division": d.name, "up": d.promote, "down": d.relegate,
                 "teams": len(d.teams)}, code="division")
        for team in d.teams:
            if team in seen:
                raise TeamLeagueInputError(gettext_noop(
                    "%(team)s is in two divisions."), {"team": team}, code="team")
            seen.add(team)


class _Season:
    """The work of :func:`season_end`, one step per method."""

    def __init__(self, divisions, club_of, region_of, winners) -> None:
        self.divisions, self.club_of, self.region_of = list(divisions), club_of, region_of
        self.winners = winners
        self.proposal = {d.name: list(d.teams) for d in divisions}
        self.promoted: list[Move] = []
        self.relegated: list[Move] = []
        self.playoffs: list[Playoff] = []
        self.problems: list[Problem] = []
        self.pairs = self._playoff_pairs()
        self.in_playoff = {team for a, b, *_ in self.pairs for team in (a, b)}

    # ----------------------------------------------------------------- finding divisions

    def _at(self, level: int) -> list[DivisionTable]:
        return [d for d in self.divisions if d.level == level]

    def _target(self, level: int, region) -> DivisionTable | None:
        """The division at ``level`` for ``region``: of that region, else the only one,
        else the one with no region."""
        found = self._at(level)
        for test in (lambda d: region is not None and d.region == region,
                     lambda d: len(found) == 1, lambda d: d.region is None):
            match = [d for d in found if test(d)]
            if len(match) == 1:
                return match[0]
        return None

    def _move(self, team: Team, source: DivisionTable, target: DivisionTable, up: bool):
        self.proposal[source.name].remove(team)
        self.proposal[target.name].append(team)
        (self.promoted if up else self.relegated).append(Move(team, source.name, target.name))

    # ----------------------------------------------------------------- the steps

    def relegate_all(self) -> None:
        """Rule: the last ``relegate`` of each division go down a level."""
        for d in self.divisions:
            if not d.relegate:
                continue
            for team in d.teams[len(d.teams) - d.relegate:]:
                if team in self.in_playoff:
                    self.problems.append(Problem("playoff_and_relegated", gettext_noop(
                        "%(team)s is both relegated and in a playoff; it stays until the "
                        "playoff is played."), {"team": team}))
                    continue
                target = self._target(d.level + 1, self.region_of(team) or d.region)
                if target is None:
                    self.problems.append(Problem("no_division_below", gettext_noop(
                        "No division below %(division)s takes %(team)s."),
                        {"division": d.name, "team": team}))
                    continue
                self._move(team, d, target, up=False)

    def promote_all(self) -> None:
        """Rule: the first ``promote`` of each division go up a level; a team whose club is
        already in a one-team-per-club division above makes way for the next."""
        for d in sorted(self.divisions, key=lambda d: d.level):
            if not d.promote:
                continue
            target = self._target(d.level - 1, d.region)
            if target is None:
                self.problems.append(Problem("no_division_above", gettext_noop(
                    "No division above %(division)s takes its promoted teams."),
                    {"division": d.name}))
                continue
            self._promote_from(d, target)

    def _promote_from(self, d: DivisionTable, target: DivisionTable) -> None:
        going, down = 0, set(d.teams[len(d.teams) - d.relegate:])
        for team in d.teams:
            if going == d.promote or team in down:
                break
            if team in self.in_playoff:
                continue
            if target.one_team_per_club and self._club_in(team, target):
                self.problems.append(Problem("club_already_above", gettext_noop(
                    "%(team)s stays in %(division)s: its club already has a team in "
                    "%(target)s."), {"team": team, "division": d.name,
                                     "target": target.name}))
                continue
            self._move(team, d, target, up=True)
            going += 1

    def _club_in(self, team: Team, target: DivisionTable) -> bool:
        club = self.club_of(team)
        return club is not None and any(self.club_of(other) == club
                                        for other in self.proposal[target.name])

    def _playoff_pairs(self) -> list[tuple[Team, Team, DivisionTable, DivisionTable]]:
        """(higher team, lower team, higher division, lower division) per playoff (one,
        whether declared on one of the two divisions or on both)."""
        pairs = []
        for d in self.divisions:
            if d.playoff is None:
                continue
            own, level, place = d.playoff
            other = self._target(level, d.region)
            if other is None or abs(other.level - d.level) != 1:
                self.problems.append(Problem("playoff_division", gettext_noop(
                    "The playoff of %(division)s names no adjacent division."),
                    {"division": d.name}))
                continue
            if not (0 < own <= len(d.teams) and 0 < place <= len(other.teams)):
                self.problems.append(Problem("playoff_place", gettext_noop(
                    "The playoff of %(division)s names a place its table does not have."),
                    {"division": d.name}))
                continue
            a, b = d.teams[own - 1], other.teams[place - 1]
            pair = (a, b, d, other) if d.level < other.level else (b, a, other, d)
            if pair not in pairs:
                pairs.append(pair)
        return pairs

    def play_offs(self) -> None:
        """Rule: the playoff's winner plays next season in the higher division, the loser in
        the lower; until the winner is known both stay where they are."""
        for a, b, high, low in self.pairs:
            winner = a if a in self.winners else b if b in self.winners else None
            self.playoffs.append(Playoff(a, b, high.name, low.name, winner))
            if winner == b:
                self._move(a, high, low, up=False)
                self._move(b, low, high, up=True)

    def place_new(self, new_teams: Sequence[Team]) -> None:
        """Rule: new teams start in a bottom division (their region's, else the smallest)."""
        bottom = self._at(max((d.level for d in self.divisions), default=1))
        for team in new_teams:
            if any(team in teams for teams in self.proposal.values()):
                raise TeamLeagueInputError(gettext_noop(
                    "%(team)s is new but already in a division."), {"team": team},
                    code="team")
            region = self.region_of(team)
            mine = [d for d in bottom if region is not None and d.region == region]
            target = mine[0] if mine else min(bottom, key=lambda d: len(self.proposal[d.name]))
            self.proposal[target.name].append(team)

    def check_clubs(self) -> None:
        """Rule: at most one team per club in a division marked so (reported, for the
        league admin to settle)."""
        for d in self.divisions:
            if not d.one_team_per_club:
                continue
            clubs: dict[Hashable, list[Team]] = {}
            for team in self.proposal[d.name]:
                club = self.club_of(team)
                if club is not None:
                    clubs.setdefault(club, []).append(team)
            for club, teams in clubs.items():
                if len(teams) > 1:
                    self.problems.append(Problem("one_team_per_club", gettext_noop(
                        "%(division)s would have %(count)s teams of %(club)s: %(teams)s."),
                        {"division": d.name, "count": len(teams), "club": club,
                         "teams": ", ".join(map(str, teams))}))
