"""Live matches played on the site: the match and its log of accepted actions.

The state is the log replayed by the engine's ``Game`` (``live.core``), one row per
accepted action, numbered without gaps (``seq`` unique per match). A refused action writes
nothing. The match keeps one figure of it beside the log, written with each action in the
same transaction: the score (``score_a``, ``score_b``), which lists of matches (a team card)
show without replaying; the log stays the truth.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from config.texts import StoredText, render


class LiveMatch(models.Model):
    class Dice(models.TextChoices):
        DIGITAL = "digital", gettext_lazy("Digital dice (rolled by the server)")
        MANUAL = "manual", gettext_lazy(
            "Real dice (scoresheet: the players enter what they rolled)")

    class Level(models.TextChoices):
        """The computer's strength (GNU Backgammon): noise at 0 ply, then 2 ply."""

        BEGINNER = "beginner", pgettext_lazy("rating", "Beginner")
        CASUAL = "casual", pgettext_lazy("rating", "Casual")
        INTERMEDIATE = "intermediate", pgettext_lazy("rating", "Intermediate")
        ADVANCED = "advanced", pgettext_lazy("rating", "Advanced")
        EXPERT = "expert", pgettext_lazy("rating", "Expert")
        WORLD_CLASS = "world_class", pgettext_lazy("rating", "World class")

    class Status(models.TextChoices):
        PLAYING = "playing", gettext_lazy("Playing")
        FINISHED = "finished", gettext_lazy("Finished")

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE,
                             related_name="live_matches", verbose_name=gettext_lazy("club"))
    player_a = models.ForeignKey(
        "clubs.Player", on_delete=models.PROTECT, related_name="+",
        verbose_name=gettext_lazy("player A"),
        help_text=gettext_lazy("Player 0: the left column of the match file."))
    player_b = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+",
                                 null=True, blank=True, verbose_name=gettext_lazy("player B"),
                                 help_text=gettext_lazy("Empty: the computer."))
    length = models.PositiveSmallIntegerField(
        verbose_name=gettext_lazy("length"),
        help_text=gettext_lazy("Points to win; 0 = money play."))
    crawford = models.BooleanField(default=True, verbose_name=gettext_lazy("Crawford rule"))
    jacoby = models.BooleanField(default=False, verbose_name=gettext_lazy("Jacoby rule"),
                                 help_text=gettext_lazy("Money play only."))
    beavers = models.BooleanField(default=False, verbose_name=gettext_lazy("beavers"),
                                  help_text=gettext_lazy("Money play only."))
    dice = models.CharField(max_length=8, choices=Dice.choices, default=Dice.DIGITAL,
                            verbose_name=gettext_lazy("dice"))
    level = models.CharField(max_length=12, choices=Level.choices, blank=True,
                             verbose_name=gettext_lazy("level"))
    tournament_match = models.ForeignKey(
        "tournaments.TournamentMatch", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="live_matches", verbose_name=gettext_lazy("tournament match"))
    #: One tablet passed across the table: the creator (one of the players) acts for both.
    one_device = models.BooleanField(
        default=False, verbose_name=gettext_lazy("one device"),
        help_text=gettext_lazy("The player who started it acts for both sides (one device "
                               "passed across the table)."))
    #: A ladder challenge played here: its end reports the result with the match file.
    challenge = models.ForeignKey(
        "tournaments.Challenge", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="live_matches", verbose_name=gettext_lazy("challenge"))
    #: A board of a team league's card played here (board ``team_board`` of the fixture:
    #: the home team's player is A, the away team's B): its end puts the result on the card.
    team_fixture = models.ForeignKey(
        "teamleagues.Fixture", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="live_matches", verbose_name=gettext_lazy("team fixture"))
    team_board = models.PositiveSmallIntegerField(null=True, blank=True,
                                                  verbose_name=gettext_lazy("board"))
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING,
                              verbose_name=gettext_lazy("status"))
    #: The match score after the last action (player A's, player B's): the lists of
    #: matches (a team card) read it without replaying the log, which stays the truth.
    score_a = models.PositiveSmallIntegerField(default=0, verbose_name=gettext_lazy("score A"))
    score_b = models.PositiveSmallIntegerField(default=0, verbose_name=gettext_lazy("score B"))
    #: The number of accepted actions: the pages that follow the match compare it.
    version = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("version"))
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=gettext_lazy("created by"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created"))
    finished_at = models.DateTimeField(null=True, blank=True,
                                       verbose_name=gettext_lazy("finished"))
    #: The match record made of the finished match (its rules check, its analysis).
    record = models.ForeignKey("games.MatchRecord", null=True, blank=True,
                               on_delete=models.SET_NULL, related_name="live_matches",
                               verbose_name=gettext_lazy("match record"))
    #: What became of the finished match's file when it could not be filed (shown to all).
    note = models.TextField(blank=True, verbose_name=gettext_lazy("note"))
    #: The first login that acted for a player not its own (the creator of a one-device
    #: match, a club admin at the table): the match then ends as a report that the opponent
    #: (or a club admin or referee) confirms; its file is the evidence.
    proxy_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                 on_delete=models.SET_NULL, related_name="+",
                                 verbose_name=gettext_lazy("acted for a player by"))
    proxy_name = models.CharField(max_length=150, blank=True,
                                  verbose_name=gettext_lazy("acting name"),
                                  help_text=gettext_lazy("Who acted for a player not their own."))

    class Meta:
        ordering = ["-created_at"]
        verbose_name = gettext_lazy("live match")
        verbose_name_plural = gettext_lazy("live matches")
        constraints = [
            models.CheckConstraint(condition=~Q(player_a=F("player_b")),
                                   name="live_livematch_two_players"),
            models.CheckConstraint(condition=Q(length__lte=64), name="live_livematch_length"),
            models.CheckConstraint(condition=Q(dice__in=["digital", "manual"]),
                                   name="live_livematch_dice_valid"),
            models.CheckConstraint(
                condition=Q(player_b__isnull=True, level__gt="", dice="digital")
                | Q(player_b__isnull=False, level=""),
                name="live_livematch_computer_has_a_level"),
            # One board of a card is played live once at most (a board left unfinished is
            # decided by the league's admins or referees, never started twice).
            models.UniqueConstraint(fields=["team_fixture", "team_board"],
                                    condition=Q(team_fixture__isnull=False),
                                    name="live_livematch_one_per_team_board"),
            models.CheckConstraint(condition=Q(team_board__isnull=True) | Q(team_board__gte=1),
                                   name="live_livematch_team_board_valid"),
        ]

    def __str__(self) -> str:
        b = self.player_b.name if self.player_b_id else gettext("the computer")
        if self.length:
            return gettext("%(left)s v %(right)s (%(length)s-point match)") % {
                "left": self.player_a.name, "right": b, "length": self.length}
        return gettext("%(left)s v %(right)s (money session)") % {
            "left": self.player_a.name, "right": b}

    @property
    def is_practice(self) -> bool:
        return self.player_b_id is None

    @property
    def proxy_note(self) -> str:
        """What the board, the match page and the report say of a match not made by each
        player's own login ("" when it was), in the active language."""
        return render(self.proxy_text())

    def proxy_text(self) -> StoredText | None:
        """The same, untranslated (a report's stored note)."""
        if not self.proxy_name:
            return None
        if self.one_device and self.proxy_by_id == self.created_by_id:
            return StoredText.gettext("Played on one device by %(name)s.", name=self.proxy_name)
        return StoredText.gettext("%(name)s acted for a player (not each player's own login).",
                                  name=self.proxy_name)


class LiveAction(models.Model):
    class Kind(models.TextChoices):
        ROLL = "roll", pgettext_lazy("live action", "Roll")
        MOVE = "move", pgettext_lazy("live action", "Move")
        DOUBLE = "double", pgettext_lazy("live action", "Double")
        TAKE = "take", pgettext_lazy("live action", "Take")
        DROP = "drop", pgettext_lazy("live action", "Drop")
        BEAVER = "beaver", pgettext_lazy("live action", "Beaver")
        RESIGN = "resign", pgettext_lazy("live action", "Resign")
        ACCEPT = "accept", pgettext_lazy("live action", "Accept")
        REJECT = "reject", pgettext_lazy("live action", "Reject")

    match = models.ForeignKey(LiveMatch, on_delete=models.CASCADE, related_name="actions",
                              verbose_name=gettext_lazy("match"))
    seq = models.PositiveIntegerField(verbose_name=gettext_lazy("seq"))
    kind = models.CharField(max_length=8, choices=Kind.choices, verbose_name=gettext_lazy("kind"))
    #: 0 = player A, 1 = player B; null: an opening tie rolled by the server.
    side = models.PositiveSmallIntegerField(null=True, blank=True,
                                            verbose_name=gettext_lazy("side"))
    die1 = models.PositiveSmallIntegerField(null=True, blank=True,
                                            verbose_name=gettext_lazy("first die"))
    die2 = models.PositiveSmallIntegerField(null=True, blank=True,
                                            verbose_name=gettext_lazy("second die"))
    play = models.CharField(max_length=120, blank=True, verbose_name=gettext_lazy("play"))
    value = models.PositiveSmallIntegerField(null=True, blank=True,
                                             verbose_name=gettext_lazy("value"))
    #: Who pressed it (a player, a club admin for a tournament match); null: the computer.
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                           on_delete=models.SET_NULL, related_name="+",
                           verbose_name=gettext_lazy("by"))
    #: For whom (0 = player A, 1 = player B): the player ``by`` acted as. It differs from
    #: ``by``'s own player on one device or when a club admin acts for a player.
    for_side = models.PositiveSmallIntegerField(null=True, blank=True,
                                                verbose_name=gettext_lazy("for side"))
    at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("when"))

    class Meta:
        ordering = ["match", "seq"]
        verbose_name = gettext_lazy("live action")
        verbose_name_plural = gettext_lazy("live actions")
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="live_liveaction_one_per_seq"),
            models.CheckConstraint(condition=Q(side__isnull=True) | Q(side__lte=1),
                                   name="live_liveaction_side_valid"),
            models.CheckConstraint(condition=Q(for_side__isnull=True) | Q(for_side__lte=1),
                                   name="live_liveaction_for_side_valid"),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.kind} ({self.match_id})"
