"""Rating pools, ratings, seasons and master points (the recompute's output and the club's
rating settings).

A pool is one rating list: whose list (a club's today; a federation's next), the formula
and the policy. Ratings and their history are keyed by pool, so a federation's list is one
more pool of the same replay, not a copy of the club lists.

The tables were made by the clubs app's migrations and keep their names (``db_table``): the
models moved here without moving a row (``ratings/migrations/0001_initial.py``).
"""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext, gettext_lazy

from clubs.models import Club, Player
from ratings import core


def _default_columns() -> list[str]:
    return ["rating", "rated_matches", "wins", "losses", "points"]


class RatingSettings(models.Model):
    """A club's rating options, rated-match policy, season points and leaderboard columns.

    ``recompute_from_at``/``recompute_from_match`` mark a pending recompute: the first
    affected match in the finishing order (empty when the stored ratings are current).
    """

    class Column(models.TextChoices):
        RATING = "rating", gettext_lazy("Rating")
        RATED_MATCHES = "rated_matches", gettext_lazy("Rated matches")
        # Wins and losses count every played match (they earn season points), rated or not.
        WINS = "wins", gettext_lazy("Wins (all played)")
        LOSSES = "losses", gettext_lazy("Losses (all played)")
        POINTS = "points", gettext_lazy("Season points")
        TOURNAMENT_WINS = "tournament_wins", gettext_lazy("Tournament wins")
        PLACES = "places", gettext_lazy("Places (top 3)")

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="rating_settings",
                                verbose_name=gettext_lazy("club"))
    start_rating = models.FloatField(default=1500.0, verbose_name=gettext_lazy("start rating"))
    experience_ramp = models.BooleanField(default=True,
                                          verbose_name=gettext_lazy("experience ramp"))
    ramp_counts_current_match = models.BooleanField(
        default=False, verbose_name=gettext_lazy("ramp counts current match"))
    rate_one_point = models.BooleanField(gettext_lazy("Rate 1-point matches"), default=True)
    rate_ladder = models.BooleanField(gettext_lazy("Rate ladder matches"), default=True)
    rate_friendly = models.BooleanField(
        gettext_lazy("Rate uploaded friendly match records"), default=False)
    points_per_match_win = models.FloatField(default=1.0,
                                             verbose_name=gettext_lazy("points per match win"))
    points_per_attendance = models.FloatField(default=1.0,
                                              verbose_name=gettext_lazy("points per attendance"))
    points_first = models.FloatField(gettext_lazy("Share of the field for 1st"), default=1.0)
    points_second = models.FloatField(gettext_lazy("Share of the field for 2nd"), default=0.5)
    points_third = models.FloatField(gettext_lazy("Share of the field for 3rd"), default=0.25)
    leaderboard_columns = models.JSONField(default=_default_columns,
                                           verbose_name=gettext_lazy("leaderboard columns"))
    recompute_from_at = models.DateTimeField(null=True, blank=True,
                                             verbose_name=gettext_lazy("recompute from at"))
    recompute_from_match = models.BigIntegerField(null=True, blank=True,
                                                  verbose_name=gettext_lazy("recompute from match"))
    recomputed_at = models.DateTimeField(null=True, blank=True,
                                         verbose_name=gettext_lazy("recomputed at"))
    #: Bumped by every recompute, settings change and new season: the pages' cache key.
    version = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("version"))

    class Meta:
        db_table = "clubs_ratingsettings"  # made by the clubs app; kept in place
        verbose_name = gettext_lazy("rating settings")
        verbose_name_plural = gettext_lazy("rating settings")
        constraints = [
            models.CheckConstraint(
                condition=Q(points_per_match_win__gte=0) & Q(points_per_attendance__gte=0)
                & Q(points_first__gte=0) & Q(points_second__gte=0) & Q(points_third__gte=0),
                name="clubs_ratingsettings_points_not_negative"),
            models.CheckConstraint(
                condition=Q(recompute_from_at__isnull=True, recompute_from_match__isnull=True)
                | Q(recompute_from_at__isnull=False, recompute_from_match__isnull=False),
                name="clubs_ratingsettings_marker_whole"),
        ]

    def __str__(self) -> str:
        return gettext("Rating settings of %(club)s") % {"club": self.club}

    @property
    def recompute_pending(self) -> bool:
        return self.recompute_from_at is not None

    def as_pure(self) -> core.RatingSettings:
        """The rating options as the pure package's value."""
        return core.RatingSettings(
            start_rating=self.start_rating, experience_ramp=self.experience_ramp,
            ramp_counts_current_match=self.ramp_counts_current_match,
            policy=core.RatedMatchPolicy(one_point_matches=self.rate_one_point,
                                            ladder=self.rate_ladder,
                                            friendly=self.rate_friendly))


class Pool(models.Model):
    """One rating list: (whose list, formula, policy).

    A club's pool takes its policy and start rating from the club's ``RatingSettings`` and
    replays the matches the club organised. A federation's pool takes them from the
    federation and replays every rated match of its member clubs' members (the owner kind
    names its one column, the constraint says so)."""

    class OwnerKind(models.TextChoices):
        CLUB = "club", gettext_lazy("Club")
        FEDERATION = "federation", gettext_lazy("Federation")

    class Formula(models.TextChoices):
        #: The FIBS formula with the experience ramp (``ratings.core.formula``).
        FIBS = "fibs", gettext_lazy("FIBS")
        #: The Danish and Japanese rule: FIBS's chances, change N x (1 - the winner's chance).
        DANISH = "danish", gettext_lazy("Danish")

    owner_kind = models.CharField(max_length=12, choices=OwnerKind.choices,
                                  default=OwnerKind.CLUB, verbose_name=gettext_lazy("owner kind"))
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="rating_pools", verbose_name=gettext_lazy("club"))
    federation = models.ForeignKey("federations.Federation", null=True, blank=True,
                                   on_delete=models.CASCADE, related_name="rating_pools",
                                   verbose_name=gettext_lazy("federation"))
    formula = models.CharField(max_length=16, choices=Formula.choices, default=Formula.FIBS,
                               verbose_name=gettext_lazy("formula"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))
    #: A federation's pending replay: the first affected place in the finishing order
    #: (a club's pool keeps its marker on ``RatingSettings``).
    recompute_from_at = models.DateTimeField(null=True, blank=True,
                                             verbose_name=gettext_lazy("recompute from at"))
    recompute_from_match = models.BigIntegerField(null=True, blank=True,
                                                  verbose_name=gettext_lazy("recompute from match"))
    recomputed_at = models.DateTimeField(null=True, blank=True,
                                         verbose_name=gettext_lazy("recomputed at"))
    #: The start rating a federation's list was replayed with (a change replays it all).
    start_rating = models.FloatField(null=True, blank=True,
                                     verbose_name=gettext_lazy("start rating"))
    #: Bumped by every replay of a federation's list.
    version = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("version"))

    class Meta:
        verbose_name = gettext_lazy("rating pool")
        verbose_name_plural = gettext_lazy("rating pools")
        ordering = ["owner_kind", "club_id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(owner_kind="club", club__isnull=False, federation__isnull=True)
                | Q(owner_kind="federation", federation__isnull=False, club__isnull=True),
                name="ratings_pool_owner_named"),
            models.UniqueConstraint(fields=["federation"], condition=Q(owner_kind="federation"),
                                    name="ratings_pool_one_per_federation"),
            models.UniqueConstraint(fields=["club"], condition=Q(owner_kind="club"),
                                    name="ratings_pool_one_per_club"),
            models.CheckConstraint(
                condition=Q(recompute_from_at__isnull=True, recompute_from_match__isnull=True)
                | Q(recompute_from_at__isnull=False, recompute_from_match__isnull=False),
                name="ratings_pool_marker_whole"),
        ]

    def __str__(self) -> str:
        return f"{self.club or self.federation}: {self.get_formula_display()}"

    @property
    def recompute_pending(self) -> bool:
        return self.recompute_from_at is not None


class Rating(models.Model):
    """A player's current rating in a pool (the replay's final standings)."""

    pool = models.ForeignKey(Pool, on_delete=models.CASCADE, related_name="ratings",
                             verbose_name=gettext_lazy("pool"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings",
                               verbose_name=gettext_lazy("player"))
    rating = models.FloatField(verbose_name=gettext_lazy("rating"))
    experience = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("experience"))
    matches = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("matches"))
    wins = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("wins"))

    class Meta:
        verbose_name = gettext_lazy("rating")
        verbose_name_plural = gettext_lazy("ratings")
        db_table = "clubs_rating"  # made by the clubs app; kept in place
        ordering = ["pool", "-rating", "player_id"]
        constraints = [
            models.UniqueConstraint(fields=["pool", "player"], name="ratings_rating_one_per_pool"),
            models.CheckConstraint(condition=Q(wins__lte=F("matches")),
                                   name="clubs_rating_wins_within_matches"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.rating:.2f} ({self.experience})"


class RatingChange(models.Model):
    """One player's line in one rated match: before, after, the change (the history).

    ``finished_at``/``match`` copy the match's place in the finishing order at rating time,
    so the rows from a point on can be found (and replaced) even if the match has moved.

    The rows are derived (a replay writes them, a replay replaces them): a national list
    writes two per rated match, a million for 500,000 matches, in one transaction. So the
    four references are not foreign-key constraints in the database (PostgreSQL checks
    each one for each row at the commit: 4 million look-ups, more than half of a full
    replay's time, ``docs/benchmarks.md``) and ``pool`` and ``player`` have no index of their
    own (``ratings_rc_pool_order`` and ``ratings_rc_player_order`` begin with them), nor
    ``match`` (the unique constraint begins with it): each index costs the write a fifth
    of its time. Deleting
    a pool, a match or a player still deletes their rows: Django's ``CASCADE`` does it.
    """

    pool = models.ForeignKey(Pool, on_delete=models.CASCADE, related_name="rating_changes",
                             db_constraint=False, db_index=False,
                             verbose_name=gettext_lazy("pool"))
    match = models.ForeignKey("results.FinishedMatch", on_delete=models.CASCADE,
                              related_name="rating_changes", db_constraint=False,
                              db_index=False, verbose_name=gettext_lazy("match"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+",
                               db_constraint=False, db_index=False,
                               verbose_name=gettext_lazy("player"))
    opponent = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+",
                                 db_constraint=False, verbose_name=gettext_lazy("opponent"))
    finished_at = models.DateTimeField(verbose_name=gettext_lazy("finished at"))
    length = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("length"))
    won = models.BooleanField(verbose_name=gettext_lazy("won"))
    rating_before = models.FloatField(verbose_name=gettext_lazy("rating before"))
    rating_after = models.FloatField(verbose_name=gettext_lazy("rating after"))
    change = models.FloatField(verbose_name=gettext_lazy("change"))
    experience_before = models.PositiveIntegerField(verbose_name=gettext_lazy("experience before"))
    experience_after = models.PositiveIntegerField(verbose_name=gettext_lazy("experience after"))
    k = models.FloatField(verbose_name=gettext_lazy("K factor"))
    p = models.FloatField(verbose_name=gettext_lazy("probability"))

    class Meta:
        verbose_name = gettext_lazy("rating change")
        verbose_name_plural = gettext_lazy("rating changes")
        db_table = "clubs_ratingchange"  # made by the clubs app; kept in place
        ordering = ["pool", "finished_at", "match_id", "won"]
        indexes = [
            models.Index(fields=["pool", "finished_at", "match"], name="ratings_rc_pool_order"),
            models.Index(fields=["player", "pool", "finished_at"],
                         name="ratings_rc_player_order"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["match", "pool", "player"],
                                    name="ratings_ratingchange_once_per_pool"),
            models.CheckConstraint(condition=~Q(player=F("opponent")),
                                   name="clubs_ratingchange_two_players"),
            models.CheckConstraint(
                condition=Q(experience_after=F("experience_before") + F("length")),
                name="clubs_ratingchange_experience_adds_length"),
            models.CheckConstraint(condition=Q(won=True, change__gte=0)
                                   | Q(won=False, change__lte=0),
                                   name="clubs_ratingchange_sign_follows_result"),
        ]

    def __str__(self) -> str:
        return gettext("%(player)s %(change)s (match %(match)s)") % {
            "player": self.player, "change": f"{self.change:+.2f}", "match": self.match_id}


class Season(models.Model):
    """A date range for a club's leaderboard (both days included)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons",
                             verbose_name=gettext_lazy("club"))
    name = models.CharField(max_length=60, verbose_name=gettext_lazy("name"))
    starts_on = models.DateField(verbose_name=gettext_lazy("starts on"))
    ends_on = models.DateField(verbose_name=gettext_lazy("ends on"))

    class Meta:
        verbose_name = gettext_lazy("season")
        verbose_name_plural = gettext_lazy("seasons")
        db_table = "clubs_season"  # made by the clubs app; kept in place
        ordering = ["club", "-starts_on"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="clubs_season_unique_name"),
            models.CheckConstraint(condition=Q(ends_on__gte=F("starts_on")),
                                   name="clubs_season_ends_after_start"),
        ]

    def __str__(self) -> str:
        return f"{self.club}: {self.name}"


class MasterPointAward(models.Model):
    """A player's master points from one competition of one tournament (USBGF formulas).

    Rewritten whole with the ratings after any change to the club's results."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="master_points",
                             verbose_name=gettext_lazy("club"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+",
                               verbose_name=gettext_lazy("player"))
    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE,
                                   related_name="+", verbose_name=gettext_lazy("tournament"))
    competition = models.CharField(max_length=12, verbose_name=gettext_lazy("competition"))
    match_wins = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("match wins"))
    match_points = models.FloatField(default=0.0, verbose_name=gettext_lazy("match points"))
    placement_points = models.FloatField(default=0.0, verbose_name=gettext_lazy("placement points"))
    place = models.PositiveSmallIntegerField(null=True, blank=True,
                                             verbose_name=gettext_lazy("place"))

    class Meta:
        verbose_name = gettext_lazy("master point award")
        verbose_name_plural = gettext_lazy("master point awards")
        db_table = "clubs_masterpointaward"  # made by the clubs app; kept in place
        ordering = ["club", "tournament", "competition", "player_id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "competition", "player"],
                                    name="clubs_masterpointaward_once"),
            models.CheckConstraint(condition=Q(match_points__gte=0)
                                   & Q(placement_points__gte=0),
                                   name="clubs_masterpointaward_never_negative"),
        ]

    def __str__(self) -> str:
        return gettext("%(player)s: %(points)s master points") % {
            "player": self.player, "points": f"{self.match_points + self.placement_points:.2f}"}


class OfficialList(models.Model):
    """A federation's official rating list for one period (a month or an ISO week): frozen
    rows, numbered in publishing order. Republished for the same period, it keeps its number,
    its rows are replaced and ``revision`` counts up; ``changes`` says what changed."""

    federation = models.ForeignKey("federations.Federation", on_delete=models.CASCADE,
                                   related_name="official_lists",
                                   verbose_name=gettext_lazy("federation"))
    number = models.PositiveIntegerField(verbose_name=gettext_lazy("number"))
    period = models.CharField(max_length=8, verbose_name=gettext_lazy("period"))
    first_day = models.DateField(verbose_name=gettext_lazy("first day"))
    last_day = models.DateField(verbose_name=gettext_lazy("last day"))
    formula = models.CharField(max_length=16, verbose_name=gettext_lazy("formula"))
    start_rating = models.FloatField(verbose_name=gettext_lazy("start rating"))
    provisional_below = models.PositiveIntegerField(
        verbose_name=gettext_lazy("provisional below"))
    inactive_after_months = models.PositiveSmallIntegerField(
        verbose_name=gettext_lazy("inactive after months"))
    published_at = models.DateTimeField(verbose_name=gettext_lazy("published at"))
    published_by = models.ForeignKey("clubs.Player", null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+",
                                     verbose_name=gettext_lazy("published by"))
    revision = models.PositiveIntegerField(default=1, verbose_name=gettext_lazy("revision"))
    #: What the last republication changed: [{player, name, before, after}, ...]
    #: (before/after: {rating, experience, matches} or null).
    changes = models.JSONField(default=list, blank=True, verbose_name=gettext_lazy("changes"))

    class Meta:
        ordering = ["federation", "-number"]
        verbose_name = gettext_lazy("official rating list")
        verbose_name_plural = gettext_lazy("official rating lists")
        constraints = [
            models.UniqueConstraint(fields=["federation", "number"],
                                    name="ratings_officiallist_number_once"),
            models.UniqueConstraint(fields=["federation", "period"],
                                    name="ratings_officiallist_period_once"),
            models.CheckConstraint(condition=Q(last_day__gte=F("first_day")),
                                   name="ratings_officiallist_days_in_order"),
        ]

    def __str__(self) -> str:
        return f"{self.federation} #{self.number} ({self.period})"


class OfficialListRow(models.Model):
    """One player's frozen line on an official list."""

    official_list = models.ForeignKey(OfficialList, on_delete=models.CASCADE,
                                      related_name="rows",
                                      verbose_name=gettext_lazy("official list"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+",
                               verbose_name=gettext_lazy("player"))
    rank = models.PositiveIntegerField(null=True, blank=True, verbose_name=gettext_lazy("rank"))
    name = models.CharField(max_length=120, verbose_name=gettext_lazy("name"))
    clubs = models.JSONField(default=list, verbose_name=gettext_lazy("clubs"))
    rating = models.FloatField(verbose_name=gettext_lazy("rating"))
    experience = models.PositiveIntegerField(verbose_name=gettext_lazy("experience"))
    matches = models.PositiveIntegerField(verbose_name=gettext_lazy("matches"))
    provisional = models.BooleanField(verbose_name=gettext_lazy("provisional"))
    last_played = models.DateField(null=True, blank=True,
                                   verbose_name=gettext_lazy("last played"))

    class Meta:
        ordering = ["official_list", "-rating", "player_id"]
        verbose_name = gettext_lazy("official list row")
        verbose_name_plural = gettext_lazy("official list rows")
        constraints = [
            models.UniqueConstraint(fields=["official_list", "player"],
                                    name="ratings_officiallistrow_once"),
        ]

    def __str__(self) -> str:
        return f"{self.name}: {self.rating:.2f}"
