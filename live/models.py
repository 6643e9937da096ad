"""Live matches played on the site: the match and its log of accepted actions.

The state is never stored: it is the log replayed by the engine's ``Game`` (``live.core``),
one row per accepted action, numbered without gaps (``seq`` unique per match). A refused
action writes nothing.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q


class LiveMatch(models.Model):
    class Dice(models.TextChoices):
        DIGITAL = "digital", "Digital dice (rolled by the server)"
        MANUAL = "manual", "Real dice (scoresheet: the players enter what they rolled)"

    class Level(models.TextChoices):
        """The computer's strength (GNU Backgammon): noise at 0 ply, then 2 ply."""

        BEGINNER = "beginner", "Beginner"
        CASUAL = "casual", "Casual"
        INTERMEDIATE = "intermediate", "Intermediate"
        ADVANCED = "advanced", "Advanced"
        EXPERT = "expert", "Expert"
        WORLD_CLASS = "world_class", "World class"

    class Status(models.TextChoices):
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE,
                             related_name="live_matches")
    player_a = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+",
                                 help_text="Player 0: the left column of the match file.")
    player_b = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+",
                                 null=True, blank=True, help_text="Empty: the computer.")
    length = models.PositiveSmallIntegerField(help_text="Points to win; 0 = money play.")
    crawford = models.BooleanField(default=True)
    jacoby = models.BooleanField(default=False, help_text="Money play only.")
    beavers = models.BooleanField(default=False, help_text="Money play only.")
    dice = models.CharField(max_length=8, choices=Dice.choices, default=Dice.DIGITAL)
    level = models.CharField(max_length=12, choices=Level.choices, blank=True)
    tournament_match = models.ForeignKey(
        "tournaments.TournamentMatch", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="live_matches")
    #: One tablet passed across the table: the creator (one of the players) acts for both.
    one_device = models.BooleanField(
        default=False, help_text="The player who started it acts for both sides (one device "
        "passed across the table).")
    #: A ladder challenge played here: its end reports the result with the match file.
    challenge = models.ForeignKey(
        "tournaments.Challenge", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="live_matches")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    #: The number of accepted actions: the pages that follow the match compare it.
    version = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: The match record made of the finished match (its rules check, its analysis).
    record = models.ForeignKey("games.MatchRecord", null=True, blank=True,
                               on_delete=models.SET_NULL, related_name="live_matches")
    #: What became of the finished match's file when it could not be filed (shown to all).
    note = models.TextField(blank=True)
    #: The first login that acted for a player not its own (the creator of a one-device
    #: match, a club admin at the table): the match then ends as a report that the opponent
    #: (or a club admin or referee) confirms; its file is the evidence.
    proxy_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                 on_delete=models.SET_NULL, related_name="+")
    proxy_name = models.CharField(max_length=150, blank=True,
                                  help_text="Who acted for a player not their own.")

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "live matches"
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
        ]

    def __str__(self) -> str:
        b = self.player_b.name if self.player_b_id else "the computer"
        return f"{self.player_a.name} v {b} ({self.length or 'money'})"

    @property
    def is_practice(self) -> bool:
        return self.player_b_id is None

    @property
    def proxy_note(self) -> str:
        """What the board, the match page and the report say of a match not made by each
        player's own login ("" when it was)."""
        if not self.proxy_name:
            return ""
        if self.one_device and self.proxy_by_id == self.created_by_id:
            return f"Played on one device by {self.proxy_name}."
        return f"{self.proxy_name} acted for a player (not each player's own login)."


class LiveAction(models.Model):
    class Kind(models.TextChoices):
        ROLL = "roll", "Roll"
        MOVE = "move", "Move"
        DOUBLE = "double", "Double"
        TAKE = "take", "Take"
        DROP = "drop", "Drop"
        BEAVER = "beaver", "Beaver"
        RESIGN = "resign", "Resign"
        ACCEPT = "accept", "Accept"
        REJECT = "reject", "Reject"

    match = models.ForeignKey(LiveMatch, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices)
    #: 0 = player A, 1 = player B; null: an opening tie rolled by the server.
    side = models.PositiveSmallIntegerField(null=True, blank=True)
    die1 = models.PositiveSmallIntegerField(null=True, blank=True)
    die2 = models.PositiveSmallIntegerField(null=True, blank=True)
    play = models.CharField(max_length=120, blank=True)
    value = models.PositiveSmallIntegerField(null=True, blank=True)
    #: Who pressed it (a player, a club admin for a tournament match); null: the computer.
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                           on_delete=models.SET_NULL, related_name="+")
    #: For whom (0 = player A, 1 = player B): the player ``by`` acted as. It differs from
    #: ``by``'s own player on one device or when a club admin acts for a player.
    for_side = models.PositiveSmallIntegerField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="live_liveaction_one_per_seq"),
            models.CheckConstraint(condition=Q(side__isnull=True) | Q(side__lte=1),
                                   name="live_liveaction_side_valid"),
            models.CheckConstraint(condition=Q(for_side__isnull=True) | Q(for_side__lte=1),
                                   name="live_liveaction_for_side_valid"),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.kind} ({self.match_id})"
