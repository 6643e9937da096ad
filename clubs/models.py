"""Clubs, the people who play in them, and their roles."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse


class Club(models.Model):
    name = models.CharField(max_length=120, unique=True)
    slug = models.SlugField(max_length=60, unique=True)
    city = models.CharField(max_length=120, blank=True)
    currency = models.CharField(
        max_length=3, default="EUR", help_text="ISO 4217 code used for chouette stakes."
    )
    results_public = models.BooleanField(
        default=False,
        help_text="Anyone may see the club's match records and their rules checks "
                  "(otherwise only its members). Chouette money is always members-only.",
    )
    join_requests_open = models.BooleanField(
        "Open to requests to join", default=False,
        help_text="Signed-in visitors may ask to join; the club's admins approve or refuse.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:detail", kwargs={"slug": self.slug})


class Player(models.Model):
    """A person who plays; may or may not have a login."""

    name = models.CharField(max_length=120)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="player",
    )
    email = models.EmailField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A player in a club, with the one role they hold there."""

    class Role(models.TextChoices):
        ADMIN = "admin", "Club admin"
        REFEREE = "referee", "Referee"
        PLAYER = "player", "Player"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.PLAYER)
    is_active = models.BooleanField(default=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "player__name"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "player"], name="clubs_membership_one_per_club"
            ),
            models.CheckConstraint(
                condition=Q(role__in=["admin", "referee", "player"]),
                name="clubs_membership_role_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.club} ({self.get_role_display()})"
