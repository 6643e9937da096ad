"""Who may follow a match changed: the sockets of that login ask again at once (the pushes
themselves ask only every ``LIVE_SOCKET_RECHECK_SECONDS``). A membership ended or removed,
or a login closed, closes its open boards' sockets within a moment, not at their next
look."""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from clubs.models import Membership, Player
from live.services import live_viewer_recheck


def _recheck_after_commit(user_id: int | None) -> None:
    if user_id is not None:
        transaction.on_commit(lambda: live_viewer_recheck(user_id=user_id), robust=True)


@receiver(post_save, sender=Membership, dispatch_uid="live.membership_saved")
@receiver(post_delete, sender=Membership, dispatch_uid="live.membership_deleted")
def membership_changed(sender, instance: Membership, created: bool = False, **kwargs) -> None:
    if not created:  # the login by id, without loading the player
        _recheck_after_commit(Player.objects.filter(pk=instance.player_id)
                              .values_list("user_id", flat=True).first())


@receiver(post_save, sender=get_user_model(), dispatch_uid="live.login_saved")
def login_saved(sender, instance, created: bool, **kwargs) -> None:
    if not created and not instance.is_active:
        _recheck_after_commit(instance.pk)
