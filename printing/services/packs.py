"""The kept PDFs: each printable thing, in one version and one language, is made once and
kept (``PrintPack``) until what it prints changes (its version is in the key: the next
request makes a new pack and drops the older ones of the same thing). A small one is made
while the request waits; a big pack of scoresheets (more than ``PRINT_INLINE_SHEETS``) is
made by the worker, part by part, with its progress on the pack."""

import logging
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone, translation

from config.site import request_site, site_kept
from ops.outage import enqueue_on_commit
from printing.models import PrintPack
from printing.selectors import Printable, contents_of, inline_limit, printable_again
from printing.services.pdf import cjk_font_present, pdf_render_parts

log = logging.getLogger(__name__)
Status = PrintPack.Status


def pack_subject(printable: Printable, language: str) -> str:
    """What a pack prints, in which language, whatever its version."""
    return f"{printable.subject}:{language}"


def pack_key(printable: Printable, language: str) -> str:
    return f"{pack_subject(printable, language)}:{printable.version}"


def print_pack_get(*, printable: Printable, language: str, user=None) -> PrintPack:
    """The pack of ``printable`` in ``language``: the kept one, else made now (small), else
    queued for the worker (then its status is ``queued`` and the caller answers 202)."""
    key = pack_key(printable, language)
    pack = PrintPack.objects.filter(key=key).defer("pdf").first()
    if pack is not None and pack.status != Status.FAILED:
        if pack.status != Status.DONE and _stale(pack):
            # Never sent (the broker was down) or lost with its worker: sent again.
            PrintPack.objects.filter(pk=pack.pk).update(created_at=timezone.now())
            print_pack_enqueue(pack_id=pack.pk)
        return pack
    inline = printable.parts <= inline_limit()
    if pack is None:
        try:
            with transaction.atomic():
                pack = PrintPack.objects.create(
                    key=key, subject=pack_subject(printable, language), club=printable.club,
                    what=printable.what, language=language,
                    # The site the QR codes link to: the request's (a worker has none).
                    params={**printable.params, "site": request_site()},
                    total=printable.parts, requested_by=user if _saved(user) else None)
        except IntegrityError:  # made at the same moment by another request: that one
            return PrintPack.objects.defer("pdf").get(key=key)
    else:  # failed before: try again
        PrintPack.objects.filter(pk=pack.pk).update(status=Status.QUEUED, done=0, error="")
    if inline:
        return print_pack_make(pack_id=pack.pk)
    print_pack_enqueue(pack_id=pack.pk)
    pack.refresh_from_db(fields=["status", "done", "error"])
    return pack


def print_pack_enqueue(*, pack_id: int) -> None:
    """Send the pack to the worker once the transaction commits. The task is found by its
    name: the tasks import this module, so importing them back would be a cycle."""
    enqueue_on_commit(current_app.tasks["printing.tasks.print_pack_make_task"], pack_id)


def _stale(pack: PrintPack) -> bool:
    limit = timedelta(seconds=settings.PRINT_PACK_STALE_SECONDS)
    return pack.created_at < timezone.now() - limit


def _saved(user) -> bool:
    return bool(user is not None and getattr(user, "pk", None))


def print_pack_make(*, pack_id: int) -> PrintPack:
    """Make the pack's PDF (idempotent: a pack already made is left as it is). Claimed by a
    conditional update, so a redelivered task does not make it twice at once."""
    claimed = PrintPack.objects.filter(pk=pack_id, status__in=(Status.QUEUED, Status.RUNNING)
                                       ).update(status=Status.RUNNING)
    pack = PrintPack.objects.get(pk=pack_id)
    if not claimed:
        return pack
    try:
        printable = printable_again(what=pack.what, params=pack.params)
        with translation.override(pack.language), site_kept(pack.params.get("site", "")):
            if pack.language == "ja":
                cjk_font_present()  # logs once when the font is missing
            contexts = contents_of(printable)
            total = sum(len(c.get("sheets", ())) for c in contexts) or len(contexts)
            PrintPack.objects.filter(pk=pack_id).update(total=total, done=0)
            per_part = [len(c.get("sheets", ())) or 1 for c in contexts]

            def progress(parts_done: int) -> None:
                PrintPack.objects.filter(pk=pack_id).update(done=sum(per_part[:parts_done]))

            pdf, pages = pdf_render_parts(template=printable.template, contexts=contexts,
                                          on_part=progress)
    except Exception as exc:
        log.exception("printing: pack %s failed", pack_id)
        PrintPack.objects.filter(pk=pack_id).update(status=Status.FAILED, error=str(exc)[:500])
        return PrintPack.objects.get(pk=pack_id)
    with transaction.atomic():
        PrintPack.objects.filter(pk=pack_id).update(
            status=Status.DONE, pdf=pdf, pages=pages, done=total, total=total,
            finished_at=timezone.now())
        # The packs of older versions of the same thing: never served again.
        PrintPack.objects.filter(subject=pack.subject).exclude(key=pack.key).exclude(
            status__in=(Status.QUEUED, Status.RUNNING)).delete()
    return PrintPack.objects.get(pk=pack_id)
