"""Analyses: queue one after a passed rules check, run it in the worker, store the outcome.

Idempotent: an analysis is claimed with a row lock, its figures and decisions are written
in one transaction at the end (a worker killed mid-analysis leaves the previous outcome or
nothing), and a finished analysis is never re-run by a redelivered message. Failing never
touches the rules check or the result.
"""

from dataclasses import asdict
from datetime import timedelta
from decimal import Decimal

from celery import current_app
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Player
from clubs.services.players import player_rows_reassign
from games.models import MatchRecord, MatchTurn, RulesCheck
from ops.locks import lock_row
from ops.outage import enqueue

from .core.decisions import TURN_KINDS, Thresholds
from .core.errors import AnalysisFileError
from .core.report import MatchAnalysis
from .gnubg_runner import AnalysisInputError, analyse_text
from .models import Analysis, AnalysisSetting, Level, PlayerAnalysis, PlayerChoice

REQUEUE_AFTER = timedelta(minutes=5)
#: Progress is written at most this often (a row update per step would slow small matches).
PROGRESS_STEP = 20


class AnalysisError(ValueError):
    """An analysis that cannot be asked for (a record whose rules check has not passed)."""


def club_plies(*, club_id: int) -> int:
    setting = AnalysisSetting.objects.filter(club_id=club_id).first()
    return setting.plies if setting else Level.ZERO_PLY


def club_thresholds(*, club_id: int) -> Thresholds:
    """The thresholds gnubg marks the club's matches at (gnubg's own by default)."""
    setting = AnalysisSetting.objects.filter(club_id=club_id).first()
    return setting.thresholds() if setting else Thresholds()


def analysis_enqueue(*, analysis_id: int) -> None:
    """Send the analysis to the broker (the ``analysis`` queue); if the broker is down it
    stays queued and the periodic requeue sends it later. The task is found by its name:
    the tasks import this module, so importing them back would be a cycle."""
    enqueue(current_app.tasks["analysis.tasks.analysis_run_task"], analysis_id)


def analysis_for_record(*, record_id: int) -> Analysis | None:
    """After a rules check: a record that passed gets an analysis at its club's level (once;
    asking again changes nothing)."""
    record = MatchRecord.objects.filter(
        pk=record_id, rules_check__status=RulesCheck.Status.PASSED).first()
    if record is None:
        return None
    with transaction.atomic():
        analysis, created = Analysis.objects.get_or_create(
            record=record, defaults={"plies": club_plies(club_id=record.club_id)})
        if created:
            transaction.on_commit(lambda: analysis_enqueue(analysis_id=analysis.pk), robust=True)
    return analysis


def analysis_restart(*, record: MatchRecord, plies: int) -> Analysis:
    """Analyse again, at ``plies`` (an explicit action; the last outcome stays shown until
    the new one replaces it)."""
    if plies not in Level.values:
        raise AnalysisError(gettext("unknown level %(level)s") % {"level": repr(plies)})
    if not RulesCheck.objects.filter(record=record, status=RulesCheck.Status.PASSED).exists():
        raise AnalysisError(gettext("only a match whose rules check passed is analysed"))
    with transaction.atomic():
        analysis, _ = Analysis.objects.select_for_update().get_or_create(
            record=record, defaults={"plies": plies})
        analysis.status, analysis.plies, analysis.error = Analysis.Status.QUEUED, plies, ""
        analysis.progress, analysis.attempts, analysis.queued_at = 0, 0, timezone.now()
        analysis.save(update_fields=["status", "plies", "error", "progress", "attempts",
                                     "queued_at"])
        transaction.on_commit(lambda: analysis_enqueue(analysis_id=analysis.pk), robust=True)
    return analysis


def analysis_claim(*, analysis_id: int) -> bool:
    """Mark the analysis running; False when it is finished, unknown, or given up on."""
    claimable = Q(status=Analysis.Status.QUEUED) | Q(status=Analysis.Status.RUNNING)
    with transaction.atomic():
        analysis = lock_row(Analysis.objects.filter(claimable), missing_ok=True, pk=analysis_id)
        if analysis is None:
            return False
        if analysis.attempts >= Analysis.MAX_ATTEMPTS:
            _store_failure(analysis, f"given up after {analysis.attempts} attempts: the "
                           "worker stopped during the analysis each time")
            return False
        analysis.status, analysis.started_at = Analysis.Status.RUNNING, timezone.now()
        analysis.attempts += 1
        analysis.progress = 1
        analysis.save(update_fields=["status", "started_at", "attempts", "progress"])
    return True


def analysis_run(*, analysis_id: int) -> Analysis | None:
    """Claim and run one analysis in this (worker) process; store the outcome."""
    if not analysis_claim(analysis_id=analysis_id):
        return None
    analysis = Analysis.objects.select_related("record").get(pk=analysis_id)
    record = analysis.record
    try:
        result = analyse_text(record.source_text, name=record.source_name,
                              plies=analysis.plies,
                              thresholds=club_thresholds(club_id=record.club_id),
                              progress=_progress_writer(analysis.pk))
    except (AnalysisInputError, AnalysisFileError) as exc:
        with transaction.atomic():
            _store_failure(lock_row(Analysis, pk=analysis.pk), str(exc))
        return analysis
    with transaction.atomic():
        current = lock_row(Analysis, pk=analysis.pk)
        if current.status != Analysis.Status.RUNNING:  # restarted meanwhile: not ours
            return current
        _store_result(current, record, result)
    return current


def analysis_fail(*, analysis_id: int, reason: str) -> None:
    """The last retry failed (a crash, the database gone): record why."""
    with transaction.atomic():
        analysis = lock_row(Analysis, missing_ok=True, pk=analysis_id)
        if analysis is not None and analysis.status != Analysis.Status.DONE:
            _store_failure(analysis, reason)


def analysis_requeue(*, older_than: timedelta = REQUEUE_AFTER) -> list[int]:
    """Analyses still queued (sent while the broker was down), and passed records never
    given one (the receiver's message lost): send them."""
    for record_id in MatchRecord.objects.filter(
            rules_check__status=RulesCheck.Status.PASSED, analysis__isnull=True
    ).values_list("pk", flat=True)[:200]:
        analysis_for_record(record_id=record_id)
    cutoff = timezone.now() - older_than
    stale = list(Analysis.objects.filter(status=Analysis.Status.QUEUED, queued_at__lt=cutoff)
                 .values_list("pk", flat=True)[:200])
    for analysis_id in stale:
        analysis_enqueue(analysis_id=analysis_id)
    return stale


# ------------------------------------------------------------------ storing the outcome


def _progress_writer(analysis_id: int):
    last = [0]

    def write(percent: int) -> None:
        if percent - last[0] >= PROGRESS_STEP or percent >= 90:
            last[0] = percent
            Analysis.objects.filter(pk=analysis_id, status=Analysis.Status.RUNNING).update(
                progress=min(percent, 99))

    return write


def _store_failure(analysis: Analysis, reason: str) -> None:
    analysis.status, analysis.error = Analysis.Status.FAILED, reason[:2000]
    analysis.finished_at, analysis.progress = timezone.now(), 0
    analysis.save(update_fields=["status", "error", "finished_at", "progress"])


def _store_result(analysis: Analysis, record: MatchRecord, result: MatchAnalysis) -> None:
    sides = _sides(record, result.names)
    players = (record.player_left_id, record.player_right_id)
    analysis.players.all().delete()
    PlayerAnalysis.objects.bulk_create([
        PlayerAnalysis(analysis=analysis, side=sides[gnubg_player],
                       player_id=players[sides[gnubg_player]], name=name,
                       **result.figures(gnubg_player).to_dict())
        for gnubg_player, name in enumerate(result.names)
    ])
    analysis.decisions = _decision_rows(record, result, sides)
    analysis.status, analysis.progress, analysis.error = Analysis.Status.DONE, 100, ""
    analysis.gnubg_version, analysis.plies = result.gnubg_version, result.plies
    analysis.thresholds = asdict(result.thresholds)
    analysis.finished_at = timezone.now()
    analysis.save(update_fields=["decisions", "status", "progress", "error", "gnubg_version",
                                 "plies", "thresholds", "finished_at"])


def _sides(record: MatchRecord, names: tuple[str, str]) -> tuple[int, int]:
    """gnubg's players 0 and 1 are the file's left and right columns; names decide when a
    converted file put them the other way round."""
    if names == (record.name_right, record.name_left) and names[0] != names[1]:
        return 1, 0
    return 0, 1


def _decision_rows(record: MatchRecord, result: MatchAnalysis, sides) -> list[dict]:
    """The decisions with the side (0 left, 1 right) and the match turn each belongs to (its
    id, game number and line):
    gnubg's n-th action of a game is the n-th roll or cube action of our record's game."""
    turns: dict[int, list[MatchTurn]] = {}
    games = list(record.games.order_by("number").values_list("pk", flat=True))
    for turn in MatchTurn.objects.filter(game__record=record, kind__in=TURN_KINDS).order_by(
            "game__number", "index").select_related("game"):
        turns.setdefault(turn.game_id, []).append(turn)
    rows = []
    for decision in result.decisions:
        row = decision.to_dict()
        row["side"] = sides[decision.player]
        game_turns = turns.get(games[decision.game - 1], []) if decision.game <= len(games) \
            else []
        turn = game_turns[decision.number] if decision.number < len(game_turns) else None
        fits = turn is not None and decision.kind in TURN_KINDS[turn.kind] \
            and turn.player == row["side"]
        row["turn"] = turn.pk if fits else None
        # where the replay viewer shows it (?game=N&line=L)
        row["game_number"], row["line"] = (turn.game.number, turn.line) if fits else (None, None)
        rows.append(row)
    return rows


# ------------------------------------------------------------------ choices


def player_choice_save(*, player_id: int, on_leaderboard: bool) -> PlayerChoice:
    """A player's own choice: show their error rate on their clubs' leaderboards or not."""
    choice, _ = PlayerChoice.objects.update_or_create(
        player_id=player_id, defaults={"on_leaderboard": on_leaderboard})
    return choice


def analysis_setting_save(*, club_id: int, plies: int, leaderboard: bool,
                          thresholds: Thresholds | None = None) -> AnalysisSetting:
    """A club's choices: the level and the thresholds new analyses run at (None: keep
    them), and the error-rate leaderboard. Analyses already done keep their marks until
    they are analysed again."""
    if plies not in Level.values:
        raise AnalysisError(gettext("unknown level %(level)s") % {"level": repr(plies)})
    values = {"plies": plies, "leaderboard": leaderboard}
    if thresholds is not None:
        values.update({name: Decimal(str(value)).quantize(Decimal("0.001"))
                       for name, value in asdict(thresholds).items()})
        if not 0 < values["doubtful"] < values["bad"] < values["very_bad"] < 10:
            raise AnalysisError(gettext("the thresholds must rise: 0 < doubtful < bad < very "
                                        "bad (in EMG, three decimals)"))
    setting, _ = AnalysisSetting.objects.update_or_create(club_id=club_id, defaults=values)
    return setting


def analysis_players_reassign(*, dropped: Player, kept: Player) -> int:
    """A merge of two rows of one person (issue 32): the analyses' figures move to the kept
    row; the kept row's own leaderboard choice stands (the dropped one's when it has
    none)."""
    if PlayerChoice.objects.filter(player=kept).exists():
        PlayerChoice.objects.filter(player=dropped).delete()
    return player_rows_reassign(app_label="analysis", dropped=dropped, kept=kept)
