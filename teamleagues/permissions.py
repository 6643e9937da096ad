"""Who may do what in a team league (the gates, ``clubs.permissions`` style: each returns
what was asked for or raises ``Forbidden``).

- a federation's league is run by the federation's admins (``FederationRole`` admin); a
  club's open league by the club's admins;
- a club's admins enter its teams;
- a team's captain submits its line-up; the home captain enters the card, the away captain
  confirms or disputes it;
- a league admin or one of the league's referees (for a club's league, also the club's
  referees) decides a disputed card or corrects a decided one;
- a board is started on the site's live board by one of its two players, a captain of
  either team or a league admin (as a tournament match: by its players or the director);
  only its two players play it (the live app's gate).
"""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from clubs.models import Player
from clubs.permissions import is_club_admin, is_referee
from clubs.selectors import player_of_user
from config.refusals import Forbidden
from federations.permissions import federation_for_admin, is_federation_admin  # noqa: F401 (the league API asks here)

from .models import Fixture, Referee, Team, TeamLeague


def is_league_admin(*, user, league: TeamLeague) -> bool:
    if league.federation_id is not None:
        return is_federation_admin(user=user, federation=league.federation)
    return is_club_admin(user=user, club=league.club)


def is_league_referee(*, user, league: TeamLeague) -> bool:
    """A league admin, one of the league's referees, or (a club's league) a club referee."""
    if is_league_admin(user=user, league=league):
        return True
    if not user.is_authenticated:
        return False
    if league.club_id is not None and is_referee(user=user, club=league.club):
        return True
    return Referee.objects.filter(league=league, player__user=user).exists()


def league_for_admin(*, user, league_id: int) -> TeamLeague:
    """The league, if ``user`` runs it."""
    league = get_object_or_404(TeamLeague.objects.select_related("federation", "club"),
                               pk=league_id)
    if not is_league_admin(user=user, league=league):
        raise Forbidden(gettext("Only the league's admins can do that."))
    return league


def league_for_referee(*, user, league: TeamLeague) -> TeamLeague:
    if not is_league_referee(user=user, league=league):
        raise Forbidden(gettext("Only the league's admins and referees decide a card."))
    return league


def club_admin_for_team(*, user, club) -> None:
    """Refuses unless ``user`` administers ``club`` (who enters its teams)."""
    if not is_club_admin(user=user, club=club):
        raise Forbidden(gettext("Only %(club)s's admins enter its teams.") % {"club": club})


def fixture_for_reader(*, user, pk: int) -> Fixture:
    """The fixture, if ``user`` may read its card (the page, the API, the printed card: one
    gate). A card is public, like the league's tables; what it hides is the other side's
    line-up until both are in (``selectors.lineups_for``), asked per reader."""
    return get_object_or_404(Fixture.objects.select_related(
        "league__federation", "league__club", "home__captain", "away__captain", "home__club",
        "away__club", "division"), pk=pk)


def is_captain(*, user, team: Team) -> bool:
    return user.is_authenticated and (team.captain.user_id == user.pk)


def captain_of(*, user, team: Team) -> Player:
    """The captain of ``team``, if that is ``user``."""
    if not is_captain(user=user, team=team):
        raise Forbidden(gettext("Only %(team)s's captain can do that.") % {"team": team})
    return team.captain


def home_captain(*, user, fixture: Fixture) -> Player:
    if not is_captain(user=user, team=fixture.home):
        raise Forbidden(gettext("Only the home captain, %(captain)s, enters the card.")
                        % {"captain": fixture.home.captain})
    return fixture.home.captain


def away_captain(*, user, fixture: Fixture) -> Player:
    if not is_captain(user=user, team=fixture.away):
        raise Forbidden(gettext("Only the away captain, %(captain)s, confirms or disputes "
                                "the card.") % {"captain": fixture.away.captain})
    return fixture.away.captain


def teams_captained(*, user) -> list[Team]:
    player = player_of_user(user=user)
    if player is None:
        return []
    return list(Team.objects.filter(captain=player).select_related("league", "division",
                                                                    "club"))


def live_boards_startable(*, user, fixture: Fixture, players: dict[int, tuple]) -> set[int]:
    """The boards (of ``players``: board -> (home player, away player)) that ``user`` may
    start on the live board: each board's own two players; every board for a captain of
    either team or a league admin. A player of another board, of another club or a
    stranger starts none."""
    if not user.is_authenticated:
        return set()
    if (is_captain(user=user, team=fixture.home) or is_captain(user=user, team=fixture.away)
            or is_league_admin(user=user, league=fixture.league)):
        return set(players)
    return {n for n, pair in players.items()
            if any(p is not None and p.user_id == user.pk for p in pair)}


def live_board_starter(*, user, fixture: Fixture, board: int, players: tuple) -> None:
    """Refuses unless ``user`` may start board ``board`` (its ``players``) on the live
    board."""
    if board not in live_boards_startable(user=user, fixture=fixture,
                                          players={board: players}):
        raise Forbidden(gettext("A board is started on the live board by one of its two "
                                "players, a captain of either team or a league admin."))
