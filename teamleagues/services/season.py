"""A season's end: the core's promotion, relegation and playoffs (``season_end``) from
the final tables; the playoffs scheduled as fixtures; next season's divisions proposed,
which the league admin edits and confirms (``team_league_next_create``)."""

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext

from config.refusals import Refusal, refusal_text

from ..core import DivisionTable, season_end
from ..models import Division, Fixture, Team, TeamLeague
from ..selectors import division_tables
from .leagues import lock_league


def _playoff_winners(league: TeamLeague) -> set[Team]:
    winners = set()
    for fixture in league.fixtures.filter(is_playoff=True, status__in=Fixture.FINAL
                                          ).select_related("home", "away"):
        if fixture.points_home != fixture.points_away:
            winners.add(fixture.home if fixture.points_home > fixture.points_away
                        else fixture.away)
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
    end = season_end(divisions, club_of=lambda team: team.club_id,
                     playoff_winners=_playoff_winners(league))
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
                      "winner": p.winner.pk if p.winner is not None else None}
                     for p, f in zip(end.playoffs, fixtures, strict=True)],
        "proposal": league.proposal,
        "problems": [refusal_text(p) for p in end.problems],
    }


@transaction.atomic
def team_league_next_create(*, league: TeamLeague, season: str,
                            proposal: dict[str, list[int]] | None = None, by=None
                            ) -> TeamLeague:
    """Next season from a closed one: the same settings and divisions, each division's
    teams as the (edited) proposal says, with their captains and squads."""
    from .leagues import division_create, team_create, team_league_create

    league = lock_league(league)
    if league.status != TeamLeague.Status.CLOSED:
        raise Refusal(gettext("Close %(league)s first: its proposal makes the next season.")
                      % {"league": league})
    proposal = proposal if proposal is not None else league.proposal
    teams = {t.pk: t for t in league.teams.select_related("club", "captain")}
    named = [pk for pks in proposal.values() for pk in pks]
    if len(set(named)) != len(named) or not set(named) <= set(teams):
        raise Refusal(gettext("The proposal names each of this season's teams at most once."))
    new = team_league_create(
        federation=league.federation, club=league.club, name=league.name, season=season,
        boards=league.boards, lengths=league.lengths, meetings=league.meetings,
        match_points=league.match_points, tiebreaks=league.tiebreaks,
        board_order_tolerance=league.board_order_tolerance, no_drop=league.no_drop,
        lineup_hours=league.lineup_hours, by=by)
    old_divisions = {str(d.pk): d for d in league.divisions.order_by("-level")}
    if not set(proposal) <= set(old_divisions):
        raise Refusal(gettext("The proposal names a division this season does not have."))
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
    return new
