"""Ladders (an ordered list of players and their challenges) and season leagues (divisions,
fixtures with deadlines). The rules live in ``tournaments.formats.ladder`` and ``.league``;
these models store positions, challenges, fixtures and results."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext, gettext_lazy

from config.texts import StoredText, shown
from results.models import FinishedMatch
from tournaments.formats import DEFAULT_LENGTH


class Ladder(models.Model):
    club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="ladders",
                             verbose_name=gettext_lazy("club"))
    name = models.CharField(max_length=120, verbose_name=gettext_lazy("name"))
    #: How many places above themselves a player may challenge.
    reach = models.PositiveSmallIntegerField(default=3,
                                             verbose_name=gettext_lazy("challenge reach"))
    #: Days the challenged player has to play before losing by default.
    days = models.PositiveSmallIntegerField(default=14, verbose_name=gettext_lazy("days"))
    length = models.PositiveSmallIntegerField(default=DEFAULT_LENGTH,
                                              verbose_name=gettext_lazy("length"))
    is_open = models.BooleanField(default=True, verbose_name=gettext_lazy("is open"))
    version = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("version"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))

    class Meta:
        verbose_name = gettext_lazy("ladder")
        verbose_name_plural = gettext_lazy("ladders")
        ordering = ["club", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="tournaments_ladder_unique"),
            models.CheckConstraint(condition=Q(reach__gte=1) & Q(days__gte=1)
                                   & Q(length__gte=1) & Q(length__lte=25),
                                   name="tournaments_ladder_settings"),
        ]

    def __str__(self) -> str:
        return self.name


class LadderRung(models.Model):
    """A player's place on a ladder (1 = the top). Positions are rewritten under the
    ladder's row lock, so they stay 1..n without gaps."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="rungs",
                               verbose_name=gettext_lazy("ladder"))
    player = models.ForeignKey("clubs.Player", on_delete=models.PROTECT,
                               related_name="ladder_rungs", verbose_name=gettext_lazy("player"))
    position = models.PositiveIntegerField(verbose_name=gettext_lazy("position"))
    #: Whom they played last (no rematch until each has played someone else).
    last_opponent = models.ForeignKey("clubs.Player", null=True, blank=True,
                                      on_delete=models.SET_NULL, related_name="+",
                                      verbose_name=gettext_lazy("last opponent"))
    joined_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("joined at"))

    class Meta:
        verbose_name = gettext_lazy("ladder rung")
        verbose_name_plural = gettext_lazy("ladder rungs")
        ordering = ["ladder", "position"]
        constraints = [
            models.UniqueConstraint(fields=["ladder", "player"],
                                    name="tournaments_rung_one_per_player"),
            models.CheckConstraint(condition=Q(position__gte=1),
                                   name="tournaments_rung_position"),
        ]

    def __str__(self) -> str:
        return f"{self.position}. {self.player}"


class LadderDeparture(models.Model):
    """A player who left the ladder (the rungs below moved up one): when they had joined and
    when they left, so the ladder's history replays with them in it until they left."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="departures",
                               verbose_name=gettext_lazy("ladder"))
    player = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+",
                               verbose_name=gettext_lazy("player"))
    joined_at = models.DateTimeField(verbose_name=gettext_lazy("joined at"))
    left_at = models.DateTimeField(verbose_name=gettext_lazy("left at"))
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                           on_delete=models.SET_NULL, related_name="+",
                           verbose_name=gettext_lazy("by"))

    class Meta:
        verbose_name = gettext_lazy("ladder departure")
        verbose_name_plural = gettext_lazy("ladder departures")
        ordering = ["ladder", "left_at", "pk"]
        constraints = [models.CheckConstraint(condition=Q(left_at__gte=F("joined_at")),
                                              name="tournaments_departure_dates")]

    def __str__(self) -> str:
        return gettext("%(player)s left %(ladder)s") % {"player": self.player,
                                                         "ladder": self.ladder}


class Challenge(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", gettext_lazy("Waiting for the challenged player")
        ACCEPTED = "accepted", gettext_lazy("Accepted, to be played")
        REPORTED = "reported", gettext_lazy("Result reported, waiting for confirmation")
        DECIDED = "decided", gettext_lazy("Decided")
        EXPIRED = "expired", gettext_lazy("Not played in time: lost by default")
        CANCELLED = "cancelled", gettext_lazy("Cancelled")

    OPEN_STATUSES = (Status.OPEN, Status.ACCEPTED, Status.REPORTED)

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="challenges",
                               verbose_name=gettext_lazy("ladder"))
    challenger = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+",
                                   verbose_name=gettext_lazy("challenger"))
    challenged = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+",
                                   verbose_name=gettext_lazy("challenged"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN,
                              verbose_name=gettext_lazy("status"))
    issued_at = models.DateTimeField(verbose_name=gettext_lazy("issued at"))
    deadline = models.DateTimeField(verbose_name=gettext_lazy("deadline"))
    accepted_at = models.DateTimeField(null=True, blank=True,
                                       verbose_name=gettext_lazy("accepted at"))
    length = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("length"))
    winner = models.ForeignKey("clubs.Player", null=True, blank=True, on_delete=models.PROTECT,
                               related_name="+", verbose_name=gettext_lazy("winner"))
    #: Challenger's and challenged player's points.
    score_challenger = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=gettext_lazy("challenger's score"))
    score_challenged = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=gettext_lazy("challenged player's score"))
    reported_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=gettext_lazy("reported by"))
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+",
                                     verbose_name=gettext_lazy("confirmed by"))
    decided_at = models.DateTimeField(null=True, blank=True,
                                      verbose_name=gettext_lazy("decided at"))
    #: The match file reported with the result (a live match's): its rules check confirms,
    #: unless a person must decide (``person_decides``; ``note`` says why: the match was
    #: played on one device, or the file does not agree).
    match_record = models.ForeignKey("games.MatchRecord", null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+",
                                     verbose_name=gettext_lazy("match record"))
    person_decides = models.BooleanField(default=False,
                                         verbose_name=gettext_lazy("a person decides"))
    note = models.TextField(blank=True, help_text=gettext_lazy(
        "Why the reported result waits for a person rather than its match file."),
        verbose_name=gettext_lazy("note"))
    #: The note's sentences untranslated (``config.texts``); empty: ``note`` as written.
    note_message = models.JSONField(default=list, blank=True,
                                    verbose_name=gettext_lazy("note message"))
    #: Where it was played (the rated-match policies' "live" or "online"): on this site's
    #: live board when the board reported it, else over the board.
    venue = models.CharField(max_length=8, choices=FinishedMatch.Venue.choices,
                             default=FinishedMatch.Venue.BOARD, verbose_name=gettext_lazy("venue"))

    class Meta:
        verbose_name = gettext_lazy("challenge")
        verbose_name_plural = gettext_lazy("challenges")
        ordering = ["-issued_at", "-pk"]
        indexes = [models.Index(fields=["status", "deadline"], name="tournaments_chal_due")]
        constraints = [
            models.CheckConstraint(condition=~Q(challenger=F("challenged")),
                                   name="tournaments_challenge_two_players"),
            models.CheckConstraint(
                condition=Q(winner__isnull=True) | Q(winner=F("challenger"))
                | Q(winner=F("challenged")), name="tournaments_challenge_winner_plays"),
            models.CheckConstraint(
                condition=~Q(status__in=["decided", "expired"]) | Q(winner__isnull=False),
                name="tournaments_challenge_decided_has_winner"),
            models.UniqueConstraint(fields=["ladder", "challenger"],
                                    condition=Q(status__in=["open", "accepted", "reported"]),
                                    name="tournaments_challenge_one_open_each"),
        ]

    def __str__(self) -> str:
        return gettext("%(challenger)s challenges %(challenged)s") % {
            "challenger": self.challenger, "challenged": self.challenged}

    @property
    def is_open(self) -> bool:
        return self.status in self.OPEN_STATUSES

    @property
    def shown_note(self) -> str:
        """The note in the active language."""
        return shown(self.note_message, self.note) if self.note else ""


class LeagueSeason(models.Model):
    """A league's season: divisions (each a round robin), fixtures with deadlines, then
    promotion and relegation into a drafted next season for the admin to confirm."""

    class Status(models.TextChoices):
        DRAFT = "draft", gettext_lazy("Draft")
        RUNNING = "running", gettext_lazy("Running")
        FINISHED = "finished", gettext_lazy("Finished")

    class MissedDeadline(models.TextChoices):
        VOID = "void", gettext_lazy("Void: a double forfeit")
        REFEREES = "referees", gettext_lazy("The referees decide")

    club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="leagues",
                             verbose_name=gettext_lazy("club"))
    name = models.CharField(max_length=120, verbose_name=gettext_lazy("name"))
    starts_on = models.DateField(verbose_name=gettext_lazy("starts on"))
    ends_on = models.DateField(verbose_name=gettext_lazy("ends on"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT,
                              verbose_name=gettext_lazy("status"))
    cycles = models.PositiveSmallIntegerField(default=1, verbose_name=gettext_lazy("cycles"))
    days_per_round = models.PositiveSmallIntegerField(default=14,
                                                      verbose_name=gettext_lazy("days per round"))
    promote = models.PositiveSmallIntegerField(default=2, verbose_name=gettext_lazy("promote"))
    relegate = models.PositiveSmallIntegerField(default=2, verbose_name=gettext_lazy("relegate"))
    length = models.PositiveSmallIntegerField(default=DEFAULT_LENGTH,
                                              verbose_name=gettext_lazy("length"))
    #: A fixture without a result after its round's deadline (the periodic task): void, or
    #: flagged for the referees to rule on.
    missed_deadline = models.CharField(max_length=10, choices=MissedDeadline.choices,
                                       default=MissedDeadline.VOID,
                                       verbose_name=gettext_lazy("missed deadline"))
    #: The next season's divisions (lists of player ids), drafted at the end.
    draft = models.JSONField(default=list, blank=True, verbose_name=gettext_lazy("draft"))
    previous = models.OneToOneField("self", null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="next_season",
                                    verbose_name=gettext_lazy("previous"))
    version = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("version"))

    class Meta:
        verbose_name = gettext_lazy("league season")
        verbose_name_plural = gettext_lazy("league seasons")
        ordering = ["-starts_on", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="tournaments_season_unique"),
            models.CheckConstraint(condition=Q(ends_on__gte=F("starts_on")),
                                   name="tournaments_season_dates"),
            models.CheckConstraint(condition=Q(cycles__in=[1, 2]),
                                   name="tournaments_season_cycles"),
        ]

    def __str__(self) -> str:
        return self.name


class Division(models.Model):
    season = models.ForeignKey(LeagueSeason, on_delete=models.CASCADE, related_name="divisions",
                               verbose_name=gettext_lazy("season"))
    #: 1 is the top division.
    number = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("number"))
    name = models.CharField(max_length=60, verbose_name=gettext_lazy("name"))

    class Meta:
        verbose_name = gettext_lazy("division")
        verbose_name_plural = gettext_lazy("divisions")
        ordering = ["season", "number"]
        constraints = [models.UniqueConstraint(fields=["season", "number"],
                                               name="tournaments_division_unique")]

    def __str__(self) -> str:
        return f"{self.season}: {self.display_name}"

    @property
    def display_name(self) -> str:
        """The name in the page's language when it is the one the season gave it
        ("Division 2"); a name the club chose stays as it is."""
        return str(self.label)

    @property
    def label(self) -> StoredText | str:
        """The name as a sentence to store (a finished match's event): the season's own
        "Division 2" translated wherever it is read, a name the club chose as written."""
        number = self.name.removeprefix("Division ")
        if number.isdigit() and number != self.name:
            return StoredText.gettext("Division %(number)s", number=int(number))
        return self.name


class DivisionMember(models.Model):
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="members",
                                 verbose_name=gettext_lazy("division"))
    player = models.ForeignKey("clubs.Player", on_delete=models.PROTECT,
                               related_name="division_memberships",
                               verbose_name=gettext_lazy("player"))
    #: Order in the division when the season starts (the seed).
    seed = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("seed"))

    class Meta:
        verbose_name = gettext_lazy("division member")
        verbose_name_plural = gettext_lazy("division members")
        ordering = ["division", "seed"]
        constraints = [models.UniqueConstraint(fields=["division", "player"],
                                               name="tournaments_divmember_once")]

    def __str__(self) -> str:
        return f"{self.player} ({self.division.display_name})"


class Fixture(models.Model):
    class Status(models.TextChoices):
        READY = "ready", gettext_lazy("To be played")
        REPORTED = "reported", gettext_lazy("Reported, waiting for confirmation")
        FINISHED = "finished", gettext_lazy("Finished")
        WALKOVER = "walkover", gettext_lazy("Walkover (not played)")
        VOID = "void", gettext_lazy("Void: not played by the deadline (a double forfeit)")
        OVERDUE = "overdue", gettext_lazy("Past its deadline: the referees decide")

    #: A result that counts in the table.
    DECIDED = (Status.FINISHED, Status.WALKOVER)
    #: Nothing more to play: decided, or void.
    CLOSED = (Status.FINISHED, Status.WALKOVER, Status.VOID)

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="fixtures",
                                 verbose_name=gettext_lazy("division"))
    round = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("round"))
    player_a = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+",
                                 verbose_name=gettext_lazy("player A"))
    player_b = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+",
                                 verbose_name=gettext_lazy("player B"))
    deadline = models.DateField(verbose_name=gettext_lazy("deadline"))
    length = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("length"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.READY,
                              verbose_name=gettext_lazy("status"))
    winner = models.ForeignKey("clubs.Player", null=True, blank=True, on_delete=models.PROTECT,
                               related_name="+", verbose_name=gettext_lazy("winner"))
    score_a = models.PositiveSmallIntegerField(null=True, blank=True,
                                               verbose_name=gettext_lazy("score A"))
    score_b = models.PositiveSmallIntegerField(null=True, blank=True,
                                               verbose_name=gettext_lazy("score B"))
    reported_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=gettext_lazy("reported by"))
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+",
                                     verbose_name=gettext_lazy("confirmed by"))
    finished_at = models.DateTimeField(null=True, blank=True,
                                       verbose_name=gettext_lazy("finished at"))

    class Meta:
        verbose_name = gettext_lazy("fixture")
        verbose_name_plural = gettext_lazy("fixtures")
        ordering = ["division", "round", "pk"]
        constraints = [
            models.CheckConstraint(condition=~Q(player_a=F("player_b")),
                                   name="tournaments_fixture_two_players"),
            models.CheckConstraint(
                condition=Q(winner__isnull=True) | Q(winner=F("player_a"))
                | Q(winner=F("player_b")), name="tournaments_fixture_winner_plays"),
            models.CheckConstraint(
                condition=~Q(status__in=["finished", "walkover"]) | Q(winner__isnull=False),
                name="tournaments_fixture_decided_has_winner"),
        ]

    def __str__(self) -> str:
        return gettext("%(division)s, round %(round)s: %(a)s v %(b)s") % {
            "division": self.division.display_name, "round": self.round, "a": self.player_a,
            "b": self.player_b}
