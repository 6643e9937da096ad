"""Club tournaments: the event, its entries, its rounds (with match lengths), its matches and
the results players report.

The format's logic lives in ``tournaments.formats`` (pure): it builds the graph of matches
and says who plays whom once results arrive. These models store the graph (each match with
its two slot sources), the players placed in it, and what happened.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils import formats
from django.utils.translation import gettext, gettext_lazy, ngettext

from config.texts import restored, shown
from results.models import FinishedMatch
from tournaments.formats import standings as pure_standings
from tournaments.models_labels import competition_name, place_label


class Tournament(models.Model):
    class Format(models.TextChoices):
        SINGLE = "single_elimination", gettext_lazy("Single elimination")
        DOUBLE = "double_elimination", gettext_lazy("Double elimination")
        CONSOLATION = "consolation", gettext_lazy("Main + progressive consolation")
        CONSOLATION_LAST_CHANCE = "consolation_last_chance", \
            gettext_lazy("Main + progressive consolation + last chance")
        SWISS = "swiss", gettext_lazy("Swiss")
        MORESWISS = "moreswiss", gettext_lazy("MoreSwiss (out after L losses)")
        ROUND_ROBIN = "round_robin", gettext_lazy("Round robin")
        GROUPS = "groups", gettext_lazy("Groups, then a knockout")

        # What each format is, asked here and nowhere else (what it does is its handler's,
        # ``tournaments.services.registry``).

        @property
        def is_round_based(self) -> bool:
            """Played in rounds with standings (Swiss, MoreSwiss, round robin, groups); the
            others are knockouts, a graph of matches drawn at the start."""
            return self in _ROUND_BASED

        @property
        def is_paired_by_round(self) -> bool:
            """The director pairs each round (preview, then publish); late entries join."""
            return self in _PAIRED_BY_ROUND

        @property
        def is_grouped(self) -> bool:
            """Standings (and placings) per group; the top of each group go on to a knockout."""
            return self in _GROUPED

        @property
        def has_crosstable(self) -> bool:
            """Everyone meets everyone (in their group): the standings show the grid."""
            return self in _CROSSTABLE

        @property
        def default_tiebreaks(self) -> tuple[str, ...]:
            """The standings' usual order of tie-breaks (empty for the knockouts)."""
            return _TIEBREAKS.get(self, ())

    class Status(models.TextChoices):
        DRAFT = "draft", gettext_lazy("Draft")
        REGISTRATION = "registration", gettext_lazy("Registration open")
        RUNNING = "running", gettext_lazy("Running")
        FINISHED = "finished", gettext_lazy("Finished")

    class Seeding(models.TextChoices):
        ORDER = "order", gettext_lazy("The director's order")
        RATING = "rating", gettext_lazy("By rating")
        RANDOM = "random", gettext_lazy("Random draw")

    club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="tournaments",
                             verbose_name=gettext_lazy("club"))
    name = models.CharField(max_length=120, verbose_name=gettext_lazy("name"))
    starts_on = models.DateField(verbose_name=gettext_lazy("starts on"))
    ends_on = models.DateField(null=True, blank=True, verbose_name=gettext_lazy("ends on"))
    format = models.CharField(max_length=32, choices=Format.choices, default=Format.SINGLE,
                              verbose_name=gettext_lazy("format"))
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.DRAFT,
                              verbose_name=gettext_lazy("status"))
    seeding = models.CharField(max_length=8, choices=Seeding.choices, default=Seeding.ORDER,
                               verbose_name=gettext_lazy("seeding"))
    #: The random draw's seed, recorded so the draw can be reproduced and checked.
    draw_seed = models.CharField(max_length=64, blank=True, verbose_name=gettext_lazy("draw seed"))
    #: Format settings: lengths per flight and round, Crawford, the reset, pace... (see
    #: ``tournaments.services.DEFAULT_OPTIONS``).
    options = models.JSONField(default=dict, blank=True, verbose_name=gettext_lazy("options"))
    #: Bumped by every write: the public page's poll compares it.
    version = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("version"))
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=gettext_lazy("created by"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))
    started_at = models.DateTimeField(null=True, blank=True,
                                      verbose_name=gettext_lazy("started at"))
    finished_at = models.DateTimeField(null=True, blank=True,
                                       verbose_name=gettext_lazy("finished at"))

    class Meta:
        verbose_name = gettext_lazy("tournament")
        verbose_name_plural = gettext_lazy("tournaments")
        ordering = ["-starts_on", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name", "starts_on"],
                                    name="tournaments_tournament_unique_name"),
            models.CheckConstraint(condition=Q(ends_on__isnull=True)
                                   | Q(ends_on__gte=F("starts_on")),
                                   name="tournaments_tournament_dates"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({formats.date_format(self.starts_on, 'SHORT_DATE_FORMAT')})"

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", kwargs={"slug": self.club.slug, "pk": self.pk})

    @property
    def kind(self) -> "Tournament.Format":
        """The format as its enum member (the field holds the bare string), for its facts:
        ``tournament.kind.is_round_based``."""
        return Tournament.Format(self.format)


_F = Tournament.Format
_ROUND_BASED = frozenset({_F.SWISS, _F.MORESWISS, _F.ROUND_ROBIN, _F.GROUPS})
_PAIRED_BY_ROUND = frozenset({_F.SWISS, _F.MORESWISS})
_GROUPED = frozenset({_F.GROUPS})
_CROSSTABLE = frozenset({_F.ROUND_ROBIN, _F.GROUPS})
_TIEBREAKS = {_F.SWISS: pure_standings.SWISS_METRICS,
              _F.MORESWISS: pure_standings.MORESWISS_METRICS,
              _F.ROUND_ROBIN: pure_standings.ROUND_ROBIN_METRICS,
              _F.GROUPS: pure_standings.ROUND_ROBIN_METRICS}


class Entry(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", gettext_lazy("Active")
        WITHDRAWN = "withdrawn", gettext_lazy("Withdrawn")
        DISQUALIFIED = "disqualified", gettext_lazy("Disqualified")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries",
                                   verbose_name=gettext_lazy("tournament"))
    player = models.ForeignKey("clubs.Player", on_delete=models.PROTECT,
                               related_name="tournament_entries",
                               verbose_name=gettext_lazy("player"))
    seed = models.PositiveSmallIntegerField(null=True, blank=True,
                                            verbose_name=gettext_lazy("seed"))
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE,
                              verbose_name=gettext_lazy("status"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))
    withdrawn_at = models.DateTimeField(null=True, blank=True,
                                        verbose_name=gettext_lazy("withdrawn at"))

    class Meta:
        verbose_name = gettext_lazy("entry")
        verbose_name_plural = gettext_lazy("entries")
        ordering = ["tournament", "seed", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"],
                                    name="tournaments_entry_one_per_player"),
            models.UniqueConstraint(fields=["tournament", "seed"], condition=Q(seed__isnull=False),
                                    name="tournaments_entry_unique_seed"),
            models.CheckConstraint(condition=Q(seed__isnull=True) | Q(seed__gte=1),
                                   name="tournaments_entry_seed_positive"),
        ]

    def __str__(self) -> str:
        if self.seed:
            return gettext("%(player)s (seed %(seed)s)") % {"player": self.player,
                                                             "seed": self.seed}
        return str(self.player)


class Round(models.Model):
    """One round of one flight, with its match length."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds",
                                   verbose_name=gettext_lazy("tournament"))
    flight = models.CharField(max_length=12, verbose_name=gettext_lazy("flight"))
    number = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("number"))
    #: The name in English (what the API and the commands read).
    name = models.CharField(max_length=40, verbose_name=gettext_lazy("name"))
    #: The name's sentence untranslated (``config.texts``), shown in the reader's language;
    #: empty: ``name`` is shown as written (a round the club named itself).
    name_message = models.JSONField(default=list, blank=True,
                                    verbose_name=gettext_lazy("name message"))
    length = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("length"))

    class Meta:
        verbose_name = gettext_lazy("round")
        verbose_name_plural = gettext_lazy("rounds")
        ordering = ["tournament", "flight", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "flight", "number"],
                                    name="tournaments_round_unique"),
            models.CheckConstraint(condition=Q(length__gte=1) & Q(length__lte=25),
                                   name="tournaments_round_length"),
        ]

    def __str__(self) -> str:
        return ngettext("%(round)s (%(length)s point)", "%(round)s (%(length)s points)",
                        self.length) % {"round": self.display_name, "length": self.length}

    @property
    def display_name(self) -> str:
        """The name in the page's language (``name`` is stored in English, for the API)."""
        return shown(self.name_message, self.name)

    @property
    def label(self):
        """The name as a sentence to keep in another (a notice, a finished match's event)."""
        return restored(self.name_message, self.name)


class TournamentMatch(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", gettext_lazy("Waiting for its players")
        READY = "ready", gettext_lazy("Ready to start")
        IN_PROGRESS = "in_progress", gettext_lazy("In progress")
        FINISHED = "finished", gettext_lazy("Finished")
        WALKOVER = "walkover", gettext_lazy("Walkover")
        BYE = "bye", gettext_lazy("Bye (no match)")
        SKIPPED = "skipped", gettext_lazy("Not needed")

    #: Statuses with a result that advances the bracket.
    DECIDED = (Status.FINISHED, Status.WALKOVER, Status.BYE)

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="matches",
                                   verbose_name=gettext_lazy("tournament"))
    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="matches",
                              verbose_name=gettext_lazy("round"))
    #: The match's id in the format's graph (e.g. "M1-1"), stable for the event's life.
    key = models.CharField(max_length=16, verbose_name=gettext_lazy("key"))
    flight = models.CharField(max_length=12, verbose_name=gettext_lazy("flight"))
    round_number = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("round number"))
    index = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("index"))
    #: Where each slot's player comes from: {"seed": k}, {"bye": true}, {"winner_of": id}...
    slot_a = models.JSONField(verbose_name=gettext_lazy("slot A"))
    slot_b = models.JSONField(verbose_name=gettext_lazy("slot B"))
    player_a = models.ForeignKey("clubs.Player", null=True, blank=True,
                                 on_delete=models.PROTECT, related_name="+",
                                 verbose_name=gettext_lazy("player A"))
    player_b = models.ForeignKey("clubs.Player", null=True, blank=True,
                                 on_delete=models.PROTECT, related_name="+",
                                 verbose_name=gettext_lazy("player B"))
    length = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("length"))
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.WAITING,
                              verbose_name=gettext_lazy("status"))
    score_a = models.PositiveSmallIntegerField(null=True, blank=True,
                                               verbose_name=gettext_lazy("score A"))
    score_b = models.PositiveSmallIntegerField(null=True, blank=True,
                                               verbose_name=gettext_lazy("score B"))
    winner = models.ForeignKey("clubs.Player", null=True, blank=True, on_delete=models.PROTECT,
                               related_name="+", verbose_name=gettext_lazy("winner"))
    reported_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=gettext_lazy("reported by"))
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+",
                                     verbose_name=gettext_lazy("confirmed by"))
    match_record = models.ForeignKey("games.MatchRecord", null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="tournament_matches",
                                     verbose_name=gettext_lazy("match record"))
    #: Where it was played (the rated-match policies' "live" or "online"): on this site's
    #: live board when the board reported it, else over the board.
    venue = models.CharField(max_length=8, choices=FinishedMatch.Venue.choices,
                             default=FinishedMatch.Venue.BOARD, verbose_name=gettext_lazy("venue"))
    ready_at = models.DateTimeField(null=True, blank=True, verbose_name=gettext_lazy("ready at"))
    started_at = models.DateTimeField(null=True, blank=True,
                                      verbose_name=gettext_lazy("started at"))
    finished_at = models.DateTimeField(null=True, blank=True,
                                       verbose_name=gettext_lazy("finished at"))
    #: Set when a referee must look: a dispute, a disagreeing match file, a correction that
    #: changed who should have played here. Cleared by the referee's decision.
    flag = models.TextField(blank=True, verbose_name=gettext_lazy("flag"))
    #: The flag's sentences untranslated (``config.texts``), shown in the reader's language;
    #: empty: ``flag`` is shown as written (a dispute's reason, typed by a player).
    flag_message = models.JSONField(default=list, blank=True,
                                    verbose_name=gettext_lazy("flag message"))
    #: A referee let this result stand although a correction changed who should have
    #: played it: the bracket takes its winner and loser as played (see bracket.py).
    result_stands = models.BooleanField(default=False, verbose_name=gettext_lazy("result stands"))

    class Meta:
        verbose_name = gettext_lazy("tournament match")
        verbose_name_plural = gettext_lazy("tournament matches")
        ordering = ["tournament", "flight", "round_number", "index"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "key"],
                                    name="tournaments_match_unique_key"),
            models.CheckConstraint(
                condition=Q(winner__isnull=True) | Q(winner=F("player_a"))
                | Q(winner=F("player_b")),
                name="tournaments_match_winner_plays",
            ),
            models.CheckConstraint(
                condition=~Q(status__in=["finished", "walkover", "bye"])
                | Q(winner__isnull=False),
                name="tournaments_match_decided_has_winner",
            ),
            models.CheckConstraint(
                condition=Q(player_a__isnull=True) | Q(player_b__isnull=True)
                | ~Q(player_a=F("player_b")),
                name="tournaments_match_two_players",
            ),
        ]
        indexes = [models.Index(fields=["tournament", "status"], name="tournaments_match_status")]

    def __str__(self) -> str:
        a = self.player_a or "?"
        b = self.player_b or (gettext("bye") if self.slot_b.get("bye") else "?")
        return gettext("%(key)s: %(a)s v %(b)s") % {"key": self.key, "a": a, "b": b}

    @property
    def shown_flag(self) -> str:
        """The flag in the active language."""
        return shown(self.flag_message, self.flag) if self.flag else ""

    @property
    def is_decided(self) -> bool:
        return self.status in self.DECIDED


class ResultReport(models.Model):
    """A player's report of a result, waiting for the opponent (or a match file) to confirm."""

    class Status(models.TextChoices):
        PENDING = "pending", gettext_lazy("Waiting for the opponent")
        CONFIRMED = "confirmed", gettext_lazy("Confirmed")
        DISPUTED = "disputed", gettext_lazy("Disputed (for the referees)")
        FLAGGED = "flagged", gettext_lazy("Match file disagrees (for the referees)")
        WITHDRAWN = "withdrawn", gettext_lazy("Superseded")

    match = models.ForeignKey(TournamentMatch, on_delete=models.CASCADE, related_name="reports",
                              verbose_name=gettext_lazy("match"))
    reported_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                    related_name="+", verbose_name=gettext_lazy("reported by"))
    winner = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+",
                               verbose_name=gettext_lazy("winner"))
    score_a = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("score A"))
    score_b = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("score B"))
    match_record = models.ForeignKey("games.MatchRecord", null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+",
                                     verbose_name=gettext_lazy("match record"))
    #: Where it was played (the rated-match policies' "live" or "online"): on this site's
    #: live board when the board reported it, else over the board.
    venue = models.CharField(max_length=8, choices=FinishedMatch.Venue.choices,
                             default=FinishedMatch.Venue.BOARD, verbose_name=gettext_lazy("venue"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING,
                              verbose_name=gettext_lazy("status"))
    #: A person (the opponent, the club's admins or referees) decides, not the match file's
    #: rules check: the report said why, or the file did not agree (``note`` says why).
    person_decides = models.BooleanField(default=False,
                                         verbose_name=gettext_lazy("a person decides"))
    note = models.TextField(blank=True,
                            help_text=gettext_lazy("Why it was disputed or flagged."),
                            verbose_name=gettext_lazy("note"))
    #: The note's sentences untranslated (``config.texts``); empty: ``note`` as written.
    note_message = models.JSONField(default=list, blank=True,
                                    verbose_name=gettext_lazy("note message"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))
    resolved_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=gettext_lazy("resolved by"))
    resolved_at = models.DateTimeField(null=True, blank=True,
                                       verbose_name=gettext_lazy("resolved at"))

    class Meta:
        verbose_name = gettext_lazy("result report")
        verbose_name_plural = gettext_lazy("result reports")
        ordering = ["-created_at", "-pk"]
        constraints = [
            # One open report per match: two players reporting at once give one.
            models.UniqueConstraint(fields=["match"],
                                    condition=Q(status__in=["pending", "disputed", "flagged"]),
                                    name="tournaments_report_one_open"),
        ]

    def __str__(self) -> str:
        won, lost = ((self.score_a, self.score_b) if self.winner_id == self.match.player_a_id
                     else (self.score_b, self.score_a))
        return gettext("%(key)s: %(winner)s wins %(a)s–%(b)s") % {
            "key": self.match.key, "winner": self.winner, "a": won, "b": lost}

    @property
    def shown_note(self) -> str:
        """The note in the active language."""
        return shown(self.note_message, self.note) if self.note else ""


class Placing(models.Model):
    """A player's final place in one competition of a finished tournament (main, consolation,
    last chance). Written when the last match is decided, rewritten after a correction,
    removed if the event reopens; standings and master points read it."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="placings",
                                   verbose_name=gettext_lazy("tournament"))
    competition = models.CharField(max_length=12, verbose_name=gettext_lazy("competition"))
    player = models.ForeignKey("clubs.Player", on_delete=models.PROTECT,
                               related_name="tournament_placings",
                               verbose_name=gettext_lazy("player"))
    place = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("place"))
    #: How many players share the place (the two losing semi-finalists: 2, "3rd=").
    shared = models.PositiveSmallIntegerField(default=1, verbose_name=gettext_lazy("shared"))
    #: How many players entered this competition (placement points scale with it).
    field_size = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("field size"))

    class Meta:
        verbose_name = gettext_lazy("placing")
        verbose_name_plural = gettext_lazy("placings")
        ordering = ["tournament", "competition", "place", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "competition", "player"],
                                    name="tournaments_placing_once"),
            models.CheckConstraint(condition=Q(place__gte=1) & Q(shared__gte=1)
                                   & Q(field_size__gte=F("place")),
                                   name="tournaments_placing_in_field"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.player} {self.display_label} " \
               f"({self.display_competition})"

    @property
    def label(self) -> str:
        from tournaments.formats.placings import ordinal

        return ordinal(self.place) + ("=" if self.shared > 1 else "")

    @property
    def display_label(self) -> str:
        """The place in the page's language ("3rd=" in English, "3.=" in German)."""
        return place_label(self.label)

    @property
    def display_competition(self) -> str:
        return competition_name(self.competition)


# Ladders and season leagues (tournaments/services/ladder.py, league.py).
from .models_formats import (  # noqa: E402,F401  (registered with the app from here)
    Challenge,
    Division,
    DivisionMember,
    Fixture,
    Ladder,
    LadderRung,
    LeagueSeason,
)
