"""Season leagues: divisions of round robins with a deadline per round, results reported
and confirmed (or entered by the admin), walkovers after a deadline, corrections with a
reason; at the end, promotion and relegation draft the next season for the admin to
confirm. The rules are ``tournaments.formats.league``'s."""

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from audit.models import AuditEntry
from audit.services import audit_record
from clubs.models import Club
from clubs.permissions import club_players
from config.refusals import refusal_text
from ops.locks import lock_row
from results.models import FinishedMatch
from results.services import finished_match_record
from tournaments import selectors_league as reads
from tournaments.formats import DEFAULT_LENGTH
from tournaments.formats import league as rules
from tournaments.models import Division, DivisionMember, Fixture, LeagueSeason

from .errors import TournamentError, lock_event
from .options import match_length
from .workflow import (
    ResultKind,
    check_score,
    result_confirm,
    result_correct,
    result_enter,
    result_report,
)

FixtureStatus = Fixture.Status


def _lock(season_id: int) -> LeagueSeason:
    return lock_event(LeagueSeason, season_id)




@transaction.atomic
def season_create(*, club: Club, name: str, starts_on: datetime.date, ends_on: datetime.date,
                  divisions: list[list[int]], cycles: int = 1, days_per_round: int = 14,
                  promote: int = 2, relegate: int = 2, length: int = DEFAULT_LENGTH,
                  missed_deadline: str = LeagueSeason.MissedDeadline.VOID,
                  previous: LeagueSeason | None = None) -> LeagueSeason:
    """A draft season with its divisions (lists of player ids, the top division first)."""
    name = (name or "").strip()
    if not name or ends_on < starts_on:
        raise TournamentError(gettext("A season needs a name and an end after its start."))
    match_length(length, gettext("The season's match length"))
    if cycles not in (1, 2) or days_per_round < 1:
        raise TournamentError(gettext("Single or double round robin, a day or more per round."))
    if LeagueSeason.objects.filter(club=club, name=name).exists():
        raise TournamentError(gettext("%(club)s already has a season called %(name)s.") % {
            "club": club, "name": repr(name)})
    if missed_deadline not in LeagueSeason.MissedDeadline.values:
        raise TournamentError(gettext("A missed deadline is void or goes to the referees."))
    everyone = [p for division in divisions for p in division]
    if len(set(everyone)) != len(everyone):
        raise TournamentError(gettext("A player is in two divisions."))
    if any(len(division) < 2 for division in divisions) or not divisions:
        raise TournamentError(gettext("Every division needs at least two players."))
    club_players(club=club, players=everyone, error=TournamentError)
    season = LeagueSeason.objects.create(
        club=club, name=name, starts_on=starts_on, ends_on=ends_on, cycles=cycles,
        days_per_round=days_per_round, promote=promote, relegate=relegate, length=length,
        missed_deadline=missed_deadline, previous=previous)
    for number, players in enumerate(divisions, start=1):
        division = Division.objects.create(season=season, number=number,
                                           name=f"Division {number}")
        DivisionMember.objects.bulk_create([
            DivisionMember(division=division, player_id=p, seed=s)
            for s, p in enumerate(players, start=1)])
    return season


@transaction.atomic
def season_start(*, season: LeagueSeason) -> LeagueSeason:
    """Every division's fixtures, each round with its deadline."""
    season = _lock(season.pk)
    if season.status != LeagueSeason.Status.DRAFT:
        raise TournamentError(gettext("This season has already started."))
    divisions = list(season.divisions.order_by("number"))
    players = [list(d.members.order_by("seed").values_list("player_id", flat=True))
               for d in divisions]
    rows = [Fixture(division=divisions[f.division], round=f.round, player_a_id=f.a,
                    player_b_id=f.b, deadline=f.deadline, length=season.length)
            for f in rules.fixtures(players, start=season.starts_on,
                                    days_per_round=season.days_per_round, cycles=season.cycles)
            if f.b is not None]
    Fixture.objects.bulk_create(rows)
    season.status = LeagueSeason.Status.RUNNING
    season.save(update_fields=["status"])
    return season


def _locked(fixture: Fixture) -> tuple[LeagueSeason, Fixture]:
    season = _lock(fixture.division.season_id)
    row = lock_row(Fixture, pk=fixture.pk, related=("division",))
    if season.status != LeagueSeason.Status.RUNNING:
        raise TournamentError(gettext("The season is not running."))
    return season, row


class FixtureResults(ResultKind):
    """A league's fixture in the result workflow (``workflow.py``): reported while to be
    played, entered (or a walkover) until decided, corrected once decided or void."""

    reported, finished = FixtureStatus.REPORTED, FixtureStatus.FINISHED
    walkover = FixtureStatus.WALKOVER
    correctable = Fixture.CLOSED
    outsider_reports = gettext_noop("Only the two players report their fixture.")
    not_reportable = gettext_noop("This fixture has no result to report now.")
    not_waiting = gettext_noop("This fixture is not waiting for a confirmation.")
    not_enterable = gettext_noop("This fixture is decided: correct it instead.")
    not_correctable = gettext_noop("Only a decided (or void) fixture is corrected.")

    def locked(self, row):
        return _locked(row)

    def reportable(self, row) -> bool:
        return row.status == FixtureStatus.READY

    def enterable(self, row) -> bool:
        return row.status not in Fixture.CLOSED

    def decide(self, event, row, *, status: str) -> None:
        _decide(event, row, status)


RESULTS = FixtureResults()


@transaction.atomic
def fixture_report(*, fixture: Fixture, by, winner: int, score_a: int, score_b: int
                   ) -> Fixture:
    return result_report(RESULTS, row=fixture, by=by, winner=winner,
                         score_a=score_a, score_b=score_b)


@transaction.atomic
def fixture_confirm(*, fixture: Fixture, by) -> Fixture:
    return result_confirm(RESULTS, row=fixture, by=by)


@transaction.atomic
def fixture_enter(*, fixture: Fixture, by, winner: int, score_a: int | None = None,
                  score_b: int | None = None, walkover: bool = False) -> Fixture:
    """The admin enters a result, or a walkover (e.g. after the round's deadline)."""
    return result_enter(RESULTS, row=fixture, by=by, winner=winner, score_a=score_a,
                        score_b=score_b, walkover=walkover)


@transaction.atomic
def fixture_correct(*, fixture: Fixture, by, winner: int, score_a: int, score_b: int,
                    reason: str) -> Fixture:
    return result_correct(RESULTS, row=fixture, by=by, winner=winner,
                          score_a=score_a, score_b=score_b, reason=reason)


def _decide(season: LeagueSeason, row: Fixture, status: str) -> None:
    row.status, row.finished_at = status, row.finished_at or timezone.now()
    row.save()
    finished_match_record(
        club=season.club, source=FinishedMatch.Source.LEAGUE, source_id=row.pk,
        player_a=row.player_a, player_b=row.player_b, length=row.length, winner=row.winner,
        score_a=row.score_a, score_b=row.score_b, finished_at=row.finished_at,
        outcome=FinishedMatch.Outcome.WALKOVER if status == FixtureStatus.WALKOVER
        else FinishedMatch.Outcome.PLAYED,
        event=f"{season.name} — {row.division.name}", event_kind="league")


@transaction.atomic
def season_finish(*, season: LeagueSeason, leaving: list[int] = (), joining: list[int] = ()
                  ) -> LeagueSeason:
    """Every fixture decided: the final tables draft next season's divisions (top P up,
    bottom R down, leavers out, newcomers into the bottom division)."""
    season = _lock(season.pk)
    if season.status != LeagueSeason.Status.RUNNING:
        raise TournamentError(gettext("Only a running season finishes."))
    if Fixture.objects.filter(division__season=season).exclude(
            status__in=Fixture.CLOSED).exists():
        raise TournamentError(gettext("Some fixtures have no result yet."))
    tables = [[row["player_id"] for row in division["rows"]]
              for division in reads.season_tables(season=season)]
    try:
        season.draft = rules.next_season(tables, promote=season.promote,
                                         relegate=season.relegate, leaving=set(leaving),
                                         joining=list(joining))
    except ValueError as exc:
        raise TournamentError(refusal_text(exc)) from exc
    season.status = LeagueSeason.Status.FINISHED
    season.save(update_fields=["draft", "status"])
    return season


@transaction.atomic
def season_next_confirm(*, season: LeagueSeason, name: str, starts_on: datetime.date,
                        ends_on: datetime.date) -> LeagueSeason:
    """The admin confirms the drafted divisions: the next season is created (a draft)."""
    season = _lock(season.pk)
    if season.status != LeagueSeason.Status.FINISHED or not season.draft:
        raise TournamentError(gettext("Finish the season first: its draft makes the next one."))
    if LeagueSeason.objects.filter(previous=season).exists():
        raise TournamentError(gettext("The next season already exists."))
    return season_create(club=season.club, name=name, starts_on=starts_on, ends_on=ends_on,
                         divisions=season.draft, cycles=season.cycles,
                         days_per_round=season.days_per_round, promote=season.promote,
                         relegate=season.relegate, length=season.length,
                         missed_deadline=season.missed_deadline, previous=season)


def fixtures_expire(*, today: datetime.date | None = None) -> list[int]:
    """Fixtures still to be played after their round's deadline (the deadline day is the
    last day to play): void (a double forfeit: nobody scores) or flagged for the referees,
    as the season says. Idempotent: each is claimed under the season's lock and only while
    still to be played, so a second run (or a redelivered task) finds nothing."""
    today = today or timezone.localdate()
    due = list(Fixture.objects.filter(status=FixtureStatus.READY, deadline__lt=today,
                                      division__season__status=LeagueSeason.Status.RUNNING)
               .values_list("pk", flat=True))
    changed = []
    for pk in due:
        with transaction.atomic():
            fixture = Fixture.objects.select_related("division").get(pk=pk)
            season = _lock(fixture.division.season_id)
            row = lock_row(Fixture, pk=pk)
            if row.status != FixtureStatus.READY or row.deadline >= today or \
                    season.status != LeagueSeason.Status.RUNNING:
                continue
            if season.missed_deadline == LeagueSeason.MissedDeadline.VOID:
                row.status, row.finished_at = FixtureStatus.VOID, timezone.now()
            else:
                row.status = FixtureStatus.OVERDUE
            row.save(update_fields=["status", "finished_at"])
            changed.append(pk)
    return changed


RULINGS = ("void", "walkover", "result")


@transaction.atomic
def fixture_rule(*, fixture: Fixture, by, outcome: str, reason: str, winner: int | None = None,
                 score_a: int | None = None, score_b: int | None = None) -> Fixture:
    """The referees rule on a fixture past its deadline: void (a double forfeit), a walkover
    to one player, or the result the players did play. Kept in the audit log."""
    season, row = _locked(fixture)
    if row.status != FixtureStatus.OVERDUE:
        raise TournamentError(gettext("Only a fixture past its deadline waits for a ruling."))
    if outcome not in RULINGS:
        raise TournamentError(gettext("Rule a void, a walkover or a result."))
    if outcome == "walkover" and winner not in (row.player_a_id, row.player_b_id):
        raise TournamentError(gettext("The winner must be one of the two players."))
    if outcome == "result":
        if score_a is None or score_b is None:
            raise TournamentError(gettext("Give both scores."))
        check_score(RESULTS, row, winner=winner, score_a=score_a,
                    score_b=score_b)
    status = {"void": FixtureStatus.VOID, "walkover": FixtureStatus.WALKOVER,
              "result": FixtureStatus.FINISHED}[outcome]
    winner = None if outcome == "void" else winner
    scores = [score_a, score_b] if outcome == "result" else [None, None]
    audit_record(club_id=season.club_id, actor=by, action=AuditEntry.Action.RULING,
                 target=row, reason=reason, before={"status": row.status},
                 after={"status": status, "winner": winner, "score": scores})
    row.winner_id, (row.score_a, row.score_b) = winner, scores
    row.reported_by = row.confirmed_by = by
    if outcome == "void":
        row.status, row.finished_at = FixtureStatus.VOID, timezone.now()
        row.save()
    else:
        _decide(season, row, status)
    return row
