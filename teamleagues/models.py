"""Team leagues between clubs: a season (run by a federation, or by a club for an open
league), its divisions, the clubs' teams with their captains and squads, the fixtures of
the draw, each team's line-up and the match card of board results both captains sign.

The rules (the draw, the scoring, the table and its tie-breaks, the line-up checks, the
walkovers, the season's end) are the pure core's (``teamleagues.core``); these rows store
what it was asked and what it answered. Each board, once decided, is a finished match in
``results`` (source ``team_league``, the board's id), organised by the league's federation
or club, so it enters that organiser's rating list.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext, gettext_lazy

from clubs.models import Club, Player
from federations.models import Federation

from .core.table import TIEBREAKS  # noqa: F401 - the names a league may order


def _default_tiebreaks() -> list[str]:
    return ["match_points", "board_points", "head_to_head", "board_point_difference"]


def _default_match_points() -> list[int]:
    return [2, 1, 0]


class TeamLeague(models.Model):
    """One season of a team league."""

    class Status(models.TextChoices):
        SETUP = "setup", gettext_lazy("Setting up")
        DRAWN = "drawn", gettext_lazy("Drawn")
        CLOSED = "closed", gettext_lazy("Closed")

    federation = models.ForeignKey(Federation, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="team_leagues",
                                   verbose_name=gettext_lazy("federation"))
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.PROTECT,
                             related_name="team_leagues", verbose_name=gettext_lazy("club"))
    name = models.CharField(max_length=120, verbose_name=gettext_lazy("name"))
    season = models.CharField(max_length=20, verbose_name=gettext_lazy("season"))
    boards = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("boards"))
    #: Each board's match length, board 1 first.
    lengths = models.JSONField(verbose_name=gettext_lazy("match lengths"))
    meetings = models.PositiveSmallIntegerField(default=2, verbose_name=gettext_lazy("meetings"))
    #: Match points for a team's win, draw and loss.
    match_points = models.JSONField(default=_default_match_points,
                                    verbose_name=gettext_lazy("match points"))
    tiebreaks = models.JSONField(default=_default_tiebreaks,
                                 verbose_name=gettext_lazy("tie-breaks"))
    board_order_tolerance = models.PositiveSmallIntegerField(
        default=0, verbose_name=gettext_lazy("board-order tolerance"))
    #: A player who played for a higher team of their club may not play for a lower one.
    no_drop = models.BooleanField(default=False, verbose_name=gettext_lazy("no dropping down"))
    #: Hours before a fixture's date by which the line-ups are due (shown to both then).
    lineup_hours = models.PositiveSmallIntegerField(default=24,
                                                    verbose_name=gettext_lazy("line-up hours"))
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.SETUP,
                              verbose_name=gettext_lazy("status"))
    #: The proposal of next season's divisions made at the close (team ids per division).
    proposal = models.JSONField(default=dict, blank=True,
                                verbose_name=gettext_lazy("next season's proposal"))
    #: Next season, once the league admin confirmed the proposal (made once).
    next_league = models.OneToOneField("self", null=True, blank=True,
                                       on_delete=models.SET_NULL, related_name="previous",
                                       verbose_name=gettext_lazy("next season"))
    #: Moved by every write (the pages and the cached standings key on it).
    version = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("version"))
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=gettext_lazy("created by"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))

    class Meta:
        ordering = ["-created_at"]
        verbose_name = gettext_lazy("team league")
        verbose_name_plural = gettext_lazy("team leagues")
        constraints = [
            models.CheckConstraint(condition=Q(federation__isnull=False, club__isnull=True)
                                   | Q(federation__isnull=True, club__isnull=False),
                                   name="teamleagues_league_one_organiser"),
            models.CheckConstraint(condition=Q(boards__gte=3, boards__lte=8),
                                   name="teamleagues_league_boards_3_to_8"),
            models.CheckConstraint(condition=Q(meetings__gte=1, meetings__lte=3),
                                   name="teamleagues_league_meetings_1_to_3"),
            models.UniqueConstraint(fields=["federation", "name", "season"],
                                    condition=Q(federation__isnull=False),
                                    name="teamleagues_league_once_per_federation"),
            models.UniqueConstraint(fields=["club", "name", "season"],
                                    condition=Q(club__isnull=False),
                                    name="teamleagues_league_once_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.name} {self.season}"

    @property
    def organiser(self):
        return self.federation or self.club


class Division(models.Model):
    league = models.ForeignKey(TeamLeague, on_delete=models.CASCADE, related_name="divisions",
                               verbose_name=gettext_lazy("team league"))
    name = models.CharField(max_length=80, verbose_name=gettext_lazy("name"))
    #: 1 is the top; the regions of one level stand side by side.
    level = models.PositiveSmallIntegerField(default=1, verbose_name=gettext_lazy("level"))
    region = models.CharField(max_length=80, blank=True, verbose_name=gettext_lazy("region"))
    promote = models.PositiveSmallIntegerField(default=0, verbose_name=gettext_lazy("promoted"))
    relegate = models.PositiveSmallIntegerField(default=0,
                                                verbose_name=gettext_lazy("relegated"))
    one_team_per_club = models.BooleanField(default=False,
                                            verbose_name=gettext_lazy("one team per club"))
    #: The optional playoff: this division's place ``playoff_place`` meets the place
    #: ``playoff_against_place`` of ``playoff_against`` (a division one level below).
    playoff_place = models.PositiveSmallIntegerField(null=True, blank=True,
                                                     verbose_name=gettext_lazy("playoff place"))
    playoff_against = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL,
                                        related_name="+",
                                        verbose_name=gettext_lazy("playoff against"))
    playoff_against_place = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=gettext_lazy("playoff against place"))

    class Meta:
        ordering = ["league", "level", "name"]
        verbose_name = gettext_lazy("division")
        verbose_name_plural = gettext_lazy("divisions")
        constraints = [
            models.UniqueConstraint(fields=["league", "name"],
                                    name="teamleagues_division_name_once"),
            models.CheckConstraint(condition=Q(level__gte=1), name="teamleagues_division_level"),
            models.CheckConstraint(
                condition=Q(playoff_place__isnull=True, playoff_against__isnull=True,
                            playoff_against_place__isnull=True)
                | Q(playoff_place__isnull=False, playoff_against__isnull=False,
                    playoff_against_place__isnull=False),
                name="teamleagues_division_playoff_whole"),
        ]

    def __str__(self) -> str:
        return self.name


class Team(models.Model):
    league = models.ForeignKey(TeamLeague, on_delete=models.CASCADE, related_name="teams",
                               verbose_name=gettext_lazy("team league"))
    division = models.ForeignKey(Division, on_delete=models.PROTECT, related_name="teams",
                                 verbose_name=gettext_lazy("division"))
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="league_teams",
                             verbose_name=gettext_lazy("club"))
    name = models.CharField(max_length=80, verbose_name=gettext_lazy("name"))
    #: The club's teams in this league, 1 the highest (the no-drop rule reads it).
    rank = models.PositiveSmallIntegerField(default=1, verbose_name=gettext_lazy("rank in club"))
    captain = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="captained_teams",
                                verbose_name=gettext_lazy("captain"))
    squad = models.ManyToManyField(Player, blank=True, related_name="league_teams",
                                   verbose_name=gettext_lazy("squad"))
    #: Dates the team cannot play (the draw honours them or reports them).
    avoid_dates = models.JSONField(default=list, blank=True,
                                   verbose_name=gettext_lazy("dates to avoid"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))

    class Meta:
        ordering = ["league", "division", "name"]
        verbose_name = gettext_lazy("team")
        verbose_name_plural = gettext_lazy("teams")
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="teamleagues_team_name_once"),
            models.UniqueConstraint(fields=["league", "club", "rank"],
                                    name="teamleagues_team_rank_once"),
        ]

    def __str__(self) -> str:
        return self.name


class Fixture(models.Model):
    """A match of two teams, with its card: the home captain enters the boards, the away
    captain confirms or disputes, a league admin or referee decides a dispute."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", gettext_lazy("Scheduled")
        ENTERED = "entered", gettext_lazy("Entered, to confirm")
        DISPUTED = "disputed", gettext_lazy("Disputed")
        CONFIRMED = "confirmed", gettext_lazy("Confirmed")
        DECIDED = "decided", gettext_lazy("Decided")

    #: The statuses of a card that counts in the table.
    FINAL = (Status.CONFIRMED, Status.DECIDED)

    league = models.ForeignKey(TeamLeague, on_delete=models.CASCADE, related_name="fixtures",
                               verbose_name=gettext_lazy("team league"))
    #: Null for a playoff between two divisions.
    division = models.ForeignKey(Division, null=True, blank=True, on_delete=models.CASCADE,
                                 related_name="fixtures", verbose_name=gettext_lazy("division"))
    round = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("round"))
    home = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="home_fixtures",
                             verbose_name=gettext_lazy("home team"))
    away = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="away_fixtures",
                             verbose_name=gettext_lazy("away team"))
    date = models.DateField(null=True, blank=True, verbose_name=gettext_lazy("date"))
    is_playoff = models.BooleanField(default=False, verbose_name=gettext_lazy("playoff"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SCHEDULED,
                              verbose_name=gettext_lazy("status"))
    points_home = models.PositiveSmallIntegerField(null=True, blank=True,
                                                   verbose_name=gettext_lazy("home board points"))
    points_away = models.PositiveSmallIntegerField(null=True, blank=True,
                                                   verbose_name=gettext_lazy("away board points"))
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=gettext_lazy("entered by"))
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+",
                                     verbose_name=gettext_lazy("confirmed by"))
    dispute_reason = models.TextField(blank=True, verbose_name=gettext_lazy("dispute reason"))
    #: When the card was first decided (a correction keeps it: the boards' place in time).
    finished_at = models.DateTimeField(null=True, blank=True,
                                       verbose_name=gettext_lazy("finished at"))
    #: Reminders sent (the line-up deadline, the card to confirm), so each goes once.
    reminded = models.JSONField(default=list, blank=True, verbose_name=gettext_lazy("reminded"))

    class Meta:
        ordering = ["league", "division", "round", "pk"]
        verbose_name = gettext_lazy("team fixture")
        verbose_name_plural = gettext_lazy("team fixtures")
        constraints = [
            models.CheckConstraint(condition=~Q(home=F("away")),
                                   name="teamleagues_fixture_two_teams"),
            models.UniqueConstraint(fields=["division", "round", "home"],
                                    name="teamleagues_fixture_home_once_a_round"),
            models.UniqueConstraint(fields=["division", "round", "away"],
                                    name="teamleagues_fixture_away_once_a_round"),
        ]
        indexes = [models.Index(fields=["league", "status"], name="teamleagues_fixture_status")]

    def __str__(self) -> str:
        return gettext("%(home)s – %(away)s (round %(round)s)") % {
            "home": self.home, "away": self.away, "round": self.round}

    @property
    def is_final(self) -> bool:
        return self.status in self.FINAL


class Lineup(models.Model):
    """A team's players for a fixture, board 1 first."""

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="lineups",
                                verbose_name=gettext_lazy("team fixture"))
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="lineups",
                             verbose_name=gettext_lazy("team"))
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+",
                                     verbose_name=gettext_lazy("submitted by"))
    submitted_at = models.DateTimeField(auto_now=True, verbose_name=gettext_lazy("submitted at"))

    class Meta:
        verbose_name = gettext_lazy("line-up")
        verbose_name_plural = gettext_lazy("line-ups")
        constraints = [models.UniqueConstraint(fields=["fixture", "team"],
                                               name="teamleagues_lineup_once")]

    def __str__(self) -> str:
        return gettext("%(team)s's line-up") % {"team": self.team}


class LineupBoard(models.Model):
    lineup = models.ForeignKey(Lineup, on_delete=models.CASCADE, related_name="boards",
                               verbose_name=gettext_lazy("line-up"))
    board = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("board"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                               verbose_name=gettext_lazy("player"))

    class Meta:
        ordering = ["lineup", "board"]
        verbose_name = gettext_lazy("line-up board")
        verbose_name_plural = gettext_lazy("line-up boards")
        constraints = [
            models.UniqueConstraint(fields=["lineup", "board"],
                                    name="teamleagues_lineupboard_board_once"),
            models.UniqueConstraint(fields=["lineup", "player"],
                                    name="teamleagues_lineupboard_player_once"),
        ]

    def __str__(self) -> str:
        return gettext("board %(board)s: %(player)s") % {"board": self.board,
                                                          "player": self.player}


class Board(models.Model):
    """One board of a card: board n of the home team against board n of the away team.
    Its id is the ``source_id`` of its finished match."""

    class Side(models.TextChoices):
        HOME = "home", gettext_lazy("Home")
        AWAY = "away", gettext_lazy("Away")

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="boards",
                                verbose_name=gettext_lazy("team fixture"))
    board = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("board"))
    length = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("match length"))
    home_player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="+", verbose_name=gettext_lazy("home player"))
    away_player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="+", verbose_name=gettext_lazy("away player"))
    winner = models.CharField(max_length=4, choices=Side.choices,
                              verbose_name=gettext_lazy("winner"))
    score_home = models.PositiveSmallIntegerField(null=True, blank=True,
                                                  verbose_name=gettext_lazy("home score"))
    score_away = models.PositiveSmallIntegerField(null=True, blank=True,
                                                  verbose_name=gettext_lazy("away score"))
    walkover = models.BooleanField(default=False, verbose_name=gettext_lazy("walkover"))
    #: A board played on this site's live board: the live match's id (live keeps the link,
    #: ``LiveMatch.team_fixture``; this copy says the result came from the site, never from
    #: paper, and that its finished match is played on the site).
    live_match_id = models.PositiveBigIntegerField(null=True, blank=True,
                                                   verbose_name=gettext_lazy("live match"))
    #: When a live board ended (its finished match's time); a paper board takes the card's.
    finished_at = models.DateTimeField(null=True, blank=True,
                                       verbose_name=gettext_lazy("finished at"))

    class Meta:
        ordering = ["fixture", "board"]
        verbose_name = gettext_lazy("board result")
        verbose_name_plural = gettext_lazy("board results")
        constraints = [
            models.UniqueConstraint(fields=["fixture", "board"],
                                    name="teamleagues_board_once"),
            models.CheckConstraint(condition=Q(winner__in=["home", "away"]),
                                   name="teamleagues_board_winner_side"),
        ]

    def __str__(self) -> str:
        return gettext("board %(board)s of %(fixture)s") % {"board": self.board,
                                                             "fixture": self.fixture}


class Referee(models.Model):
    """A league's referee: decides disputed cards (with the league's admins)."""

    league = models.ForeignKey(TeamLeague, on_delete=models.CASCADE, related_name="referees",
                               verbose_name=gettext_lazy("team league"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+",
                               verbose_name=gettext_lazy("player"))

    class Meta:
        verbose_name = gettext_lazy("league referee")
        verbose_name_plural = gettext_lazy("league referees")
        constraints = [models.UniqueConstraint(fields=["league", "player"],
                                               name="teamleagues_referee_once")]

    def __str__(self) -> str:
        return gettext("%(player)s, referee of %(league)s") % {"player": self.player,
                                                               "league": self.league}
