"""A season set up: the league, its divisions, its referees and the clubs' teams."""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from clubs.models import Club, Player
from clubs.permissions import club_players
from config.refusals import Refusal
from federations.models import Federation, FederationClub
from games.engine.scoring import MAX_MATCH_LENGTH
from ops.locks import lock_row

from ..core.table import check_tiebreaks
from ..models import Division, Referee, Team, TeamLeague


def lock_league(league: TeamLeague | int) -> TeamLeague:
    """The league's row, locked for this transaction and its version moved (every writer of
    one league queues up behind it)."""
    pk = league if isinstance(league, int) else league.pk
    return lock_row(TeamLeague, pk=pk, bump="version", of=("self",), related=("federation", "club"))


def _setup_only(league: TeamLeague) -> None:
    if league.status != TeamLeague.Status.SETUP:
        raise Refusal(gettext("%(league)s is already drawn: its divisions and teams are set.")
                      % {"league": league})


def _check_settings(*, boards: int, lengths: list, meetings: int, match_points: list,
                    tiebreaks: list, board_order_tolerance: int) -> None:
    if not 3 <= boards <= 8:
        raise Refusal(gettext("A team match has 3 to 8 boards, not %(boards)s.")
                      % {"boards": boards})
    if len(lengths) != boards:
        raise Refusal(gettext("Give one match length per board: %(boards)s boards, "
                              "%(lengths)s lengths.") % {"boards": boards,
                                                         "lengths": len(lengths)})
    for length in lengths:
        if not (isinstance(length, int) and 1 <= length <= MAX_MATCH_LENGTH):
            raise Refusal(gettext("A board's match length is 1 to %(most)s points, not "
                                  "%(length)s.") % {"most": MAX_MATCH_LENGTH,
                                                    "length": length})
    if not 1 <= meetings <= 3:
        raise Refusal(gettext("Teams meet 1 to 3 times in a season, not %(meetings)s.")
                      % {"meetings": meetings})
    if len(match_points) != 3 or any(not isinstance(p, int) or p < 0 for p in match_points):
        raise Refusal(gettext("Match points are three whole numbers: a win, a draw, a loss."))
    win, draw, loss = match_points
    if not win >= draw >= loss:
        raise Refusal(gettext("A win scores at least a draw, and a draw at least a loss."))
    check_tiebreaks(tiebreaks)
    if board_order_tolerance < 0:
        raise Refusal(gettext("The board-order tolerance is 0 or more rating points."))


@transaction.atomic
def team_league_create(*, federation: Federation | None = None, club: Club | None = None,
                       name: str, season: str, boards: int, lengths: list[int],
                       meetings: int = 2, match_points: list[int] | None = None,
                       tiebreaks: list[str] | None = None, board_order_tolerance: int = 0,
                       no_drop: bool = False, lineup_hours: int = 24, by=None) -> TeamLeague:
    """A new season, run by ``federation`` (or, an open league, by ``club``)."""
    match_points = list(match_points if match_points is not None else [2, 1, 0])
    if tiebreaks is None:
        tiebreaks = ["match_points", "board_points", "head_to_head", "board_point_difference"]
    tiebreaks = list(tiebreaks)
    _check_settings(boards=boards, lengths=lengths, meetings=meetings,
                    match_points=match_points, tiebreaks=tiebreaks,
                    board_order_tolerance=board_order_tolerance)
    name, season = name.strip(), season.strip()
    if not name or not season:
        raise Refusal(gettext("A team league needs a name and a season."))
    owner = {"federation": federation} if federation is not None else {"club": club}
    if TeamLeague.objects.filter(name=name, season=season, **owner).exists():
        raise Refusal(gettext("%(name)s %(season)s exists already.") % {"name": name,
                                                                        "season": season})
    return TeamLeague.objects.create(
        **owner, name=name, season=season, boards=boards, lengths=list(lengths),
        meetings=meetings, match_points=match_points, tiebreaks=tiebreaks,
        board_order_tolerance=board_order_tolerance, no_drop=no_drop,
        lineup_hours=lineup_hours, created_by=by if by is not None and by.is_authenticated
        else None)


@transaction.atomic
def division_create(*, league: TeamLeague, name: str, level: int = 1, region: str = "",
                    promote: int = 0, relegate: int = 0, one_team_per_club: bool = False,
                    playoff_place: int | None = None, playoff_against: Division | None = None,
                    playoff_against_place: int | None = None) -> Division:
    """A division of the season; the optional playoff: this division's place
    ``playoff_place`` meets ``playoff_against``'s place ``playoff_against_place`` at the
    close (the division one level below)."""
    league = lock_league(league)
    _setup_only(league)
    name = name.strip()
    if not name:
        raise Refusal(gettext("A division needs a name."))
    if level < 1:
        raise Refusal(gettext("A division's level is 1 (the top) or more."))
    if league.divisions.filter(name=name).exists():
        raise Refusal(gettext("%(league)s has a division %(name)s already.")
                      % {"league": league, "name": name})
    playoff = (playoff_place, playoff_against, playoff_against_place)
    if any(v is not None for v in playoff):
        if any(v is None for v in playoff):
            raise Refusal(gettext("A playoff names this division's place, the other division "
                                  "and its place."))
        if playoff_against.league_id != league.pk:
            raise Refusal(gettext("The playoff's other division is not one of this league's."))
        if playoff_against.level != level + 1:
            raise Refusal(gettext("A playoff is against a division one level below."))
        if playoff_place < 1 or playoff_against_place < 1:
            raise Refusal(gettext("A playoff's places are 1 or more."))
    return Division.objects.create(
        league=league, name=name, level=level, region=region.strip(), promote=promote,
        relegate=relegate, one_team_per_club=one_team_per_club, playoff_place=playoff_place,
        playoff_against=playoff_against, playoff_against_place=playoff_against_place)


def member_club_ids(league: TeamLeague) -> set[int]:
    if league.federation_id is None:
        return {league.club_id}
    return set(FederationClub.objects.filter(federation_id=league.federation_id).members()
               .values_list("club_id", flat=True))


@transaction.atomic
def team_create(*, league: TeamLeague, club: Club, name: str, division: Division,
                captain: Player, squad: list[Player] | list[int] = (), rank: int | None = None,
                avoid_dates: list[str] = ()) -> Team:
    """A club's team in a division: its captain (a member of the club, who need not play)
    and its squad (members of the club)."""
    league = lock_league(league)
    _setup_only(league)
    if division.league_id != league.pk:
        raise Refusal(gettext("That division is not one of %(league)s's.") % {"league": league})
    if club.pk not in member_club_ids(league):
        raise Refusal(gettext("%(club)s is not a member club of %(organiser)s.")
                      % {"club": club, "organiser": league.organiser})
    name = name.strip()
    if not name:
        raise Refusal(gettext("A team needs a name."))
    club_players(club=club, players=[captain], error=Refusal)
    players = club_players(club=club, players=list(squad), error=Refusal)
    if len({p.pk for p in players}) != len(players):
        raise Refusal(gettext("Name each squad member once."))
    if league.teams.filter(name=name).exists():
        raise Refusal(gettext("%(league)s has a team %(name)s already.")
                      % {"league": league, "name": name})
    if division.one_team_per_club and division.teams.filter(club=club).exists():
        raise Refusal(gettext("%(division)s takes one team per club, and %(club)s has one "
                              "there already.") % {"division": division, "club": club})
    ours = league.teams.filter(club=club)
    if rank is None:
        # The club's teams rank by their division's level (a higher division, a higher
        # team), then by entry.
        rank = ours.count() + 1
    try:
        with transaction.atomic():
            team = Team.objects.create(league=league, division=division, club=club, name=name,
                                       captain=captain, rank=rank,
                                       avoid_dates=[str(d) for d in avoid_dates])
    except IntegrityError as exc:
        raise Refusal(gettext("%(club)s has a team of rank %(rank)s already.")
                      % {"club": club, "rank": rank}) from exc
    team.squad.set(players)
    return team


@transaction.atomic
def referee_add(*, league: TeamLeague, player: Player) -> Referee:
    league = lock_league(league)
    referee, _ = Referee.objects.get_or_create(league=league, player=player)
    return referee
