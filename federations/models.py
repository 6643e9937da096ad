"""Federations: national and regional bodies over clubs, their member clubs (joined, left),
their officers and their rated-match policy (the floor between clubs and results).

A club may belong to a regional and a national federation at once. A membership is never
deleted: a club that leaves keeps its row with ``left_on``, so its past matches stay in
the federation's lists up to the day it left.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, gettext_lazy

from clubs.models import Club, Player
from federations.core import policy

#: The formulas a federation's list may use (``ratings.core``'s registry names them).
FORMULAS = ("fibs", "danish")


class Federation(models.Model):
    class Level(models.TextChoices):
        NATIONAL = "national", gettext_lazy("National")
        REGIONAL = "regional", gettext_lazy("Regional")

    name = models.CharField(max_length=120, unique=True, verbose_name=gettext_lazy("name"))
    slug = models.SlugField(max_length=60, unique=True, verbose_name=gettext_lazy("slug"))
    #: ISO 3166-1 alpha-2, upper case ("DK", "GB", "JP").
    country = models.CharField(max_length=2, verbose_name=gettext_lazy("country"))
    level = models.CharField(max_length=10, choices=Level.choices, default=Level.NATIONAL,
                             verbose_name=gettext_lazy("level"))
    language = models.CharField(max_length=8, blank=True, choices=settings.LANGUAGES,
                                verbose_name=gettext_lazy("language"))
    #: The national list's formula: a name of ``ratings.core``'s registry ("fibs", "danish").
    formula = models.CharField(max_length=16, default="fibs", verbose_name=gettext_lazy("formula"))
    start_rating = models.FloatField(default=1500.0, verbose_name=gettext_lazy("start rating"))
    #: A rating with less experience than this is listed as provisional.
    provisional_below = models.PositiveIntegerField(
        default=100, verbose_name=gettext_lazy("provisional below"))
    #: Months without a rated match after which a player is listed as inactive.
    inactive_after_months = models.PositiveSmallIntegerField(
        default=12, verbose_name=gettext_lazy("inactive after months"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))

    class Meta:
        ordering = ["name"]
        verbose_name = gettext_lazy("federation")
        verbose_name_plural = gettext_lazy("federations")
        constraints = [
            models.CheckConstraint(condition=Q(country__regex=r"^[A-Z]{2}$"),
                                   name="federations_federation_country_code"),
        ]

    def __str__(self) -> str:
        return self.name


class FederationClubQuerySet(models.QuerySet):
    def members(self) -> "FederationClubQuerySet":
        """Current member clubs (accepted, not left)."""
        return self.filter(status=FederationClub.Status.MEMBER, left_on__isnull=True)

    def members_on(self, day) -> "FederationClubQuerySet":
        """The clubs that were members on ``day`` (a date): joined on or before it, not left
        before it (the day a club leaves is still its own)."""
        return self.filter(status__in=[FederationClub.Status.MEMBER, FederationClub.Status.LEFT],
                           joined_on__lte=day).filter(Q(left_on__isnull=True)
                                                      | Q(left_on__gte=day))


class FederationClub(models.Model):
    """A club's application to, membership of, or past in a federation."""

    class Status(models.TextChoices):
        APPLIED = "applied", gettext_lazy("Applied")
        MEMBER = "member", gettext_lazy("Member")
        REFUSED = "refused", gettext_lazy("Refused")
        LEFT = "left", gettext_lazy("Left")

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE,
                                   related_name="club_links",
                                   verbose_name=gettext_lazy("federation"))
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="federation_links",
                             verbose_name=gettext_lazy("club"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.APPLIED,
                              verbose_name=gettext_lazy("status"))
    applied_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("applied at"))
    applied_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=gettext_lazy("applied by"))
    joined_on = models.DateField(null=True, blank=True, verbose_name=gettext_lazy("joined on"))
    left_on = models.DateField(null=True, blank=True, verbose_name=gettext_lazy("left on"))

    objects = FederationClubQuerySet.as_manager()

    class Meta:
        ordering = ["federation", "club__name"]
        verbose_name = gettext_lazy("member club")
        verbose_name_plural = gettext_lazy("member clubs")
        constraints = [
            # one open application or membership per club and federation (a club that left
            # may apply again: a new row)
            models.UniqueConstraint(fields=["federation", "club"],
                                    condition=Q(status__in=["applied", "member"]),
                                    name="federations_club_one_open"),
            models.CheckConstraint(
                condition=Q(status__in=["applied", "refused"], joined_on__isnull=True)
                | Q(status="member", joined_on__isnull=False, left_on__isnull=True)
                | Q(status="left", joined_on__isnull=False, left_on__isnull=False),
                name="federations_club_dates_follow_status"),
            models.CheckConstraint(condition=Q(left_on__isnull=True)
                                   | Q(left_on__gte=models.F("joined_on")),
                                   name="federations_club_leaves_after_joining"),
        ]

    def __str__(self) -> str:
        return gettext("%(club)s in %(federation)s (%(status)s)") % {
            "club": self.club, "federation": self.federation,
            "status": self.get_status_display()}


class FederationRole(models.Model):
    """A person's office in a federation, granted like a club role."""

    class Role(models.TextChoices):
        ADMIN = "admin", gettext_lazy("Federation admin")
        RATING_OFFICER = "rating_officer", gettext_lazy("Rating officer")

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="roles",
                                   verbose_name=gettext_lazy("federation"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="federation_roles",
                               verbose_name=gettext_lazy("player"))
    role = models.CharField(max_length=16, choices=Role.choices,
                            verbose_name=gettext_lazy("role"))
    granted_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("granted at"))

    class Meta:
        ordering = ["federation", "role", "player__name"]
        verbose_name = gettext_lazy("federation role")
        verbose_name_plural = gettext_lazy("federation roles")
        constraints = [
            models.UniqueConstraint(fields=["federation", "player", "role"],
                                    name="federations_role_once"),
            models.CheckConstraint(condition=Q(role__in=["admin", "rating_officer"]),
                                   name="federations_role_valid"),
        ]

    def __str__(self) -> str:
        return gettext("%(player)s: %(role)s of %(federation)s") % {
            "player": self.player, "role": self.get_role_display(),
            "federation": self.federation}


def _all_event_kinds() -> list[str]:
    return list(policy.EVENT_KINDS)


class RatedPolicy(models.Model):
    """A rated-match policy as rules: a federation's, or a club's narrowing of its
    federations' (exactly one owner). Never rated whatever it says: a chouette, a bye, a
    walkover, a forfeit, a void, an unfinished match (``federations.core.policy``)."""

    federation = models.OneToOneField(Federation, null=True, blank=True,
                                      on_delete=models.CASCADE, related_name="policy",
                                      verbose_name=gettext_lazy("federation"))
    club = models.OneToOneField(Club, null=True, blank=True, on_delete=models.CASCADE,
                                related_name="rated_policy", verbose_name=gettext_lazy("club"))
    min_length = models.PositiveSmallIntegerField(default=1,
                                                  verbose_name=gettext_lazy("minimum length"))
    #: The kinds of event whose matches are rated (the API's format names, plus ``ladder``,
    #: ``league`` and ``team_league``).
    event_kinds = models.JSONField(default=_all_event_kinds,
                                   verbose_name=gettext_lazy("event kinds"))
    #: A friendly is rated only when both players agreed before it started that it was.
    friendly_if_agreed = models.BooleanField(default=False,
                                             verbose_name=gettext_lazy("friendly if agreed"))
    #: Matches played live over the board (entered from paper or a match file).
    live = models.BooleanField(default=True, verbose_name=gettext_lazy("live over the board"))
    #: Matches played on this site's live board.
    online = models.BooleanField(default=True, verbose_name=gettext_lazy("online"))
    updated_at = models.DateTimeField(auto_now=True, verbose_name=gettext_lazy("updated at"))

    class Meta:
        verbose_name = gettext_lazy("rated-match policy")
        verbose_name_plural = gettext_lazy("rated-match policies")
        constraints = [
            models.CheckConstraint(condition=Q(federation__isnull=False, club__isnull=True)
                                   | Q(federation__isnull=True, club__isnull=False),
                                   name="federations_policy_one_owner"),
            models.CheckConstraint(condition=Q(min_length__gte=1),
                                   name="federations_policy_min_length"),
        ]

    def __str__(self) -> str:
        return gettext("rated-match policy of %(owner)s") % {
            "owner": self.federation or self.club}

    def as_rules(self) -> policy.Rules:
        """The policy as the pure package's value."""
        return policy.Rules(min_length=self.min_length,
                            event_kinds=frozenset(self.event_kinds or ()),
                            friendly_if_agreed=self.friendly_if_agreed, live=self.live,
                            online=self.online)
