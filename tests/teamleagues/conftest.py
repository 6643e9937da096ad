"""A federation of six clubs and a season of two divisions (issue 35): the Elite (level 1,
four teams, one down, its 3rd in a playoff against the 1st division's 2nd) and the 1st
division (level 2, four teams, one up); three boards of 3, 5 and 7 points; teams meet once.

Every club has an admin, a captain (who need not play) and five players; each team's
captain has a login. ``w.fed_admin`` runs the league; ``w.referee`` is its referee."""

import datetime
from types import SimpleNamespace

import pytest

from clubs.models import Membership
from federations.models import Federation, FederationClub, FederationRole
from teamleagues import services
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

START = datetime.date.today() + datetime.timedelta(days=60)  # line-ups not due yet


def member(club, name, role=Membership.Role.PLAYER, login=True):
    user = UserFactory(username=name.lower().replace(" ", "")) if login else None
    player = PlayerFactory(name=name, user=user)
    MembershipFactory(club=club, player=player, role=role)
    return player


def make_world(*, draw=True, boards=3, lengths=(3, 5, 7)):
    w = SimpleNamespace()
    w.fed = Federation.objects.create(name="Dansk Backgammon Forbund", slug="dbgf",
                                      country="DK")
    boss = member(ClubFactory(slug="office", name="Office"), "Fed Boss")
    FederationRole.objects.create(federation=w.fed, player=boss,
                                  role=FederationRole.Role.ADMIN)
    w.fed_admin = boss.user
    w.clubs, w.players, w.admins, w.captains = [], {}, {}, {}
    for name in (["Aarhus", "Bronshoj", "Copenhagen", "Dragor", "Esbjerg",
                              "Fredericia"]):
        club = ClubFactory(slug=name.lower(), name=f"{name} BG")
        FederationClub.objects.create(federation=w.fed, club=club,
                                      status=FederationClub.Status.MEMBER,
                                      joined_on=datetime.date(2020, 1, 1))
        w.clubs.append(club)
        w.admins[club.pk] = member(club, f"{name} Admin", Membership.Role.ADMIN).user
        w.players[club.pk] = [member(club, f"{name} P{j}") for j in range(1, 7)]
    w.league = services.team_league_create(
        federation=w.fed, name="Holdturneringen", season="2026/27", boards=boards,
        lengths=list(lengths), meetings=1, match_points=[2, 1, 0],
        tiebreaks=["match_points", "board_points", "head_to_head"],
        board_order_tolerance=100)
    w.first = services.division_create(league=w.league, name="1. division", level=2,
                                       promote=1)
    w.elite = services.division_create(league=w.league, name="Elite", level=1, relegate=1,
                                       one_team_per_club=True, playoff_place=3,
                                       playoff_against=w.first, playoff_against_place=2)
    ref = member(w.clubs[0], "Ref Eree")
    w.referee = ref.user
    services.referee_add(league=w.league, player=ref)
    w.teams = []
    # Elite: clubs 0-3; 1st division: clubs 4, 5 and the second teams of clubs 0 and 1.
    layout = [(0, w.elite), (1, w.elite), (2, w.elite), (3, w.elite), (4, w.first),
              (5, w.first), (0, w.first), (1, w.first)]
    for club_index, division in layout:
        club = w.clubs[club_index]
        second = any(t.club_id == club.pk for t in w.teams)
        squad = w.players[club.pk][3:] if second else w.players[club.pk][:3]
        captain = member(club, f"Captain {club.name}{' II' if second else ''}")
        team = services.team_create(league=w.league, club=club,
                                    name=f"{club.name}{' II' if second else ''}",
                                    division=division, captain=captain, squad=squad)
        w.captains[team.pk] = captain.user
        w.teams.append(team)
    if draw:
        services.team_league_draw(league=w.league, start=START)
    return w


@pytest.fixture
def world(db):
    return make_world()


def lineup_of(w, team):
    return [p.pk for p in team.squad.order_by("pk")]


def win_all(boards=3, lengths=(3, 5, 7), side="home"):
    """A card the ``side`` team wins on every board."""
    out = []
    for b, length in zip(range(1, boards + 1), lengths, strict=True):
        score = (length, 0) if side == "home" else (0, length)
        out.append({"board": b, "winner": side, "score_home": score[0],
                    "score_away": score[1], "walkover": False})
    return out
