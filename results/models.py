"""Every finished match, in one table: who organised it, who played, for which club.

A match has one organiser, a club or a federation (``OrganiserKind``, each with its own
column, the constraint naming exactly the one its kind says) and each
player plays for their own club (``player_a_club``, ``player_b_club``), a member club of
the organiser's: a match between members of two clubs has its one row.

Match records, tournament, ladder and league matches write their result here (one row per
source match, updated when a ruling or a correction changes it). Ratings, head-to-head
records and standings read only this table.
"""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext, gettext_lazy, ngettext

from config.texts import shown
from games.engine.scoring import MAX_MATCH_LENGTH


class FinishedMatch(models.Model):
    class Source(models.TextChoices):
        MATCH_RECORD = "match_record", gettext_lazy("Uploaded match record")
        TOURNAMENT = "tournament", gettext_lazy("Tournament match")
        LADDER = "ladder", gettext_lazy("Ladder challenge")
        LEAGUE = "league", gettext_lazy("League fixture")
        TEAM_LEAGUE = "team_league", gettext_lazy("Team league board")
        IMPORT = "import", gettext_lazy("Imported result")

    class Outcome(models.TextChoices):
        PLAYED = "played", gettext_lazy("Played")
        WALKOVER = "walkover", gettext_lazy("Walkover")
        BYE = "bye", gettext_lazy("Bye")
        FORFEIT = "forfeit", gettext_lazy("Forfeit")
        VOID = "void", gettext_lazy("Void")

    class OrganiserKind(models.TextChoices):
        CLUB = "club", gettext_lazy("Club")
        FEDERATION = "federation", gettext_lazy("Federation")

    class Venue(models.TextChoices):
        #: Over the board (entered from paper or a match file), or not known.
        BOARD = "board", gettext_lazy("Over the board")
        #: Played on this site's live board.
        SITE = "site", gettext_lazy("On the site")

    #: Outcomes where the two actually played (ratings count only these).
    PLAYED_OUTCOMES = (Outcome.PLAYED,)

    organiser_kind = models.CharField(max_length=12, choices=OrganiserKind.choices,
                                      default=OrganiserKind.CLUB,
                                      verbose_name=gettext_lazy("organiser kind"))
    #: The organiser when it is a club (its lists and pages show the match); empty only
    #: for an organiser of another kind (none yet).
    club = models.ForeignKey("clubs.Club", null=True, blank=True, on_delete=models.PROTECT,
                             related_name="finished_matches",
                             verbose_name=gettext_lazy("organising club"))
    #: The organiser when it is a federation (a team league's boards, a national event).
    federation = models.ForeignKey("federations.Federation", null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="finished_matches",
                                   verbose_name=gettext_lazy("organising federation"))
    #: The club each player played for: one of the organiser's member clubs.
    player_a_club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="+",
                                      verbose_name=gettext_lazy("player A's club"))
    #: Empty only for a bye.
    player_b_club = models.ForeignKey("clubs.Club", null=True, blank=True,
                                      on_delete=models.PROTECT, related_name="+",
                                      verbose_name=gettext_lazy("player B's club"))
    player_a = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+",
                                 verbose_name=gettext_lazy("player A"))
    #: Empty only for a bye.
    player_b = models.ForeignKey("clubs.Player", null=True, blank=True,
                                 on_delete=models.PROTECT, related_name="+",
                                 verbose_name=gettext_lazy("player B"))
    length = models.PositiveSmallIntegerField(
        help_text=gettext_lazy("Match length in points."), verbose_name=gettext_lazy("length"))
    #: Empty only when the result is void.
    winner = models.ForeignKey("clubs.Player", null=True, blank=True, on_delete=models.PROTECT,
                               related_name="+", verbose_name=gettext_lazy("winner"))
    score_a = models.PositiveIntegerField(null=True, blank=True,
                                          verbose_name=gettext_lazy("score A"))
    score_b = models.PositiveIntegerField(null=True, blank=True,
                                          verbose_name=gettext_lazy("score B"))
    finished_at = models.DateTimeField(verbose_name=gettext_lazy("finished at"))
    source = models.CharField(max_length=16, choices=Source.choices,
                              verbose_name=gettext_lazy("source"))
    source_id = models.PositiveBigIntegerField(verbose_name=gettext_lazy("source ID"))
    #: Where it was played: a tournament's name and flight, a league's division...
    event = models.CharField(max_length=200, blank=True, verbose_name=gettext_lazy("event"))
    #: The event's sentence untranslated (``config.texts``: a tournament's round), shown in
    #: the reader's language; empty: ``event`` is shown as written.
    event_message = models.JSONField(default=list, blank=True)
    #: The kind of event it was played in, as rated-match policies name them: a
    #: tournament's format (``knockout``, ``swiss``, ``round_robin``...), ``ladder``,
    #: ``league``, ``team_league``, ``friendly``; empty: read from ``source``
    #: (``FinishedMatch.kind``).
    event_kind = models.CharField(max_length=24, blank=True,
                                  verbose_name=gettext_lazy("kind of event"))
    venue = models.CharField(max_length=8, choices=Venue.choices, default=Venue.BOARD,
                             verbose_name=gettext_lazy("venue"))
    #: A friendly both players agreed, before it started, to have rated.
    rated_agreed = models.BooleanField(default=False,
                                       verbose_name=gettext_lazy("rated by agreement"))
    outcome = models.CharField(max_length=10, choices=Outcome.choices, default=Outcome.PLAYED,
                               verbose_name=gettext_lazy("outcome"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))
    updated_at = models.DateTimeField(auto_now=True, verbose_name=gettext_lazy("updated at"))

    class Meta:
        ordering = ["-finished_at", "-pk"]
        verbose_name = gettext_lazy("finished match")
        verbose_name_plural = gettext_lazy("finished matches")
        indexes = [
            models.Index(fields=["club", "finished_at"], name="results_fm_club_time"),
            models.Index(fields=["player_a", "finished_at"], name="results_fm_a_time"),
            models.Index(fields=["player_b", "finished_at"], name="results_fm_b_time"),
            models.Index(fields=["finished_at", "id"], name="results_fm_order"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(organiser_kind="club", club__isnull=False, federation__isnull=True)
                | Q(organiser_kind="federation", federation__isnull=False, club__isnull=True),
                name="results_finishedmatch_organiser_named"),
            models.CheckConstraint(
                condition=Q(player_b__isnull=True, player_b_club__isnull=True)
                | Q(player_b__isnull=False, player_b_club__isnull=False),
                name="results_finishedmatch_opponent_has_club"),
            models.UniqueConstraint(fields=["source", "source_id"],
                                    name="results_finishedmatch_one_per_source"),
            models.CheckConstraint(condition=~Q(player_a=F("player_b")),
                                   name="results_finishedmatch_two_players"),
            models.CheckConstraint(
                condition=Q(winner__isnull=True) | Q(winner=F("player_a"))
                | Q(winner=F("player_b")),
                name="results_finishedmatch_winner_plays",
            ),
            models.CheckConstraint(
                condition=Q(outcome="void") | Q(winner__isnull=False),
                name="results_finishedmatch_winner_unless_void",
            ),
            # A bye has no opponent; nor has a team board's walkover, where the other
            # team put nobody on the board (issue 35: "an absent player loses by walkover").
            models.CheckConstraint(
                condition=Q(outcome__in=["bye", "walkover"]) | Q(player_b__isnull=False),
                name="results_finishedmatch_opponent_unless_bye",
            ),
            models.CheckConstraint(condition=Q(length__gte=1) & Q(length__lte=MAX_MATCH_LENGTH),
                                   name="results_finishedmatch_length"),
        ]

    def __str__(self) -> str:
        values = {"a": self.player_a, "b": self.player_b or gettext("bye"),
                  "length": self.length, "outcome": self.get_outcome_display()}
        return ngettext("%(a)s v %(b)s (%(length)s point, %(outcome)s)",
                        "%(a)s v %(b)s (%(length)s points, %(outcome)s)", self.length) % values

    @property
    def event_shown(self) -> str:
        """Where it was played, in the reader's language."""
        return shown(self.event_message, self.event)

    @property
    def kind(self) -> str:
        """The kind of event for the rated-match policies (``event_kind``, else the source's
        own: an uploaded record is a friendly)."""
        return self.event_kind or SOURCE_KINDS.get(self.source, self.source)

    @property
    def is_played(self) -> bool:
        return self.outcome in self.PLAYED_OUTCOMES


#: The kind of event a source stands for when the writer named none.
SOURCE_KINDS = {FinishedMatch.Source.MATCH_RECORD: "friendly",
                FinishedMatch.Source.LADDER: "ladder", FinishedMatch.Source.LEAGUE: "league",
                FinishedMatch.Source.TEAM_LEAGUE: "team_league",
                FinishedMatch.Source.TOURNAMENT: "knockout"}
