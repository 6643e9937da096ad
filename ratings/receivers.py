"""The ratings app's receivers (connected in ``RatingsConfig.ready``).

- A change to a club's finished matches (``results.signals.finished_matches_changed``)
  marks its ratings stale from that match on and queues the recompute, once the writer's
  transaction commits: the receiver only registers that step with ``on_commit``.
- The same change marks the national list of every federation that may hold the match
  (its organiser's, and those of the players' clubs' federations), and a policy, a member
  club's days or a federation's formula marks its list from the start.
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
from federations.models import Federation, FederationClub, RatedPolicy
from ratings.models import Pool
from ratings.services.national import federations_of_clubs
from ratings.services.national_marks import national_recompute_request
from ratings.services.updates import ratings_names_changed, ratings_recompute_request
from results.signals import finished_matches_changed


@receiver(finished_matches_changed, dispatch_uid="ratings.finished_matches_changed")
def finished_matches_changed_mark(sender, *, club_id: int | None, at, match_id: int,
                                  federation_id: int | None = None,
                                  player_club_ids: tuple = (), **kwargs) -> None:
    def mark() -> None:
        if club_id is not None:  # organised by a federation: no club's list holds it
            ratings_recompute_request(club_id=club_id, from_at=at, from_match_id=match_id)
        _national_lists_mark(federation_id, player_club_ids, at, match_id)

    transaction.on_commit(mark)


def _national_lists_mark(federation_id, player_club_ids, at, match_id) -> None:
    """The national lists that may hold the match: its organiser's, and those of every
    federation either player's club ever belonged to."""
    federations = set(federations_of_clubs(player_club_ids))
    if federation_id is not None:
        federations.add(federation_id)
    for federation in sorted(federations):
        national_recompute_request(federation_id=federation, from_at=at,
                                   from_match_id=match_id)


def _national_list_replay(federation_id: int) -> None:
    transaction.on_commit(lambda: national_recompute_request(federation_id=federation_id))


@receiver(post_save, sender=RatedPolicy, dispatch_uid="ratings.rated_policy_saved")
def rated_policy_saved(sender, instance: RatedPolicy, **kwargs) -> None:
    """A policy decides which matches count: the lists it governs replay from the start."""
    if instance.federation_id:
        _national_list_replay(instance.federation_id)
    else:
        for federation in federations_of_clubs([instance.club_id]):
            _national_list_replay(federation)


@receiver(post_save, sender=FederationClub, dispatch_uid="ratings.federation_club_saved")
def federation_club_saved(sender, instance: FederationClub, **kwargs) -> None:
    """A club joined, left or had its days corrected: its matches enter or leave the list."""
    if instance.joined_on is not None:
        _national_list_replay(instance.federation_id)


@receiver(post_save, sender=Federation, dispatch_uid="ratings.federation_saved")
def federation_saved(sender, instance: Federation, created: bool, **kwargs) -> None:
    """Another formula or start rating: the replay sees it (``national_recompute``)."""
    pool = Pool.objects.filter(owner_kind=Pool.OwnerKind.FEDERATION,
                               federation_id=instance.pk).values_list(
        "formula", "start_rating").first()
    if pool is not None and pool != (instance.formula, instance.start_rating):
        _national_list_replay(instance.pk)


@receiver(post_save, sender=Player, dispatch_uid="ratings.player_saved_names")
def player_saved(sender, instance: Player, created: bool, update_fields=None, **kwargs) -> None:
    if created or (update_fields is not None and "name" not in update_fields):
        return  # a new player is in no cached table yet
    ratings_names_changed(player_id=instance.pk)
