"""Cache invalidation only (STYLE.md §10): a renamed player's name leaves the cached tables.

The rating pages cache their tables per version of the club's ratings; a player's name is in
them (lists, leaderboards, head-to-head, player pages), so saving a player (a rename in the
admin) starts a new version in each of their clubs. A rename by ``QuerySet.update`` sends no
signal: call ``ratings_names_changed`` after it.
"""

from django.db.models.signals import post_save
from django.dispatch import receiver

from clubs.models import Player
from ratings.services import ratings_names_changed


@receiver(post_save, sender=Player, dispatch_uid="clubs.player_saved_ratings_names")
def player_saved(sender, instance: Player, created: bool, update_fields=None, **kwargs) -> None:
    if created or (update_fields is not None and "name" not in update_fields):
        return  # a new player is in no cached table yet
    ratings_names_changed(player_id=instance.pk)
