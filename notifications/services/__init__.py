"""Notify people of an event: a row on the site and a mail through the outbox, once per
event and person, never to whoever caused it, and not for a kind they turned off.

The mail names the thing in a short subject and links to the page where the reader acts
(an absolute link on the site that sent it: ``config.site.site_url``), as plain
text and as HTML.

Each person is told in their own language (``recipient_language``: their choice, else the
club's, else the site's), not the one active where the event happened (a worker's): the
texts are given as ``StoredText`` sentences (``config.texts``), rendered for each
recipient, and the site's row keeps the sentences so its reader sees it in theirs."""

from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy

from accounts.services.language import recipient_language
from accounts.services.mail import mail_queue
from config.site import site_url
from config.texts import render, stored
from notifications.models import Kind, MutedKind, Notification

#: A subject a mail client shows whole (RFC 5322 advises lines of at most 78 characters).
SUBJECT_LENGTH = 78


def short(text: str, limit: int = SUBJECT_LENGTH) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


#: The link's words when the caller gives none.
OPEN_IT = gettext_lazy("Open it on the site")


def notify(*, key: str, kind: str, users: Iterable, text, subject, url: str = "",
           action=OPEN_IT, body=None, actor=None,
           club_id: int | None = None) -> list[Notification]:
    """``key`` names the event (e.g. ``report:12``); each user gets it at most once.
    ``text`` is the line on the site, ``body`` the mail's text if longer (lines), ``action``
    what the link lets the reader do ("Confirm or dispute the result"). Each is a
    ``StoredText`` (or a list of them: ``text`` joined by spaces, ``body`` one per line),
    rendered in each recipient's language; a plain string is taken as it is."""
    recipients = {u.pk: u for u in users if u is not None and u.is_active}
    if actor is not None:
        recipients.pop(actor.pk, None)
    muted = set(MutedKind.objects.filter(user_id__in=recipients, kind=kind)
                .values_list("user_id", flat=True))
    made = []
    for user_id, user in recipients.items():
        if user_id in muted:
            continue
        with translation.override(recipient_language(user=user, club=club_id)):
            try:
                with transaction.atomic():
                    note = Notification.objects.create(
                        user=user, kind=kind, key=key, text=render(text)[:300],
                        message=stored(text), url=url)
            except IntegrityError:
                continue  # told already
            made.append(note)
            if user.email:
                plain, html = _mail_bodies(
                    kind=kind, subject=render(subject),
                    body=render(body, "\n") if body else render(text), url=url,
                    action=render(action))
                mail_queue(key=f"notify:{key}:{user_id}", to=user.email, kind=kind,
                           subject=short(render(subject)), body=plain, html_body=html,
                           club_id=club_id)
    return made


def _mail_bodies(*, kind: str, subject: str, body: str, url: str, action: str
                 ) -> tuple[str, str]:
    site = site_url()
    context = {"subject": short(subject), "body": body, "lines": body.splitlines(),
               "action": action, "link": site + (url or reverse("notifications:list")),
               "kind": str(Kind(kind).label), "site": site.split("://", 1)[-1],
               "settings_link": site + reverse("notifications:list")}
    return (render_to_string("notifications/mail/notice.txt", context),
            render_to_string("notifications/mail/notice.html", context))


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
