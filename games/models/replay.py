"""A user's replay viewer setting: how the board is drawn (seed 002's board direction)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy


class ReplaySetting(models.Model):
    """Remembered per user; anonymous visitors keep the same two values in their session."""

    class Home(models.TextChoices):
        RIGHT = "right", gettext_lazy("Home board bottom right")
        LEFT = "left", gettext_lazy("Home board bottom left")

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="replay_setting", verbose_name=gettext_lazy("user"))
    home = models.CharField(max_length=5, choices=Home.choices, default=Home.RIGHT,
                            verbose_name=gettext_lazy("home"))
    switch_sides = models.BooleanField(
        default=False, help_text=gettext_lazy("Switch the board's direction after each game."),
        verbose_name=gettext_lazy("switch sides"))

    class Meta:
        verbose_name = gettext_lazy("replay setting")
        verbose_name_plural = gettext_lazy("replay settings")

    def __str__(self) -> str:
        return f"{self.user}: {self.get_home_display()}"
