"""Match analyses by GNU Backgammon: one per match record (its latest), each player's figures,
and a club's choice of level. The figures are written once, in one transaction, when the
analysis is done; a re-analysis replaces them wholesale."""

from decimal import Decimal

from django.db import models
from django.db.models import F, Q

from .core.decisions import Thresholds


class Level(models.IntegerChoices):
    ZERO_PLY = 0, "0 ply (fast)"
    TWO_PLY = 2, "2 ply (stronger, slower)"


def _threshold(default: str, label: str):
    return models.DecimalField(max_digits=4, decimal_places=3, default=Decimal(default),
                               help_text=f"Equity lost (EMG) above which gnubg marks {label}.")


class AnalysisSetting(models.Model):
    """A club's choices (a club without a row: 0 ply, no leaderboard, gnubg's thresholds)."""

    club = models.OneToOneField("clubs.Club", on_delete=models.CASCADE,
                                related_name="analysis_setting")
    plies = models.PositiveSmallIntegerField(choices=Level.choices, default=Level.ZERO_PLY)
    leaderboard = models.BooleanField(
        default=False, help_text="Show a season's error-rate leaderboard (players opt in).")
    # gnubg's own defaults today (its "show analysis"): 0.03, 0.06, 0.12
    doubtful = _threshold("0.030", "a decision doubtful")
    bad = _threshold("0.060", "a decision bad")
    very_bad = _threshold("0.120", "a decision very bad")

    class Meta:
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
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Analysing"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    #: A worker that dies during an analysis leaves it running; after this many claims the
    #: analysis is failed instead of tried again (a match that crashes gnubg every time).
    MAX_ATTEMPTS = 3

    record = models.OneToOneField("games.MatchRecord", on_delete=models.CASCADE,
                                  related_name="analysis")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    plies = models.PositiveSmallIntegerField(choices=Level.choices, default=Level.ZERO_PLY)
    progress = models.PositiveSmallIntegerField(default=0, help_text="Percent, while running.")
    gnubg_version = models.CharField(max_length=40, blank=True)
    error = models.TextField(blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    queued_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: One dict per decision (analysis.core.decisions.Decision.to_dict), in match order,
    #: each with the match turn it belongs to ("turn": MatchTurn id, or null).
    decisions = models.JSONField(default=list, blank=True)
    #: The thresholds gnubg marked the decisions at ({"doubtful": .., "bad": ..,
    #: "very_bad": ..}; empty for an analysis stored before they were kept).
    thresholds = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name_plural = "analyses"
        indexes = [models.Index(fields=["status", "queued_at"], name="analysis_status_idx")]
        constraints = [
            models.CheckConstraint(condition=Q(progress__lte=100),
                                   name="analysis_analysis_progress_max"),
        ]

    def __str__(self) -> str:
        return f"analysis of {self.record}: {self.status}"


class PlayerAnalysis(models.Model):
    """One player's figures for one analysed match, as gnubg's "show statistics match"
    gives them (EMG and mEMG)."""

    analysis = models.ForeignKey(Analysis, on_delete=models.CASCADE, related_name="players")
    side = models.PositiveSmallIntegerField(help_text="0: the player named first (left).")
    player = models.ForeignKey("clubs.Player", on_delete=models.CASCADE,
                               related_name="analyses")
    name = models.CharField(max_length=200, help_text="As gnubg read it from the file.")
    moves = models.PositiveIntegerField()
    unforced_moves = models.PositiveIntegerField()
    chequer_error_total = models.FloatField()
    chequer_error_rate = models.FloatField()
    cube_decisions = models.PositiveIntegerField()
    close_cube_decisions = models.PositiveIntegerField()
    cube_error_total = models.FloatField()
    cube_error_rate = models.FloatField()
    error_total = models.FloatField()
    error_rate = models.FloatField()
    doubtful = models.PositiveIntegerField()
    bad = models.PositiveIntegerField()
    very_bad = models.PositiveIntegerField()
    luck_total = models.FloatField()
    luck_rate = models.FloatField()
    # null: an analysis stored before gnubg's own figures were kept, or no result
    snowie_error_rate = models.FloatField(null=True, blank=True)
    actual_result = models.FloatField(
        null=True, blank=True, help_text="Match winning chance gained from 50%, or points.")
    luck_adjusted_result = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["analysis", "side"]
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
                                  related_name="analysis_choice")
    on_leaderboard = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"{self.player}: {'on' if self.on_leaderboard else 'off'} the leaderboard"
