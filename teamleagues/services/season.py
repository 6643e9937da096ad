"""A season's end: the core's promotion, relegation and playoffs (``season_end``) from
the final tables; the playoffs scheduled as fixtures; next season's divisions proposed,
which the league admin edits and confirms (``team_league_next_create``)."""

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext

from config.refusals import Refusal, refusal_text

from ..core import BoardResult, DivisionTable, playoff_winner, season_end
from ..models import Division, Fixture, Team, TeamLeague
from ..selectors import division_tables
from .leagues import lock_league, member_club_ids


def _playoff_winners(league: TeamLeague) -> dict[int, tuple[Team, str]]:
    """Each final playoff's winner and how it was found, by fixture id: more boards won,
    else the top board (the core's ``playoff_winner``: a playoff never ends level)."""
    winners = {}
    for fixture in (league.fixtures.filter(is_playoff=True, status__in=Fixture.FINAL)
                    .select_related("home", "away").prefetch_related("boards")):
        results = [BoardResult(board=b.board, winner=b.winner) for b in fixture.boards.all()]
        side, how = playoff_winner(results, league.boards)
        winners[fixture.pk] = (fixture.home if side == "home" else fixture.away, how)
    return winners


def _schedule_playoffs(league: TeamLeague, playoffs) -> list[Fixture]:
    """A fixture per playoff not scheduled yet: the lower division's team hosts the higher
    one's (it plays for the place above)."""
    made = []
    last = league.fixtures.aggregate(last=Max("round"))["last"] or 0
    for playoff in playoffs:
        a, b = playoff.team_a, playoff.team_b
        found = league.fixtures.filter(is_playoff=True, home__in=[a, b], away__in=[a, b]
                                       ).first()
        if found is None:
            found = Fixture.objects.create(league=league, division=None, round=last + 1,
                                           home=b, away=a, is_playoff=True)
        made.append(found)
    return made


@transaction.atomic
def team_league_close(*, league: TeamLeague) -> dict:
    """Close the season (again, once its playoffs are played): who goes up, who goes down,
    the playoffs (scheduled as fixtures, with their winners once known), next season's
    proposal (division id -> team ids) and the problems the core reports."""
    league = lock_league(league)
    if league.status == TeamLeague.Status.SETUP:
        raise Refusal(gettext("%(league)s is not drawn yet: there is no season to close.")
                      % {"league": league})
    open_count = league.fixtures.filter(is_playoff=False).exclude(
        status__in=Fixture.FINAL).count()
    if open_count:
        raise Refusal(gettext("%(count)s fixtures have no final card yet: close the season "
                              "after them.") % {"count": open_count})
    tables = division_tables(league=league)
    by_pk = {t.division.pk: t.division for t in tables}
    divisions = [DivisionTable(
        level=t.division.level, region=t.division.region or None, promote=t.division.promote,
        relegate=t.division.relegate, key=t.division.pk,
        playoff=((t.division.playoff_place, by_pk[t.division.playoff_against_id].level,
                  t.division.playoff_against_place)
                 if t.division.playoff_against_id in by_pk else None),
        rows=[row.team for row in t.rows], one_team_per_club=t.division.one_team_per_club)
        for t in tables]
    decided = _playoff_winners(league)
    end = season_end(divisions, club_of=lambda team: team.club_id,
                     playoff_winners={team for team, _how in decided.values()})
    fixtures = _schedule_playoffs(league, end.playoffs)
    league.status = TeamLeague.Status.CLOSED
    league.proposal = {str(key): [t.pk for t in teams] for key, teams in end.proposal.items()}
    league.save(update_fields=["status", "proposal"])

    def move(m):
        return {"team": m.team.pk, "name": m.team.name, "from_division": m.from_division,
                "to_division": m.to_division}

    return {
        "promoted": [move(m) for m in end.promoted],
        "relegated": [move(m) for m in end.relegated],
        "playoffs": [{"fixture": f.pk, "team_a": p.team_a.pk, "team_b": p.team_b.pk,
                      "for_division": p.for_division, "from_division": p.from_division,
                      "winner": p.winner.pk if p.winner is not None else None,
                      "decided_by": decided[f.pk][1] if f.pk in decided else None}
                     for p, f in zip(end.playoffs, fixtures, strict=True)],
        "proposal": league.proposal,
        "problems": [refusal_text(p) for p in end.problems],
    }


def _next_problems(league: TeamLeague, proposal: dict, teams: dict[int, Team]) -> None:
    """Refuses, naming why, a proposal that names a division this season does not have, a
    team twice or not at all (every team of a member club goes on), an unknown team, or
    a team whose club is no longer one of the organiser's members."""
    divisions = {str(pk) for pk in league.divisions.values_list("pk", flat=True)}
    if unknown := sorted(set(map(str, proposal)) - divisions):
        raise Refusal(gettext("The proposal names a division this season does not have: "
                              "%(division)s.") % {"division": unknown[0]})
    named = [pk for pks in proposal.values() for pk in pks]
    if strangers := [pk for pk in named if pk not in teams]:
        raise Refusal(gettext("Team %(team)s is not one of this season's teams.")
                      % {"team": strangers[0]})
    if twice := sorted({pk for pk in named if named.count(pk) > 1}):
        raise Refusal(gettext("%(team)s is in the proposal twice: each team goes in one "
                              "division.") % {"team": teams[twice[0]]})
    members = member_club_ids(league)
    if gone := [teams[pk] for pk in named if teams[pk].club_id not in members]:
        raise Refusal(gettext("%(team)s cannot go on: %(club)s is no longer a member club of "
                              "%(organiser)s.") % {"team": gone[0], "club": gone[0].club,
                                                   "organiser": league.organiser})
    if lost := [t for pk, t in teams.items() if pk not in named and t.club_id in members]:
        raise Refusal(gettext("The proposal leaves out %(team)s: put each team in a "
                              "division.") % {"team": lost[0]})


@transaction.atomic
def team_league_next_create(*, league: TeamLeague, season: str,
                            proposal: dict[str, list[int]] | None = None, by=None
                            ) -> TeamLeague:
    """Next season from a closed one, once: the same settings and divisions, each division's
    teams as the (edited) proposal says, with their captains and squads. New teams enter
    the new season as any team does, before its draw."""
    from .leagues import division_create, team_create, team_league_create

    league = lock_league(league)
    if league.status != TeamLeague.Status.CLOSED:
        raise Refusal(gettext("Close %(league)s first: its proposal makes the next season.")
                      % {"league": league})
    if league.next_league_id is not None:
        raise Refusal(gettext("%(league)s's next season is made already: %(next)s.")
                      % {"league": league, "next": league.next_league})
    proposal = proposal if proposal is not None else league.proposal
    proposal = {str(key): list(pks) for key, pks in proposal.items()}
    teams = {t.pk: t for t in league.teams.select_related("club", "captain")}
    _next_problems(league, proposal, teams)
    new = team_league_create(
        federation=league.federation, club=league.club, name=league.name, season=season,
        boards=league.boards, lengths=league.lengths, meetings=league.meetings,
        match_points=league.match_points, tiebreaks=league.tiebreaks,
        board_order_tolerance=league.board_order_tolerance, no_drop=league.no_drop,
        lineup_hours=league.lineup_hours, by=by)
    old_divisions = {str(d.pk): d for d in league.divisions.order_by("-level")}
    made: dict[int, Division] = {}
    for d in old_divisions.values():  # the lower first: a playoff names the one below
        against = made.get(d.playoff_against_id)
        made[d.pk] = division_create(
            league=new, name=d.name, level=d.level, region=d.region, promote=d.promote,
            relegate=d.relegate, one_team_per_club=d.one_team_per_club,
            playoff_place=d.playoff_place if against else None, playoff_against=against,
            playoff_against_place=d.playoff_against_place if against else None)
    for key, pks in proposal.items():
        for pk in pks:
            old = teams[pk]
            team_create(league=new, club=old.club, name=old.name, division=made[int(key)],
                        captain=old.captain, squad=list(old.squad.all()), rank=old.rank)
    league.next_league = new
    league.save(update_fields=["next_league"])
    return new
