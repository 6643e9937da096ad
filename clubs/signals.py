"""Cache invalidation only (STYLE.md §10): pages kept per version of what they show
(``ops.pagecache``) hold names and roles too. A renamed player, a membership made, changed
or ended, and the club's own row changed give the club a new stamp (and the lists across
clubs, the API's clubs and players, a new one). A rename by ``QuerySet.update`` sends no
signal: call ``ops.pagecache.club_stamp_bump`` after it.
"""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from clubs.language import club_language_remember
from clubs.models import Club, Membership, Player
from ops.pagecache import club_stamp_bump


@receiver(post_save, sender=Player, dispatch_uid="clubs.player_saved_pages")
def player_saved_pages(sender, instance: Player, created: bool, update_fields=None,
                       **kwargs) -> None:
    if update_fields is not None and not {"name", "user"} & set(update_fields):
        return  # the pages show the name, and the manage page whether there is a login
    # A new player is in no club's page yet, but in the API's list of players.
    club_stamp_bump([] if created else Membership.objects.filter(player_id=instance.pk)
                    .values_list("club_id", flat=True))


@receiver(post_save, sender=Club, dispatch_uid="clubs.club_saved_pages")
def club_saved_pages(sender, instance: Club, **kwargs) -> None:
    club_stamp_bump([instance.pk])  # its name, city, currency are on its pages
    club_language_remember(instance)


@receiver(post_save, sender=Membership, dispatch_uid="clubs.membership_saved_pages")
@receiver(post_delete, sender=Membership, dispatch_uid="clubs.membership_deleted_pages")
def membership_changed(sender, instance: Membership, **kwargs) -> None:
    club_stamp_bump([instance.club_id])
