"""Notify people of an event: a row on the site and a mail through the outbox, once per
event and person, never to whoever caused it, and not for a kind they turned off."""

from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.services.mail import mail_queue
from notifications.models import Kind, MutedKind, Notification


def notify(*, key: str, kind: str, users: Iterable, text: str, url: str = "",
           body: str = "", actor=None, club_id: int | None = None, site_url: str = ""
           ) -> list[Notification]:
    """``key`` names the event (e.g. ``report:12``); each user gets it at most once."""
    recipients = {u.pk: u for u in users if u is not None and u.is_active}
    if actor is not None:
        recipients.pop(actor.pk, None)
    muted = set(MutedKind.objects.filter(user_id__in=recipients, kind=kind)
                .values_list("user_id", flat=True))
    made = []
    for user_id, user in recipients.items():
        if user_id in muted:
            continue
        try:
            with transaction.atomic():
                note = Notification.objects.create(user=user, kind=kind, key=key,
                                                   text=text[:300], url=url)
        except IntegrityError:
            continue  # told already
        made.append(note)
        if user.email:
            link = f"\n\n{site_url.rstrip('/')}{url}" if url and site_url else ""
            mail_queue(key=f"notify:{key}:{user_id}", to=user.email, kind=kind,
                       subject=text[:200], body=(body or text) + link, club_id=club_id)
    return made


def notifications_read(*, user, ids=None) -> int:
    rows = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        rows = rows.filter(pk__in=list(ids))
    return rows.update(read_at=timezone.now())


@transaction.atomic
def notification_kinds_set(*, user, enabled: Iterable[str]) -> None:
    """Turn on exactly the ``enabled`` kinds (unknown names are ignored by the form)."""
    enabled = set(enabled)
    MutedKind.objects.filter(user=user).delete()
    MutedKind.objects.bulk_create(MutedKind(user=user, kind=kind) for kind in Kind.values
                                  if kind not in enabled)


def personal_data_erase(*, user, player=None) -> None:
    """A closed login's notifications and settings go (accounts.services.closing)."""
    Notification.objects.filter(user=user).delete()
    MutedKind.objects.filter(user=user).delete()
