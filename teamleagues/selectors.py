"""Reads of the team leagues: fixtures by round, line-ups as a captain may see them, the
division tables (the core's ``standings`` with the league's tie-breaks), a team's page and
a captain's to-do list."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from clubs.selectors import player_of_user

from .core import PlayedFixture, Row, Scoring, standings
from .models import Board, Division, Fixture, Lineup, LineupBoard, Team, TeamLeague

# --------------------------------------------------------------------------- ratings

#: Where a league reads its players' ratings on a match day (for the board order): the
#: ratings app (a floor above) registers its reader; none registered, no order is checked.
#: Signature: ``(league, player_ids, day) -> {player_id: rating}``.
_RATING_SOURCES: list[Callable[..., dict[int, float]]] = []


def rating_source_register(source: Callable[..., dict[int, float]]) -> None:
    if source not in _RATING_SOURCES:
        _RATING_SOURCES.append(source)


def rating_source_unregister(source: Callable[..., dict[int, float]]) -> None:
    if source in _RATING_SOURCES:
        _RATING_SOURCES.remove(source)


def ratings_on(*, league: TeamLeague, player_ids: Iterable[int], day: datetime.date
               ) -> dict[int, float]:
    """The national (or the club's) rating of each player on ``day``, where known."""
    found: dict[int, float] = {}
    ids = list(player_ids)
    for source in _RATING_SOURCES:
        found.update(source(league=league, player_ids=ids, day=day))
    return found


# --------------------------------------------------------------------------- live boards


@dataclass(frozen=True)
class LiveBoard:
    """A board of a card played on the site's live board, as the card shows it: its match,
    where to follow it, whether it is still being played, and the match score so far (the
    home player's first)."""

    board: int
    match_id: int
    url: str
    playing: bool
    score_home: int
    score_away: int


#: Which boards of a card are played live: the live app (a floor above) registers
#: ``read(fixture_ids=[...]) -> {fixture_id: {board: LiveBoard}}`` (one query, whatever the
#: number of boards) and ``start_url(fixture_id=, board=) -> str`` (where a board is started);
#: none registered, no board is live and none can be started.
_LIVE_BOARDS: dict[str, Callable] = {}


def live_boards_register(*, read: Callable[..., dict], start_url: Callable[..., str]) -> None:
    _LIVE_BOARDS.update(read=read, start_url=start_url)


def live_boards_of(*, fixture: Fixture) -> dict[int, LiveBoard]:
    """The card's boards on the live board (being played or played), by board number."""
    read = _LIVE_BOARDS.get("read")
    return read(fixture_ids=[fixture.pk]).get(fixture.pk, {}) if read else {}


def card_version(*, fixture: Fixture, live: dict[int, LiveBoard] | None = None) -> str:
    """What the card page shows, as one token its poll compares: the league's version (every
    line-up, entry, confirmation, decision and live board's end moves it) and each live
    board's state and score while it is played."""
    if live is None:
        live = live_boards_of(fixture=fixture)
    boards = ".".join(f"{n}:{int(b.playing)}:{b.score_home}:{b.score_away}"
                      for n, b in sorted(live.items()))
    return f"{fixture.league.version}-{boards}"


def live_board_start_url(*, fixture: Fixture, board: int) -> str | None:
    start = _LIVE_BOARDS.get("start_url")
    return start(fixture_id=fixture.pk, board=board) if start else None


# --------------------------------------------------------------------------- line-ups


def lineup_deadline(fixture: Fixture) -> datetime.datetime | None:
    """When the line-ups are due: ``lineup_hours`` before the fixture's day begins."""
    if fixture.date is None:
        return None
    start = datetime.datetime.combine(fixture.date, datetime.time(0, 0),
                                      tzinfo=datetime.UTC)
    return start - datetime.timedelta(hours=fixture.league.lineup_hours)


def lineups_open(fixture: Fixture, lineups: list[Lineup] | None = None) -> bool:
    """Whether both line-ups are shown to everyone: both are in, or the deadline passed."""
    lineups = lineups if lineups is not None else list(fixture.lineups.all())
    if len(lineups) == 2:
        return True
    deadline = lineup_deadline(fixture)
    return deadline is not None and timezone.now() >= deadline


def lineup_players(lineup: Lineup | None) -> list:
    if lineup is None:
        return []
    return [b.player for b in sorted(lineup.boards.all(), key=lambda b: b.board)]


def lineups_for(*, fixture: Fixture, user) -> dict[str, list | None]:
    """``{"home": [players, board 1 first] | None, "away": ...}``: a side is None when the
    reader may not see it yet (the other captain's, before both are in or the deadline),
    an empty list when it is not in."""
    lineups = {lu.team_id: lu for lu in fixture.lineups.prefetch_related("boards__player")}
    shown = lineups_open(fixture, list(lineups.values()))
    seen = {}
    for side, team in (("home", fixture.home), ("away", fixture.away)):
        mine = user is not None and user.is_authenticated and team.captain.user_id == user.pk
        if team.pk not in lineups:
            seen[side] = []
        elif shown or mine:
            seen[side] = lineup_players(lineups[team.pk])
        else:
            seen[side] = None
    seen["in"] = sorted(("home" if tid == fixture.home_id else "away") for tid in lineups)
    return seen


# --------------------------------------------------------------------------- fixtures


def fixture_list(*, league: TeamLeague) -> list[Fixture]:
    return list(league.fixtures.select_related("home", "away", "division")
                .order_by("is_playoff", "division__level", "division__name", "round", "pk"))


def fixtures_by_round(*, league: TeamLeague, division: Division | None = None
                      ) -> list[tuple[int, list[Fixture]]]:
    rounds: dict[int, list[Fixture]] = {}
    for fixture in fixture_list(league=league):
        if division is not None and fixture.division_id != division.pk:
            continue
        rounds.setdefault(fixture.round, []).append(fixture)
    return sorted(rounds.items())


def card_boards(*, fixture: Fixture) -> list[Board]:
    return list(fixture.boards.select_related("home_player", "away_player").order_by("board"))


# --------------------------------------------------------------------------- tables


def scoring_of(league: TeamLeague) -> Scoring:
    return Scoring(*league.match_points)


@dataclass
class DivisionTable:
    division: Division
    rows: list[Row]
    tiebreaks: list[str] = field(default_factory=list)


def division_tables(*, league: TeamLeague) -> list[DivisionTable]:
    """Every division's table in rank order (final cards only), by level then name."""
    divisions = list(league.divisions.order_by("level", "name"))
    teams: dict[int, list[Team]] = {d.pk: [] for d in divisions}
    for team in league.teams.order_by("pk"):
        teams[team.division_id].append(team)
    played: dict[int, list[PlayedFixture]] = {d.pk: [] for d in divisions}
    by_id = {t.pk: t for ts in teams.values() for t in ts}
    for division_id, home, away, ph, pa in league.fixtures.filter(
            is_playoff=False, status__in=Fixture.FINAL).values_list(
            "division_id", "home_id", "away_id", "points_home", "points_away"):
        played[division_id].append(PlayedFixture(by_id[home], by_id[away], int(ph), int(pa)))
    scoring = scoring_of(league)
    return [DivisionTable(d, standings(teams[d.pk], played[d.pk], scoring, league.tiebreaks),
                          list(league.tiebreaks)) for d in divisions]


@dataclass
class NextRow:
    team: Team
    division_id: int | None  # where the close's proposal puts it (None: left out)


def next_season_rows(*, league: TeamLeague) -> list[NextRow]:
    """Every team of a closed season with the division the proposal gives it next season
    (the league admin's form edits them)."""
    placed = {pk: int(key) for key, pks in (league.proposal or {}).items() for pk in pks}
    return [NextRow(team, placed.get(team.pk))
            for team in league.teams.select_related("club", "division")
            .order_by("division__level", "name")]


# --------------------------------------------------------------------------- a team, a captain


def team_boards(*, team: Team) -> list[Board]:
    """Every board the team played, with its fixture (its players' boards)."""
    return list(Board.objects.filter(Q(fixture__home=team) | Q(fixture__away=team))
                .select_related("fixture__home", "fixture__away", "home_player", "away_player")
                .order_by("fixture__round", "board"))


def higher_team_players(*, team: Team) -> set[int]:
    """Players who played (on a card entered or final) for a higher team of the club: the
    no-drop rule bars them from this one."""
    higher = Team.objects.filter(league=team.league_id, club=team.club_id, rank__lt=team.rank)
    return set(LineupBoard.objects.filter(lineup__team__in=higher).exclude(
        lineup__fixture__status=Fixture.Status.SCHEDULED).values_list("player_id", flat=True))


@dataclass
class Todo:
    fixture: Fixture
    team: Team
    what: str  # "lineup", "enter", "confirm", "wait"


def captain_todo(*, user) -> list[Todo]:
    """What the user's teams need from their captain next, soonest first."""
    player = player_of_user(user=user)
    if player is None:
        return []
    teams = list(Team.objects.filter(captain=player))
    if not teams:
        return []
    ids = {t.pk: t for t in teams}
    todo = []
    fixtures = (Fixture.objects.filter(Q(home__in=teams) | Q(away__in=teams))
                .exclude(status__in=Fixture.FINAL)
                .select_related("home", "away", "league", "division")
                .prefetch_related("lineups").order_by("date", "round", "pk"))
    for fixture in fixtures:
        for team_id in (fixture.home_id, fixture.away_id):
            if team_id not in ids:
                continue
            team, home = ids[team_id], team_id == fixture.home_id
            has_lineup = any(lu.team_id == team_id for lu in fixture.lineups.all())
            if fixture.status == Fixture.Status.SCHEDULED and not has_lineup:
                what = "lineup"
            elif fixture.status == Fixture.Status.SCHEDULED and home:
                what = "enter"
            elif fixture.status == Fixture.Status.ENTERED and not home:
                what = "confirm"
            else:
                what = "wait"
            todo.append(Todo(fixture, team, what))
    return todo


# --------------------------------------------------------------------------- the printed card


def lineup_sides_shown(*, fixture: Fixture, user) -> tuple[str, ...]:
    """The sides ("home", "away") whose line-up ``user`` may see on the card now: both once
    they are in (or the deadline passed), else the reader's own side, if a captain's."""
    seen = lineups_for(fixture=fixture, user=user)
    return tuple(side for side in ("home", "away") if seen[side] is not None)


@dataclass(frozen=True)
class SheetBoard:
    number: int
    length: int
    home_player: str = ""
    away_player: str = ""
    score: str = ""
    winner: str = ""
    #: Played on the site's live board (its result came from there, not from paper).
    live: bool = False


@dataclass(frozen=True)
class CardSheet:
    """The match card as paper shows it: the teams, the boards in order with their lengths,
    the players of the sides shown, the results entered, both captains."""

    title: str
    competition: str
    home: str
    away: str
    home_captain: str
    away_captain: str
    date: datetime.date | None
    result: str
    boards: list[SheetBoard]


def card_sheet(*, fixture: Fixture, shown: Iterable[str]) -> CardSheet:
    """The card of ``fixture`` with the line-ups of the ``shown`` sides only (a hidden one
    stays blank on paper as on the page)."""
    league, shown = fixture.league, set(shown)
    lineups = {lu.team_id: lu for lu in fixture.lineups.prefetch_related("boards__player")}
    names = {side: ([p.name for p in lineup_players(lineups.get(team_id))]
                    if side in shown else [])
             for side, team_id in (("home", fixture.home_id), ("away", fixture.away_id))}
    results = {b.board: b for b in fixture.boards.all()}
    teams = {"home": fixture.home.name, "away": fixture.away.name}
    boards = []
    for n in range(1, league.boards + 1):
        result = results.get(n)
        score = winner = ""
        if result is not None:
            winner = teams[result.winner]
            score = (gettext("walkover") if result.walkover
                     else f"{result.score_home}–{result.score_away}")
        boards.append(SheetBoard(
            number=n, length=league.lengths[n - 1], score=score, winner=winner,
            live=result is not None and result.live_match_id is not None,
            home_player=names["home"][n - 1] if n <= len(names["home"]) else "",
            away_player=names["away"][n - 1] if n <= len(names["away"]) else ""))
    if fixture.is_playoff:
        title = gettext("Playoff")
    else:
        title = gettext("%(division)s, round %(round)s") % {
            "division": fixture.division.name, "round": fixture.round}
    result = ("" if fixture.points_home is None
              else f"{fixture.points_home}–{fixture.points_away}")
    return CardSheet(title=title, competition=f"{league.name} {league.season}",
                     home=fixture.home.name, away=fixture.away.name,
                     home_captain=fixture.home.captain.name,
                     away_captain=fixture.away.captain.name, date=fixture.date,
                     result=result, boards=boards)
