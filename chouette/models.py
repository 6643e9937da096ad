"""Chouette evenings: the session and its order, the games, each cube decision, the ledger.

The rules live in ``chouette.core`` (pure): these models store what happened (settings
fixed at the start, the order, every cube action, each game's result) and the money it
moved. The ledger is append-only: a correction is a reversing entry, never an edit.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from chouette.core import ChouetteSettings, Lineup
from ops.models import AppendOnlyError, AppendOnlyModel

__all__ = [
    "ChouetteCubeAction",
    "ChouetteGame",
    "ChouetteLedgerEntry",
    "ChouettePayment",
    "ChouetteSeat",
    "ChouetteSession",
    "LedgerAppendOnlyError",
]


#: Raised on any attempt to change or delete a ledger or payment row.
LedgerAppendOnlyError = AppendOnlyError
LEDGER_MESSAGE = "The ledger is append-only: post a reversing entry."


class ChouetteSession(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("chouette session", "Open")
        CLOSED = "closed", pgettext_lazy("chouette session", "Closed")

    class CubeMode(models.TextChoices):
        PER_MEMBER = "per_member", gettext_lazy("One cube per team member")
        TEAM = "team", gettext_lazy("One team cube")

    class Consultation(models.TextChoices):
        NO_CUBE_NO_TALK = "no_cube_no_talk", gettext_lazy("No cube, no talk")
        FREE = "free", gettext_lazy("Free consultation")
        NONE = "none", gettext_lazy("No consultation")

    class BoxAnswerPolicy(models.TextChoices):
        FREE = "free", pgettext_lazy("box answer policy", "Free")
        TAKE_AT_LEAST_HALF = "take_at_least_half", gettext_lazy("Take at least half")
        TAKE_CAPTAINS = "take_captains", gettext_lazy("Take the captain's if any")

    club = models.ForeignKey("clubs.Club", verbose_name=gettext_lazy("club"),
                             on_delete=models.PROTECT,
                             related_name="chouette_sessions")
    date = models.DateField(gettext_lazy("date"))
    stake = models.DecimalField(gettext_lazy("stake"), max_digits=10, decimal_places=2,
                                help_text=gettext_lazy(
                                    "Money per point, in the club's currency."))
    currency = models.CharField(gettext_lazy("currency"), max_length=3)
    # The rule settings, fixed when the session starts (see chouette.core.ChouetteSettings).
    cube_mode = models.CharField(gettext_lazy("cube mode"), max_length=16, choices=CubeMode.choices,
                                 default=CubeMode.PER_MEMBER)
    jacoby = models.BooleanField(gettext_lazy("jacoby"), default=True)
    beavers = models.BooleanField(gettext_lazy("beavers"), default=True)
    raccoons = models.BooleanField(gettext_lazy("raccoons"), default=False)
    automatic_doubles = models.PositiveSmallIntegerField(gettext_lazy("automatic doubles"),
                                                         default=0)
    consultation = models.CharField(gettext_lazy("consultation"), max_length=20,
                                    choices=Consultation.choices,
                                    default=Consultation.NO_CUBE_NO_TALK)
    box_partner_from = models.PositiveSmallIntegerField(gettext_lazy("box partner from"),
                                                        null=True, blank=True)
    box_answer_policy = models.CharField(gettext_lazy("box answer policy"), max_length=20,
                                         choices=BoxAnswerPolicy.choices,
                                         default=BoxAnswerPolicy.FREE)
    cube_limit = models.PositiveIntegerField(gettext_lazy("cube limit"), null=True, blank=True)
    status = models.CharField(gettext_lazy("status"), max_length=8, choices=Status.choices,
                              default=Status.OPEN)
    #: The opening roll: each round as a list of [player_id, die] pairs.
    opening_rounds = models.JSONField(gettext_lazy("opening rounds"), default=list, blank=True)
    #: Bumped by every write (under the row lock): pollers compare it, clients send it back.
    version = models.PositiveIntegerField(gettext_lazy("version"), default=0)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL,
                                   verbose_name=gettext_lazy("created by"), null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(gettext_lazy("created at"), auto_now_add=True)
    closed_at = models.DateTimeField(gettext_lazy("closed at"), null=True, blank=True)

    class Meta:
        db_table = "games_chouettesession"
        verbose_name = gettext_lazy("chouette session")
        verbose_name_plural = gettext_lazy("chouette sessions")
        ordering = ["-date", "-pk"]
        constraints = [
            models.CheckConstraint(condition=Q(stake__gt=0), name="games_chouettesession_stake"),
            models.CheckConstraint(condition=Q(automatic_doubles__lte=1),
                                   name="games_chouettesession_autodoubles"),
        ]

    def __str__(self) -> str:
        return gettext("Chouette at %(club)s on %(date)s") % {
            "club": self.club, "date": f"{self.date:%Y-%m-%d}"}

    def get_absolute_url(self) -> str:
        return reverse("chouette:board", kwargs={"slug": self.club.slug, "pk": self.pk})

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    def rule_settings(self) -> ChouetteSettings:
        """The stored settings as the pure value the chouette logic works with."""
        return ChouetteSettings(
            cube_mode=self.cube_mode, jacoby=self.jacoby, beavers=self.beavers,
            raccoons=self.raccoons, automatic_doubles=self.automatic_doubles,
            consultation=self.consultation, box_partner_from=self.box_partner_from,
            box_answer_policy=self.box_answer_policy, cube_limit=self.cube_limit,
        )


class ChouetteSeat(models.Model):
    """A player of the session and their place: rolling, in the line, sitting out, or left."""

    class Status(models.TextChoices):
        ROLLING = "rolling", gettext_lazy("Rolling for the order")
        ACTIVE = "active", gettext_lazy("In the line")
        SITTING_OUT = "sitting_out", gettext_lazy("Sitting out")
        LEFT = "left", pgettext_lazy("chouette seat", "Left")

    session = models.ForeignKey(ChouetteSession, verbose_name=gettext_lazy("session"),
                                on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey("clubs.Player", verbose_name=gettext_lazy("player"),
                               on_delete=models.PROTECT,
                               related_name="chouette_seats")
    status = models.CharField(gettext_lazy("status"), max_length=12, choices=Status.choices,
                              default=Status.ROLLING)
    #: Place in the line (box 0, captain 1, ...) or in the queue of those sitting out.
    position = models.PositiveSmallIntegerField(gettext_lazy("position"), null=True, blank=True)
    joined_at = models.DateTimeField(gettext_lazy("joined at"), auto_now_add=True)

    class Meta:
        db_table = "games_chouetteseat"
        verbose_name = gettext_lazy("chouette seat")
        verbose_name_plural = gettext_lazy("chouette seats")
        ordering = ["session", "position", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["session", "player"],
                                    name="games_chouetteseat_one_per_player"),
        ]

    def __str__(self) -> str:
        return gettext("%(player)s (%(status)s)") % {
            "player": self.player, "status": self.get_status_display()}


class ChouetteGame(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", gettext_lazy("Playing")
        FINISHED = "finished", gettext_lazy("Finished")
        REVERSED = "reversed", gettext_lazy("Reversed")

    class Winner(models.TextChoices):
        BOX = "box", gettext_lazy("The box")
        TEAM = "team", gettext_lazy("The team")

    class Kind(models.TextChoices):
        SINGLE = "single", gettext_lazy("Single game")
        GAMMON = "gammon", gettext_lazy("Gammon")
        BACKGAMMON = "backgammon", gettext_lazy("Backgammon")

    session = models.ForeignKey(ChouetteSession, verbose_name=gettext_lazy("session"),
                                on_delete=models.PROTECT, related_name="games")
    number = models.PositiveIntegerField(gettext_lazy("number"))
    status = models.CharField(gettext_lazy("status"), max_length=10, choices=Status.choices,
                              default=Status.PLAYING)
    box = models.ForeignKey("clubs.Player", verbose_name=gettext_lazy("box"),
                            on_delete=models.PROTECT, related_name="+")
    captain = models.ForeignKey("clubs.Player", verbose_name=gettext_lazy("captain"),
                                on_delete=models.PROTECT, related_name="+")
    partner = models.ForeignKey("clubs.Player", verbose_name=gettext_lazy("partner"), null=True,
                                blank=True, on_delete=models.PROTECT,
                                related_name="+")
    #: The lineup at the start: {"line": [player ids], "sitting_out": [player ids]}.
    lineup = models.JSONField(gettext_lazy("lineup"))
    #: The session's lineup right after this game's rotation (undo restores only from it).
    lineup_after = models.JSONField(gettext_lazy("lineup after"), null=True, blank=True)
    automatic_double = models.BooleanField(gettext_lazy("automatic double"), default=False)
    winner = models.CharField(gettext_lazy("winner"), max_length=4, choices=Winner.choices,
                              blank=True)
    kind = models.CharField(gettext_lazy("kind"), max_length=10, choices=Kind.choices, blank=True)
    resigned = models.BooleanField(gettext_lazy("resigned"), default=False)
    captain_won = models.BooleanField(gettext_lazy("captain won"), null=True, blank=True)
    #: The box's points against each counterparty: [[player id, points], ...].
    points = models.JSONField(gettext_lazy("points"), default=list, blank=True)
    started_at = models.DateTimeField(gettext_lazy("started at"), auto_now_add=True)
    started_by = models.ForeignKey(settings.AUTH_USER_MODEL,
                                   verbose_name=gettext_lazy("started by"), null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    finished_at = models.DateTimeField(gettext_lazy("finished at"), null=True, blank=True)
    finished_by = models.ForeignKey(settings.AUTH_USER_MODEL,
                                    verbose_name=gettext_lazy("finished by"), null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+")
    reversed_at = models.DateTimeField(gettext_lazy("reversed at"), null=True, blank=True)
    reversed_by = models.ForeignKey(settings.AUTH_USER_MODEL,
                                    verbose_name=gettext_lazy("reversed by"), null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+")
    reverse_reason = models.TextField(gettext_lazy("reverse reason"), blank=True)

    class Meta:
        db_table = "games_chouettegame"
        verbose_name = gettext_lazy("chouette game")
        verbose_name_plural = gettext_lazy("chouette games")
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"],
                                    name="games_chouettegame_unique_number"),
            # One game at a time on the board.
            models.UniqueConstraint(fields=["session"], condition=Q(status="playing"),
                                    name="games_chouettegame_one_playing"),
            models.CheckConstraint(
                condition=Q(status="playing") | Q(finished_at__isnull=False),
                name="games_chouettegame_finished_at",
            ),
            models.CheckConstraint(
                condition=~Q(status="reversed") | ~Q(reverse_reason=""),
                name="games_chouettegame_reversal_reason",
            ),
        ]

    def __str__(self) -> str:
        return gettext("Game %(number)s of %(session)s") % {
            "number": self.number, "session": self.session}

    def start_lineup(self) -> Lineup:
        return Lineup(line=tuple(self.lineup["line"]),
                      sitting_out=tuple(self.lineup.get("sitting_out", ())),
                      box_partner_from=self.session.box_partner_from)


class ChouetteCubeAction(models.Model):
    """One member's cube decision. A double of several members is one row per member,
    sharing ``seq``; replaying the rows in order rebuilds the game."""

    class Kind(models.TextChoices):
        BOX_DOUBLE = "box_double", gettext_lazy("Box doubles")
        TEAM_DOUBLE = "team_double", gettext_lazy("Member doubles")
        TAKE = "take", pgettext_lazy("cube", "Take")
        DROP = "drop", pgettext_lazy("cube", "Drop")
        BEAVER = "beaver", gettext_lazy("Beaver")
        RACCOON = "raccoon", gettext_lazy("Raccoon")

    game = models.ForeignKey(ChouetteGame, verbose_name=gettext_lazy("game"),
                             on_delete=models.PROTECT, related_name="cube_actions")
    seq = models.PositiveIntegerField(gettext_lazy("seq"))
    member = models.ForeignKey("clubs.Player", verbose_name=gettext_lazy("member"),
                               on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(gettext_lazy("kind"), max_length=12, choices=Kind.choices)
    side = models.CharField(gettext_lazy("side"),
        max_length=4, choices=ChouetteGame.Winner.choices,
        help_text=gettext_lazy("Who acted: the box or the team (this member)."))
    value = models.PositiveIntegerField(gettext_lazy("value"),
        help_text=gettext_lazy("The member's cube value after the action."))
    #: A tap undone during the game (kept for the record, skipped by the replay).
    undone = models.BooleanField(gettext_lazy("undone"), default=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL,
                                   verbose_name=gettext_lazy("created by"), null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(gettext_lazy("created at"), auto_now_add=True)

    class Meta:
        db_table = "games_chouettecubeaction"
        verbose_name = gettext_lazy("chouette cube action")
        verbose_name_plural = gettext_lazy("chouette cube actions")
        ordering = ["game", "seq", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq", "member"],
                                    name="games_chouettecubeaction_unique_step"),
        ]

    def __str__(self) -> str:
        return gettext("%(kind)s on %(member)s's cube (%(value)s)") % {
            "kind": self.get_kind_display(), "member": self.member, "value": self.value}


class ChouetteLedgerEntry(AppendOnlyModel):
    """The box against one counterparty for one game: ``points`` > 0 means the member pays
    the box. ``amount`` = points x the session's stake, exact."""

    append_only_message = LEDGER_MESSAGE

    session = models.ForeignKey(ChouetteSession, verbose_name=gettext_lazy("session"),
                                on_delete=models.PROTECT,
                                related_name="ledger_entries")
    game = models.ForeignKey(ChouetteGame, verbose_name=gettext_lazy("game"),
                             on_delete=models.PROTECT,
                             related_name="ledger_entries")
    box = models.ForeignKey("clubs.Player", verbose_name=gettext_lazy("box"),
                            on_delete=models.PROTECT, related_name="+")
    member = models.ForeignKey("clubs.Player", verbose_name=gettext_lazy("member"),
                               on_delete=models.PROTECT, related_name="+")
    points = models.IntegerField(gettext_lazy("points"))
    amount = models.DecimalField(gettext_lazy("amount"), max_digits=14, decimal_places=2)
    reverses = models.OneToOneField("self", verbose_name=gettext_lazy("reverses"), null=True,
                                    blank=True, on_delete=models.PROTECT,
                                    related_name="reversed_by")
    reason = models.TextField(gettext_lazy("reason"), blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL,
                                   verbose_name=gettext_lazy("created by"), null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(gettext_lazy("created at"), auto_now_add=True)

    class Meta:
        db_table = "games_chouetteledgerentry"
        verbose_name = gettext_lazy("chouette ledger entry")
        verbose_name_plural = gettext_lazy("chouette ledger entries")
        ordering = ["session", "game", "pk"]
        constraints = [
            # One posting per counterparty per game: a second result cannot post twice.
            models.UniqueConstraint(fields=["game", "member"], condition=Q(reverses__isnull=True),
                                    name="games_chouetteledgerentry_one_per_member"),
            models.CheckConstraint(condition=~Q(box=models.F("member")),
                                   name="games_chouetteledgerentry_two_players"),
            models.CheckConstraint(
                condition=Q(points__gt=0, amount__gt=0) | Q(points__lt=0, amount__lt=0)
                | Q(points=0, amount=0),
                name="games_chouetteledgerentry_amount_sign",
            ),
            models.CheckConstraint(condition=Q(reverses__isnull=True) | ~Q(reason=""),
                                   name="games_chouetteledgerentry_reversal_reason"),
        ]

    def __str__(self) -> str:
        return gettext("%(member)s → %(box)s: %(points)s pt (%(amount)s)") % {
            "member": self.member, "box": self.box, "points": f"{self.points:+d}",
            "amount": self.amount}


class ChouettePayment(AppendOnlyModel):
    """Money handed over to settle balances ("mark paid"): carried balances drop by it.

    A payment marked by mistake is undone by a reversing payment (``reverses`` set, a
    reason given): the same amount the other way, so the balances come back.
    """

    append_only_message = LEDGER_MESSAGE

    club = models.ForeignKey("clubs.Club", verbose_name=gettext_lazy("club"),
                             on_delete=models.PROTECT,
                             related_name="chouette_payments")
    session = models.ForeignKey(ChouetteSession, verbose_name=gettext_lazy("session"), null=True,
                                blank=True,
                                on_delete=models.PROTECT, related_name="payments")
    payer = models.ForeignKey("clubs.Player", verbose_name=gettext_lazy("payer"),
                              on_delete=models.PROTECT, related_name="+")
    payee = models.ForeignKey("clubs.Player", verbose_name=gettext_lazy("payee"),
                              on_delete=models.PROTECT, related_name="+")
    amount = models.DecimalField(gettext_lazy("amount"), max_digits=14, decimal_places=2)
    currency = models.CharField(gettext_lazy("currency"), max_length=3)
    reverses = models.OneToOneField("self", verbose_name=gettext_lazy("reverses"), null=True,
                                    blank=True, on_delete=models.PROTECT,
                                    related_name="reversed_by")
    reason = models.TextField(gettext_lazy("reason"), blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL,
                                   verbose_name=gettext_lazy("created by"), null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(gettext_lazy("created at"), auto_now_add=True)

    class Meta:
        db_table = "games_chouettepayment"
        verbose_name = gettext_lazy("chouette payment")
        verbose_name_plural = gettext_lazy("chouette payments")
        ordering = ["club", "-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0),
                                   name="games_chouettepayment_positive"),
            models.CheckConstraint(condition=Q(reverses__isnull=True) | ~Q(reason=""),
                                   name="games_chouettepayment_reversal_reason"),
            models.CheckConstraint(condition=~Q(payer=models.F("payee")),
                                   name="games_chouettepayment_two_players"),
        ]

    def __str__(self) -> str:
        if self.reverses_id:
            return gettext("%(payer)s refunded %(payee)s %(amount)s %(currency)s (undo)") % {
                "payer": self.payer, "payee": self.payee, "amount": self.amount,
                "currency": self.currency}
        return gettext("%(payer)s paid %(payee)s %(amount)s %(currency)s") % {
            "payer": self.payer, "payee": self.payee, "amount": self.amount,
            "currency": self.currency}
