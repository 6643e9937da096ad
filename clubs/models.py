"""Clubs, the people who play in them, and their roles."""

import datetime

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy


class ClubQuerySet(models.QuerySet):
    def with_member_count(self) -> "ClubQuerySet":
        """``member_count``: the club's current members."""
        return self.annotate(member_count=models.Count(
            "memberships", filter=Q(memberships__is_active=True)))


class Club(models.Model):
    name = models.CharField(max_length=120, unique=True, verbose_name=gettext_lazy("name"))
    slug = models.SlugField(max_length=60, unique=True, verbose_name=gettext_lazy("slug"))
    city = models.CharField(max_length=120, blank=True, verbose_name=gettext_lazy("city"))
    currency = models.CharField(
        max_length=3, default="EUR",
        help_text=gettext_lazy("ISO 4217 code used for chouette stakes."),
        verbose_name=gettext_lazy("currency"))
    results_public = models.BooleanField(
        default=False,
        help_text=gettext_lazy("Anyone may see the club's match records and their rules checks "
                  "(otherwise only its members). Chouette money is always members-only."),
        verbose_name=gettext_lazy("results public"),
    )
    join_requests_open = models.BooleanField(
        gettext_lazy("Open to requests to join"), default=False,
        help_text=gettext_lazy("Signed-in visitors may ask to join; the club's admins approve "
                               "or refuse."))
    language = models.CharField(
        max_length=8, blank=True, choices=settings.LANGUAGES,
        help_text=gettext_lazy("The language of the club's pages for visitors who chose none, "
                               "and of its mails to members who chose none. Blank: each "
                               "visitor's browser decides."), verbose_name=gettext_lazy("language"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))

    objects = ClubQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = gettext_lazy("club")
        verbose_name_plural = gettext_lazy("clubs")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:detail", kwargs={"slug": self.slug})


class MembershipQuerySet(models.QuerySet):
    """The one vocabulary for "who belongs to a club": every app asks through these
    (``Membership.objects.active().of_club(club)``), never with its own filter."""

    def active(self) -> "MembershipQuerySet":
        """Current members. An ended membership is kept (``membership_end``), inactive."""
        return self.filter(ACTIVE)

    def ended(self) -> "MembershipQuerySet":
        return self.exclude(ACTIVE)

    def on(self, day: datetime.date) -> "MembershipQuerySet":
        """The memberships current on ``day`` (a date, in the site's time zone): begun by
        its end (``joined_at``) and current, or ended on it or later (``ended_at``). One
        ended before the end dates were kept, with none, is not (nor an imported guest's,
        never current)."""
        start = timezone.make_aware(datetime.datetime.combine(day, datetime.time()))
        return self.filter(joined_at__lt=start + datetime.timedelta(days=1)).filter(
            ACTIVE | Q(ended_at__gte=start))

    def of_club(self, club: "Club | int") -> "MembershipQuerySet":
        return self.filter(club=club)

    def of_user(self, user) -> "MembershipQuerySet":
        return self.filter(player__user=user)

    def admins(self) -> "MembershipQuerySet":
        return self.filter(role=Membership.Role.ADMIN)

    def writers(self) -> "MembershipQuerySet":
        """Those who write the club's money and rulings: its referees and admins."""
        return self.filter(role__in=WRITER_ROLES)


class PlayerQuerySet(models.QuerySet):
    def members_of(self, club: "Club | int", *, past_too: bool = False) -> "PlayerQuerySet":
        """The club's current members (``past_too``: and those whose membership ended, whose
        history stays readable). One filter() call: both conditions hold on one row."""
        if past_too:
            return self.filter(memberships__club=club)
        return self.filter(memberships__club=club, memberships__is_active=True)


#: What makes a membership current (the one place it is written; the raw SQL of the
#: results gate, ``clubs.permissions._club_with_roles``, spells the same condition).
ACTIVE = Q(is_active=True)


class Player(models.Model):
    """A person who plays; may or may not have a login."""

    name = models.CharField(max_length=120, verbose_name=gettext_lazy("name"))
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="player", verbose_name=gettext_lazy("user"),
    )
    email = models.EmailField(blank=True, verbose_name=gettext_lazy("email"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = gettext_lazy("player")
        verbose_name_plural = gettext_lazy("players")

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A player in a club, with the one role they hold there."""

    class Role(models.TextChoices):
        ADMIN = "admin", gettext_lazy("Club admin")
        REFEREE = "referee", gettext_lazy("Referee")
        PLAYER = "player", gettext_lazy("Player")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships",
                             verbose_name=gettext_lazy("club"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="memberships",
                               verbose_name=gettext_lazy("player"))
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.PLAYER,
                            verbose_name=gettext_lazy("role"))
    is_active = models.BooleanField(default=True, verbose_name=gettext_lazy("is active"))
    joined_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("joined at"))
    #: When it ended (``membership_end``); empty while current, and for a membership ended
    #: before the dates were kept. A lists "as of" a day reads both (``objects.on(day)``).
    ended_at = models.DateTimeField(null=True, blank=True, verbose_name=gettext_lazy("ended at"))

    objects = MembershipQuerySet.as_manager()

    class Meta:
        ordering = ["club", "player__name"]
        verbose_name = gettext_lazy("membership")
        verbose_name_plural = gettext_lazy("memberships")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "player"], name="clubs_membership_one_per_club"
            ),
            models.CheckConstraint(
                condition=Q(role__in=["admin", "referee", "player"]),
                name="clubs_membership_role_valid",
            ),
            models.CheckConstraint(condition=Q(is_active=False) | Q(ended_at__isnull=True),
                                   name="clubs_membership_current_has_no_end"),
        ]

    def __str__(self) -> str:
        return gettext("%(player)s in %(club)s (%(role)s)") % {
            "player": self.player, "club": self.club, "role": self.get_role_display()}


WRITER_ROLES = (Membership.Role.ADMIN, Membership.Role.REFEREE)
