"""Cache invalidation only (STYLE.md §10), as ``clubs.signals`` does for memberships: a
club's days in a federation and a rated-match policy decide what a club's kept pages say
(each match's "rated" or "not rated", the notices before play) and who the national lists
list; a federation's name is in those notices. Any write of them, the services' or the
admin's, gives the clubs concerned a new stamp (and the lists across clubs, the national
lists' pages and API among them, a new site stamp: ``ops.pagecache``). The services bump
the same stamps themselves too.
"""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from ops.pagecache import club_stamp_bump

from .models import Federation, FederationClub, RatedPolicy


def _clubs_of(federation_id: int) -> list[int]:
    """Every club that ever applied (a club that left still shows its past matches)."""
    return list(FederationClub.objects.filter(federation_id=federation_id)
                .values_list("club_id", flat=True).distinct())


@receiver(post_save, sender=FederationClub, dispatch_uid="federations.club_link_saved_pages")
@receiver(post_delete, sender=FederationClub,
          dispatch_uid="federations.club_link_deleted_pages")
def club_link_changed(sender, instance: FederationClub, **kwargs) -> None:
    club_stamp_bump([instance.club_id])


@receiver(post_save, sender=RatedPolicy, dispatch_uid="federations.policy_saved_pages")
@receiver(post_delete, sender=RatedPolicy, dispatch_uid="federations.policy_deleted_pages")
def policy_changed(sender, instance: RatedPolicy, **kwargs) -> None:
    """A club's narrowing: its pages; a federation's policy: every club that ever applied."""
    if instance.club_id is not None:
        club_stamp_bump([instance.club_id])
    else:
        club_stamp_bump(_clubs_of(instance.federation_id))


@receiver(post_save, sender=Federation, dispatch_uid="federations.federation_saved_pages")
def federation_changed(sender, instance: Federation, created: bool, **kwargs) -> None:
    """Its name is in its clubs' notices and verdicts ("<federation>: rated")."""
    if not created:
        club_stamp_bump(_clubs_of(instance.pk))
