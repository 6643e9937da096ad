"""The ratings app's receivers (connected in ``RatingsConfig.ready``).

- A change to a club's finished matches (``results.signals.finished_matches_changed``)
  marks its ratings stale from that match on and queues the recompute, once the writer's
  transaction commits: the receiver only registers that step with ``on_commit``.
- Cache invalidation only (STYLE.md §10): a renamed player's name leaves the cached tables.
  The rating pages cache their tables per version of the club's ratings; a player's name is
  in them (lists, leaderboards, head-to-head, player pages), so saving a player (a rename in
  the admin) starts a new version in each of their clubs. A rename by ``QuerySet.update``
  sends no signal: call ``ratings_names_changed`` after it.
"""

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from clubs.models import Player
from ratings.services.updates import ratings_names_changed, ratings_recompute_request
from results.signals import finished_matches_changed


@receiver(finished_matches_changed, dispatch_uid="ratings.finished_matches_changed")
def finished_matches_changed_mark(sender, *, club_id: int | None, at, match_id: int,
                                  **kwargs) -> None:
    if club_id is None:
        return  # organised by a federation: no club's list holds it
    transaction.on_commit(lambda: ratings_recompute_request(
        club_id=club_id, from_at=at, from_match_id=match_id))


@receiver(post_save, sender=Player, dispatch_uid="ratings.player_saved_names")
def player_saved(sender, instance: Player, created: bool, update_fields=None, **kwargs) -> None:
    if created or (update_fields is not None and "name" not in update_fields):
        return  # a new player is in no cached table yet
    ratings_names_changed(player_id=instance.pk)
