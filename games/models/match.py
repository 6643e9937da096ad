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

    club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="matches",
                             verbose_name=gettext_lazy("club"))
    player_left = models.ForeignKey(
        "clubs.Player", on_delete=models.PROTECT, related_name="matches_as_left",
        verbose_name=gettext_lazy("player left")
    )
    player_right = models.ForeignKey(
        "clubs.Player", on_delete=models.PROTECT, related_name="matches_as_right",
        verbose_name=gettext_lazy("player right")
    )
    name_left = models.CharField(max_length=200, help_text=gettext_lazy("As written in the file."),
                                 verbose_name=gettext_lazy("name left"))
    name_right = models.CharField(max_length=200, help_text=gettext_lazy("As written in the file."),
                                  verbose_name=gettext_lazy("name right"))
    match_length = models.PositiveSmallIntegerField(
        help_text=gettext_lazy("0 for a money session."), verbose_name=gettext_lazy("match length"))
    # The rules in force (the text format does not say; options and header tags decide).
    crawford = models.BooleanField(default=True, verbose_name=gettext_lazy("crawford"))
    jacoby = models.BooleanField(default=False, verbose_name=gettext_lazy("jacoby"))
    beavers = models.BooleanField(default=False, verbose_name=gettext_lazy("beavers"))
    automatic_doubles = models.PositiveSmallIntegerField(
        default=0, verbose_name=gettext_lazy("automatic doubles"))
    cube_limit = models.PositiveIntegerField(null=True, blank=True,
                                             verbose_name=gettext_lazy("cube limit"))
    backgammon_multiplier = models.PositiveSmallIntegerField(
        default=3, verbose_name=gettext_lazy("backgammon multiplier"))
    tags = models.JSONField(default=dict, blank=True, verbose_name=gettext_lazy("tags"))
    source_name = models.CharField(max_length=255, blank=True,
                                   verbose_name=gettext_lazy("source name"))
    source_text = models.TextField(help_text=gettext_lazy("The uploaded file, verbatim (decoded)."),
                                   verbose_name=gettext_lazy("source text"))
    source_sha256 = models.CharField(max_length=64,
                                     verbose_name=gettext_lazy("SHA-256 of the file"))
    source_encoding = models.CharField(max_length=20, default="utf-8",
                                       verbose_name=gettext_lazy("source encoding"))
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        verbose_name=gettext_lazy("uploaded by")
    )
    uploaded_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("uploaded at"))
    #: The file of a tournament, ladder or league match reported with it: checked and
    #: analysed, but that match is the one in the table of finished matches (never twice).
    is_evidence = models.BooleanField(default=False, verbose_name=gettext_lazy("is evidence"))
    #: The stored result this file is the evidence of, when it was matched to one entered
    #: or imported without it (a zip of match files: ``games.services.bulk``).
    finished_match = models.ForeignKey(
        "results.FinishedMatch", null=True, blank=True, on_delete=models.PROTECT,
        related_name="+", verbose_name=gettext_lazy("finished match"))
    # The standing result: set by the check from the file, changed afterwards only by rulings.
    score_left = models.PositiveIntegerField(null=True, blank=True,
                                             verbose_name=gettext_lazy("score left"))
    score_right = models.PositiveIntegerField(null=True, blank=True,
                                              verbose_name=gettext_lazy("score right"))
    winner = models.PositiveSmallIntegerField(choices=Side.choices, null=True, blank=True,
                                              verbose_name=gettext_lazy("winner"))

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

    record = models.ForeignKey(MatchRecord, on_delete=models.CASCADE, related_name="games",
                               verbose_name=gettext_lazy("record"))
    number = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("number"))
    line = models.PositiveIntegerField(help_text=gettext_lazy("Line of the 'Game N' header."),
                                       verbose_name=gettext_lazy("line"))
    score_left = models.PositiveIntegerField(
        help_text=gettext_lazy("Score line: before this game."),
        verbose_name=gettext_lazy("score left"))
    score_right = models.PositiveIntegerField(verbose_name=gettext_lazy("score right"))
    # Filled in by the rules check (derived from the replay).
    crawford = models.BooleanField(default=False, verbose_name=gettext_lazy("crawford"))
    winner = models.PositiveSmallIntegerField(
        choices=MatchRecord.Side.choices, null=True, blank=True, verbose_name=gettext_lazy("winner")
    )
    points = models.PositiveIntegerField(null=True, blank=True, verbose_name=gettext_lazy("points"))
    points_written = models.PositiveIntegerField(null=True, blank=True,
                                                 verbose_name=gettext_lazy("points written"))
    result_kind = models.CharField(max_length=12, choices=Kind.choices, blank=True,
                                   verbose_name=gettext_lazy("result kind"))
    ended_by = models.CharField(max_length=8, choices=EndedBy.choices, blank=True,
                                verbose_name=gettext_lazy("ended by"))
    cube_value = models.PositiveIntegerField(default=1, verbose_name=gettext_lazy("cube value"))
    cube_owner = models.PositiveSmallIntegerField(null=True, blank=True,
                                                  verbose_name=gettext_lazy("cube owner"))
    is_void = models.BooleanField(default=False,
        help_text=gettext_lazy("Set only by a referee's ruling."),
        verbose_name=gettext_lazy("is void"))

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

    game = models.ForeignKey(MatchGame, on_delete=models.CASCADE, related_name="turns",
                             verbose_name=gettext_lazy("game"))
    index = models.PositiveIntegerField(verbose_name=gettext_lazy("index"))
    line = models.PositiveIntegerField(verbose_name=gettext_lazy("line"))
    player = models.PositiveSmallIntegerField(choices=MatchRecord.Side.choices,
                                              verbose_name=gettext_lazy("player"))
    kind = models.CharField(max_length=8, choices=Kind.choices, verbose_name=gettext_lazy("kind"))
    die1 = models.PositiveSmallIntegerField(null=True, blank=True,
                                            verbose_name=gettext_lazy("first die"))
    die2 = models.PositiveSmallIntegerField(null=True, blank=True,
                                            verbose_name=gettext_lazy("second die"))
    roll_kind = models.CharField(max_length=16, blank=True, verbose_name=gettext_lazy("roll kind"))
    text = models.CharField(max_length=500, blank=True,
        help_text=gettext_lazy("The play as written."), verbose_name=gettext_lazy("text"))
    value = models.PositiveIntegerField(null=True, blank=True,
        help_text=gettext_lazy("Cube value or points."), verbose_name=gettext_lazy("value"))
    # Filled in by the rules check.
    position_id = models.CharField(max_length=14, blank=True,
        help_text=gettext_lazy("Before this action."), verbose_name=gettext_lazy("Position ID"))
    canonical = models.CharField(max_length=200, blank=True,
                                 verbose_name=gettext_lazy("canonical play"))

    class Meta:
        verbose_name = gettext_lazy("turn")
        verbose_name_plural = gettext_lazy("turns")
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="games_matchturn_index"),
        ]

    def __str__(self) -> str:
        return gettext("line %(line)s: %(kind)s %(text)s") % {
            "line": self.line, "kind": self.get_kind_display(), "text": self.text}


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
        MatchRecord, on_delete=models.CASCADE, related_name="rules_check",
        verbose_name=gettext_lazy("record")
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED,
                              verbose_name=gettext_lazy("status"))
    queued_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("queued at"))
    started_at = models.DateTimeField(null=True, blank=True,
                                      verbose_name=gettext_lazy("started at"))
    finished_at = models.DateTimeField(null=True, blank=True,
                                       verbose_name=gettext_lazy("finished at"))
    attempts = models.PositiveSmallIntegerField(default=0, verbose_name=gettext_lazy("attempts"))
    #: The worker run that claimed it (``ops.services.worker_name``): the requeue sends a
    #: check again when it runs too long and that worker has given no sign of life since.
    worker = models.CharField(max_length=200, blank=True, verbose_name=gettext_lazy("worker"))
    error = models.TextField(blank=True, verbose_name=gettext_lazy("error"))
    report = models.JSONField(default=dict, blank=True, verbose_name=gettext_lazy("report"))

    class Meta:
        verbose_name = gettext_lazy("rules check")
        verbose_name_plural = gettext_lazy("rules checks")
        indexes = [models.Index(fields=["status", "queued_at"], name="games_check_status_idx")]

    def __str__(self) -> str:
        return gettext("check of %(record)s: %(status)s") % {
            "record": self.record, "status": self.get_status_display()}


class Violation(models.Model):
    class Severity(models.TextChoices):
        FATAL = "fatal", gettext_lazy("Fatal")
        ERROR = "error", gettext_lazy("Error")
        WARNING = "warning", gettext_lazy("Warning")

    rules_check = models.ForeignKey(
        RulesCheck, on_delete=models.CASCADE, related_name="violations",
        verbose_name=gettext_lazy("rules check")
    )
    game_number = models.PositiveSmallIntegerField(null=True, blank=True,
                                                   verbose_name=gettext_lazy("game number"))
    line = models.PositiveIntegerField(verbose_name=gettext_lazy("line"))
    rule = models.CharField(max_length=40, db_index=True, verbose_name=gettext_lazy("rule"))
    severity = models.CharField(max_length=8, choices=Severity.choices, default=Severity.ERROR,
                                verbose_name=gettext_lazy("severity"))
    message = models.TextField(verbose_name=gettext_lazy("message"))
    position_id = models.CharField(max_length=14, blank=True,
                                   verbose_name=gettext_lazy("Position ID"))
    dice = models.CharField(max_length=3, blank=True, verbose_name=gettext_lazy("dice"))
    play_text = models.CharField(max_length=200, blank=True, verbose_name=gettext_lazy("play text"))
    legal_plays = models.JSONField(default=list, blank=True,
                                   verbose_name=gettext_lazy("legal plays"))

    class Meta:
        verbose_name = gettext_lazy("violation")
        verbose_name_plural = gettext_lazy("violations")
        ordering = ["rules_check", "line"]

    def __str__(self) -> str:
        from games.views.texts import rule_text  # the rule's sentence lives with the pages'

        return gettext("line %(line)s: %(rule)s") % {
            "line": self.line, "rule": rule_text(self.rule) or self.rule}


class Ruling(AppendOnlyModel):
    """A referee's decision; the audit trail. Append-only: never edited or deleted."""

    class Kind(models.TextChoices):
        STANDS = "stands", gettext_lazy("The play stands as played")
        VOID = "void", gettext_lazy("The game is void")
        CORRECT = "correct", gettext_lazy("The result is corrected")

    record = models.ForeignKey(MatchRecord, on_delete=models.PROTECT, related_name="rulings",
                               verbose_name=gettext_lazy("record"))
    violation = models.ForeignKey(
        Violation, null=True, blank=True, on_delete=models.SET_NULL, related_name="rulings",
        verbose_name=gettext_lazy("violation")
    )
    game = models.ForeignKey(
        MatchGame, null=True, blank=True, on_delete=models.SET_NULL, related_name="rulings",
        verbose_name=gettext_lazy("game")
    )
    kind = models.CharField(max_length=8, choices=Kind.choices, verbose_name=gettext_lazy("kind"))
    reason = models.TextField(verbose_name=gettext_lazy("reason"))
    before = models.JSONField(default=dict, verbose_name=gettext_lazy("before"))
    after = models.JSONField(default=dict, verbose_name=gettext_lazy("after"))
    referee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                verbose_name=gettext_lazy("referee"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))

    class Meta:
        verbose_name = gettext_lazy("ruling")
        verbose_name_plural = gettext_lazy("rulings")
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="games_ruling_reason_required"),
        ]

    def __str__(self) -> str:
        return gettext("%(kind)s by %(referee)s on %(record)s") % {
            "kind": self.get_kind_display(), "referee": self.referee, "record": self.record}
