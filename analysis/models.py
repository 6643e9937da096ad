"""Match analyses by GNU Backgammon: one per match record (its latest), each player's figures,
and a club's choice of level. The figures are written once, in one transaction, when the
analysis is done; a re-analysis replaces them wholesale."""

from decimal import Decimal

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext, gettext_lazy

from .core.decisions import Thresholds


class Level(models.IntegerChoices):
    ZERO_PLY = 0, gettext_lazy("0 ply (fast)")
    TWO_PLY = 2, gettext_lazy("2 ply (stronger, slower)")


def _threshold(default: str, verbose_name, help_text):
    return models.DecimalField(max_digits=4, decimal_places=3, default=Decimal(default),
                               verbose_name=verbose_name, help_text=help_text)


class AnalysisSetting(models.Model):
    """A club's choices (a club without a row: 0 ply, no leaderboard, gnubg's thresholds)."""

    club = models.OneToOneField("clubs.Club", on_delete=models.CASCADE,
                                related_name="analysis_setting",
                                verbose_name=gettext_lazy("club"))
    plies = models.PositiveSmallIntegerField(choices=Level.choices, default=Level.ZERO_PLY,
                                             verbose_name=gettext_lazy("level"))
    leaderboard = models.BooleanField(
        default=False, verbose_name=gettext_lazy("error-rate leaderboard"),
        help_text=gettext_lazy("Show a season's error-rate leaderboard (players opt in)."))
    # gnubg's own defaults today (its "show analysis"): 0.03, 0.06, 0.12
    doubtful = _threshold("0.030", gettext_lazy("doubtful"), gettext_lazy(
        "Equity lost (EMG) above which gnubg marks a decision doubtful."))
    bad = _threshold("0.060", gettext_lazy("bad"), gettext_lazy(
        "Equity lost (EMG) above which gnubg marks a decision bad."))
    very_bad = _threshold("0.120", gettext_lazy("very bad"), gettext_lazy(
        "Equity lost (EMG) above which gnubg marks a decision very bad."))

    class Meta:
        verbose_name = gettext_lazy("analysis setting")
        verbose_name_plural = gettext_lazy("analysis settings")
        constraints = [
            models.CheckConstraint(
                condition=Q(doubtful__gt=0, bad__gt=F("doubtful"), very_bad__gt=F("bad")),
                name="analysis_analysissetting_thresholds_rise"),
        ]

    def __str__(self) -> str:
        return f"{self.club}: {self.get_plies_display()}"

    def thresholds(self) -> Thresholds:
        return Thresholds(float(self.doubtful), float(self.bad), float(self.very_bad))


class Analysis(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", gettext_lazy("Queued")
        RUNNING = "running", gettext_lazy("Analysing")
        DONE = "done", gettext_lazy("Done")
        FAILED = "failed", gettext_lazy("Failed")

    #: A worker that dies during an analysis leaves it running; after this many claims the
    #: analysis is failed instead of tried again (a match that crashes gnubg every time).
    MAX_ATTEMPTS = 3

    record = models.OneToOneField("games.MatchRecord", on_delete=models.CASCADE,
                                  related_name="analysis",
                                  verbose_name=gettext_lazy("match record"))
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED,
                              verbose_name=gettext_lazy("status"))
    plies = models.PositiveSmallIntegerField(choices=Level.choices, default=Level.ZERO_PLY,
                                             verbose_name=gettext_lazy("level"))
    progress = models.PositiveSmallIntegerField(
        default=0, verbose_name=gettext_lazy("progress"),
        help_text=gettext_lazy("Percent, while running."))
    gnubg_version = models.CharField(max_length=40, blank=True,
                                     verbose_name=gettext_lazy("gnubg version"))
    error = models.TextField(blank=True, verbose_name=gettext_lazy("error"))
    attempts = models.PositiveSmallIntegerField(default=0, verbose_name=gettext_lazy("attempts"))
    queued_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("queued at"))
    started_at = models.DateTimeField(null=True, blank=True,
                                      verbose_name=gettext_lazy("started at"))
    finished_at = models.DateTimeField(null=True, blank=True,
                                       verbose_name=gettext_lazy("finished at"))
    #: One dict per decision (analysis.core.decisions.Decision.to_dict), in match order,
    #: each with the match turn it belongs to ("turn": MatchTurn id, or null).
    decisions = models.JSONField(default=list, blank=True, verbose_name=gettext_lazy("decisions"))
    #: The thresholds gnubg marked the decisions at ({"doubtful": .., "bad": ..,
    #: "very_bad": ..}; empty for an analysis stored before they were kept).
    thresholds = models.JSONField(default=dict, blank=True, verbose_name=gettext_lazy("thresholds"))

    class Meta:
        verbose_name = gettext_lazy("analysis")
        verbose_name_plural = gettext_lazy("analyses")
        indexes = [models.Index(fields=["status", "queued_at"], name="analysis_status_idx")]
        constraints = [
            models.CheckConstraint(condition=Q(progress__lte=100),
                                   name="analysis_analysis_progress_max"),
        ]

    def __str__(self) -> str:
        return gettext("analysis of %(record)s: %(status)s") % {
            "record": self.record, "status": self.get_status_display()}


class PlayerAnalysis(models.Model):
    """One player's figures for one analysed match, as gnubg's "show statistics match"
    gives them (EMG and mEMG)."""

    analysis = models.ForeignKey(Analysis, on_delete=models.CASCADE, related_name="players",
                                 verbose_name=gettext_lazy("analysis"))
    side = models.PositiveSmallIntegerField(
        help_text=gettext_lazy("0: the player named first (left)."),
        verbose_name=gettext_lazy("side"))
    player = models.ForeignKey("clubs.Player", on_delete=models.CASCADE,
                               related_name="analyses", verbose_name=gettext_lazy("player"))
    name = models.CharField(max_length=200,
                            help_text=gettext_lazy("As gnubg read it from the file."),
                            verbose_name=gettext_lazy("name"))
    moves = models.PositiveIntegerField(verbose_name=gettext_lazy("moves"))
    unforced_moves = models.PositiveIntegerField(verbose_name=gettext_lazy("unforced moves"))
    chequer_error_total = models.FloatField(verbose_name=gettext_lazy("chequer error total"))
    chequer_error_rate = models.FloatField(verbose_name=gettext_lazy("chequer error rate"))
    cube_decisions = models.PositiveIntegerField(verbose_name=gettext_lazy("cube decisions"))
    close_cube_decisions = models.PositiveIntegerField(
        verbose_name=gettext_lazy("close cube decisions"))
    cube_error_total = models.FloatField(verbose_name=gettext_lazy("cube error total"))
    cube_error_rate = models.FloatField(verbose_name=gettext_lazy("cube error rate"))
    error_total = models.FloatField(verbose_name=gettext_lazy("error total"))
    error_rate = models.FloatField(verbose_name=gettext_lazy("error rate"))
    doubtful = models.PositiveIntegerField(verbose_name=gettext_lazy("doubtful"))
    bad = models.PositiveIntegerField(verbose_name=gettext_lazy("bad"))
    very_bad = models.PositiveIntegerField(verbose_name=gettext_lazy("very bad"))
    luck_total = models.FloatField(verbose_name=gettext_lazy("luck total"))
    luck_rate = models.FloatField(verbose_name=gettext_lazy("luck rate"))
    # null: an analysis stored before gnubg's own figures were kept, or no result
    snowie_error_rate = models.FloatField(null=True, blank=True,
                                          verbose_name=gettext_lazy("snowie error rate"))
    actual_result = models.FloatField(
        null=True, blank=True,
        help_text=gettext_lazy("Match winning chance gained from 50%, or points."),
        verbose_name=gettext_lazy("actual result"))
    luck_adjusted_result = models.FloatField(null=True, blank=True,
                                             verbose_name=gettext_lazy("luck adjusted result"))

    class Meta:
        ordering = ["analysis", "side"]
        verbose_name = gettext_lazy("player's analysis")
        verbose_name_plural = gettext_lazy("players' analyses")
        constraints = [
            models.UniqueConstraint(fields=["analysis", "side"],
                                    name="analysis_playeranalysis_side"),
        ]

    def __str__(self) -> str:
        return f"{self.name}: {self.error_rate:.1f} mEMG"


class PlayerChoice(models.Model):
    """A player's own choice: their error rate on their clubs' leaderboards (off until they
    choose; some players do not want it shown)."""

    player = models.OneToOneField("clubs.Player", on_delete=models.CASCADE,
                                  related_name="analysis_choice",
                                  verbose_name=gettext_lazy("player"))
    on_leaderboard = models.BooleanField(default=False,
                                         verbose_name=gettext_lazy("on the leaderboard"))

    class Meta:
        verbose_name = gettext_lazy("player's choice")
        verbose_name_plural = gettext_lazy("players' choices")

    def __str__(self) -> str:
        if self.on_leaderboard:
            return gettext("%(player)s: on the leaderboard") % {"player": self.player}
        return gettext("%(player)s: off the leaderboard") % {"player": self.player}
