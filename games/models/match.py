"""Match records: the verbatim file, its games and turns, the rules check and rulings.

The text is parsed once on import into games and turns (normalised, queryable); the
rules check (a Celery task) replays it through ``games.engine`` and stores its verdict
here. Nothing on these models re-implements a rule.
"""

import dataclasses
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from games.engine import Rules, matchfile, sgf
from games.engine.scoring import MAX_MATCH_LENGTH
from ops.models import AppendOnlyModel


class MatchRecord(models.Model):
    class Side(models.IntegerChoices):
        LEFT = 0, gettext_lazy("Left (named first)")
        RIGHT = 1, gettext_lazy("Right")

    club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="matches")
    player_left = models.ForeignKey(
        "clubs.Player", on_delete=models.PROTECT, related_name="matches_as_left"
    )
    player_right = models.ForeignKey(
        "clubs.Player", on_delete=models.PROTECT, related_name="matches_as_right"
    )
    name_left = models.CharField(max_length=200, help_text=gettext_lazy("As written in the file."))
    name_right = models.CharField(max_length=200, help_text=gettext_lazy("As written in the file."))
    match_length = models.PositiveSmallIntegerField(
        help_text=gettext_lazy("0 for a money session."))
    # The rules in force (the text format does not say; options and header tags decide).
    crawford = models.BooleanField(default=True)
    jacoby = models.BooleanField(default=False)
    beavers = models.BooleanField(default=False)
    automatic_doubles = models.PositiveSmallIntegerField(default=0)
    cube_limit = models.PositiveIntegerField(null=True, blank=True)
    backgammon_multiplier = models.PositiveSmallIntegerField(default=3)
    tags = models.JSONField(default=dict, blank=True)
    source_name = models.CharField(max_length=255, blank=True)
    source_text = models.TextField(help_text=gettext_lazy("The uploaded file, verbatim (decoded)."))
    source_sha256 = models.CharField(max_length=64)
    source_encoding = models.CharField(max_length=20, default="utf-8")
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    uploaded_at = models.DateTimeField(auto_now_add=True)
    #: The file of a tournament, ladder or league match reported with it: checked and
    #: analysed, but that match is the one in the table of finished matches (never twice).
    is_evidence = models.BooleanField(default=False)
    # The standing result: set by the check from the file, changed afterwards only by rulings.
    score_left = models.PositiveIntegerField(null=True, blank=True)
    score_right = models.PositiveIntegerField(null=True, blank=True)
    winner = models.PositiveSmallIntegerField(choices=Side.choices, null=True, blank=True)

    class Meta:
        verbose_name = gettext_lazy("match record")
        verbose_name_plural = gettext_lazy("match records")
        ordering = ["-uploaded_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "source_sha256"], name="games_matchrecord_unique_file"
            ),
            models.CheckConstraint(
                condition=Q(match_length__lte=MAX_MATCH_LENGTH), name="games_matchrecord_length_max"
            ),
            models.CheckConstraint(
                condition=Q(backgammon_multiplier__in=[2, 3]),
                name="games_matchrecord_backgammon_multiplier",
            ),
            models.CheckConstraint(
                condition=~Q(player_left=models.F("player_right")),
                name="games_matchrecord_two_players",
            ),
        ]

    def __str__(self) -> str:
        if self.match_length:
            return gettext("%(left)s v %(right)s (%(length)s-point match)") % {
                "left": self.name_left, "right": self.name_right, "length": self.match_length}
        return gettext("%(left)s v %(right)s (money session)") % {
            "left": self.name_left, "right": self.name_right}

    def get_absolute_url(self) -> str:
        return reverse("games:match-detail", kwargs={"pk": self.pk})

    @property
    def is_money(self) -> bool:
        return self.engine_rules().is_money

    @property
    def source_format(self) -> str:
        """"sgf" or "mat": what the stored file is (told apart by content, as on import)."""
        return "sgf" if sgf.is_sgf(self.source_text[:512], self.source_name) else "mat"

    def parsed_file(self) -> matchfile.MatchFile:
        """The stored file as the engine reads it, its two players named as the record's
        (the club's players it is tied to): the rules check's messages name them, not the
        names written in the file."""
        parsed = sgf.parse_record(self.source_text, name=self.source_name)
        return dataclasses.replace(
            parsed, players=(self.player_left.name, self.player_right.name))

    def engine_rules(self) -> Rules:
        """The engine's Rules for the options stored on the record."""
        return Rules(
            match_length=self.match_length, crawford=self.crawford, jacoby=self.jacoby,
            beavers=self.beavers, automatic_doubles=self.automatic_doubles,
            cube_limit=self.cube_limit, backgammon_multiplier=self.backgammon_multiplier,
        )


class MatchGame(models.Model):
    class EndedBy(models.TextChoices):
        BEAROFF = "bearoff", gettext_lazy("Bear-off")
        RESIGN = "resign", gettext_lazy("Resignation")
        DROP = "drop", gettext_lazy("Dropped cube")

    class Kind(models.TextChoices):
        SINGLE = "single", gettext_lazy("Single")
        GAMMON = "gammon", gettext_lazy("Gammon")
        BACKGAMMON = "backgammon", gettext_lazy("Backgammon")

    record = models.ForeignKey(MatchRecord, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    line = models.PositiveIntegerField(help_text=gettext_lazy("Line of the 'Game N' header."))
    score_left = models.PositiveIntegerField(
        help_text=gettext_lazy("Score line: before this game."))
    score_right = models.PositiveIntegerField()
    # Filled in by the rules check (derived from the replay).
    crawford = models.BooleanField(default=False)
    winner = models.PositiveSmallIntegerField(
        choices=MatchRecord.Side.choices, null=True, blank=True
    )
    points = models.PositiveIntegerField(null=True, blank=True)
    points_written = models.PositiveIntegerField(null=True, blank=True)
    result_kind = models.CharField(max_length=12, choices=Kind.choices, blank=True)
    ended_by = models.CharField(max_length=8, choices=EndedBy.choices, blank=True)
    cube_value = models.PositiveIntegerField(default=1)
    cube_owner = models.PositiveSmallIntegerField(null=True, blank=True)
    is_void = models.BooleanField(default=False,
        help_text=gettext_lazy("Set only by a referee's ruling."))

    class Meta:
        verbose_name = gettext_lazy("game")
        verbose_name_plural = gettext_lazy("games")
        ordering = ["record", "number"]
        constraints = [
            models.UniqueConstraint(fields=["record", "number"], name="games_matchgame_number"),
        ]

    def __str__(self) -> str:
        return gettext("Game %(number)s of %(record)s") % {"number": self.number,
                                                           "record": self.record}


class MatchTurn(models.Model):
    """One action in a game, in file order: a roll and its play, a cube action, a result."""

    class Kind(models.TextChoices):
        ROLL = "roll", pgettext_lazy("dice", "Roll")
        DOUBLE = "double", pgettext_lazy("cube", "Double")
        BEAVER = "beaver", pgettext_lazy("cube", "Beaver")
        RACCOON = "raccoon", pgettext_lazy("cube", "Raccoon")
        TAKE = "take", pgettext_lazy("cube", "Take")
        DROP = "drop", pgettext_lazy("cube", "Drop")
        RESIGN = "resign", gettext_lazy("Resign")
        WIN = "win", gettext_lazy("Win")

    game = models.ForeignKey(MatchGame, on_delete=models.CASCADE, related_name="turns")
    index = models.PositiveIntegerField()
    line = models.PositiveIntegerField()
    player = models.PositiveSmallIntegerField(choices=MatchRecord.Side.choices)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    die1 = models.PositiveSmallIntegerField(null=True, blank=True)
    die2 = models.PositiveSmallIntegerField(null=True, blank=True)
    roll_kind = models.CharField(max_length=16, blank=True)
    text = models.CharField(max_length=500, blank=True,
        help_text=gettext_lazy("The play as written."))
    value = models.PositiveIntegerField(null=True, blank=True,
        help_text=gettext_lazy("Cube value or points."))
    # Filled in by the rules check.
    position_id = models.CharField(max_length=14, blank=True,
        help_text=gettext_lazy("Before this action."))
    canonical = models.CharField(max_length=200, blank=True)

    class Meta:
        verbose_name = gettext_lazy("turn")
        verbose_name_plural = gettext_lazy("turns")
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="games_matchturn_index"),
        ]

    def __str__(self) -> str:
        return f"line {self.line}: {self.get_kind_display()} {self.text}".strip()


class RulesCheck(models.Model):
    """The latest rules check of a record; its violations are replaced wholesale on a re-run."""

    class Status(models.TextChoices):
        QUEUED = "queued", gettext_lazy("Queued")
        RUNNING = "running", gettext_lazy("Running")
        PASSED = "passed", gettext_lazy("Passed")
        FAILED = "failed", gettext_lazy("Violations found")
        ERROR = "error", gettext_lazy("Error")

    #: A check queued longer than this was not picked up: the requeue task sends it again,
    #: and the match page tells the club's admins that the worker is not answering.
    STALE_AFTER = timedelta(minutes=2)

    record = models.OneToOneField(
        MatchRecord, on_delete=models.CASCADE, related_name="rules_check"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    queued_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    #: The worker run that claimed it (``ops.services.worker_name``): the requeue sends a
    #: check again when it runs too long and that worker has given no sign of life since.
    worker = models.CharField(max_length=200, blank=True)
    error = models.TextField(blank=True)
    report = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name = gettext_lazy("rules check")
        verbose_name_plural = gettext_lazy("rules checks")
        indexes = [models.Index(fields=["status", "queued_at"], name="games_check_status_idx")]

    def __str__(self) -> str:
        return f"check of {self.record}: {self.status}"


class Violation(models.Model):
    class Severity(models.TextChoices):
        FATAL = "fatal", gettext_lazy("Fatal")
        ERROR = "error", gettext_lazy("Error")
        WARNING = "warning", gettext_lazy("Warning")

    rules_check = models.ForeignKey(
        RulesCheck, on_delete=models.CASCADE, related_name="violations"
    )
    game_number = models.PositiveSmallIntegerField(null=True, blank=True)
    line = models.PositiveIntegerField()
    rule = models.CharField(max_length=40, db_index=True)
    severity = models.CharField(max_length=8, choices=Severity.choices, default=Severity.ERROR)
    message = models.TextField()
    position_id = models.CharField(max_length=14, blank=True)
    dice = models.CharField(max_length=3, blank=True)
    play_text = models.CharField(max_length=200, blank=True)
    legal_plays = models.JSONField(default=list, blank=True)

    class Meta:
        verbose_name = gettext_lazy("violation")
        verbose_name_plural = gettext_lazy("violations")
        ordering = ["rules_check", "line"]

    def __str__(self) -> str:
        return f"line {self.line}: {self.rule}"


class Ruling(AppendOnlyModel):
    """A referee's decision; the audit trail. Append-only: never edited or deleted."""

    class Kind(models.TextChoices):
        STANDS = "stands", gettext_lazy("The play stands as played")
        VOID = "void", gettext_lazy("The game is void")
        CORRECT = "correct", gettext_lazy("The result is corrected")

    record = models.ForeignKey(MatchRecord, on_delete=models.PROTECT, related_name="rulings")
    violation = models.ForeignKey(
        Violation, null=True, blank=True, on_delete=models.SET_NULL, related_name="rulings"
    )
    game = models.ForeignKey(
        MatchGame, null=True, blank=True, on_delete=models.SET_NULL, related_name="rulings"
    )
    kind = models.CharField(max_length=8, choices=Kind.choices)
    reason = models.TextField()
    before = models.JSONField(default=dict)
    after = models.JSONField(default=dict)
    referee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = gettext_lazy("ruling")
        verbose_name_plural = gettext_lazy("rulings")
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="games_ruling_reason_required"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} by {self.referee} on {self.record}"
